import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import {
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  type ProxyOptions,
} from 'vite';

const API_ORIGIN = 'http://localhost:3000';

/** The page's first script (main.tsx) and what it needs; everything else waits for the app. */
const LOADER_MODULES =
  /(\/index\.html|\/src\/main\.tsx|\/src\/lib\/query-state\.ts|vite\/(modulepreload-polyfill|preload-helper)\.js)$/;

// The browser's Host header passes through untouched, so the server's same-origin check on
// writes (Origin against its own host) accepts requests from the dev server.
const toApi: ProxyOptions = { target: API_ORIGIN, changeOrigin: false };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // Resolve @keyhaven/shared to its TypeScript sources so the web build never
    // depends on a stale `packages/shared/dist`.
    conditions: ['source', ...defaultClientConditions],
    tsconfigPaths: true,
  },
  // The server's renderer (`vite build --ssr src/entry-server.tsx`) reads the same sources.
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // Two starts: the page's small first script (index.html's `main.tsx`), and the app
          // (`start-app.tsx`) that script imports once the page has painted (decision 026).
          input: { index: 'index.html', 'start-app': 'src/start-app.tsx' },
          output: {
            // Everything Home needs before it is interactive goes into the app's chunk, as one
            // file. Left to itself the bundler splits what the app shares with lazy pages
            // (React Router, the query client, buttons, icons, texts) into a dozen small
            // chunks, and each costs the visitor its own imports, exports and compression
            // (about 4 KB gzip together; decision 024). Pages still load on demand and import
            // what they share from it. The first script keeps its few modules to itself.
            codeSplitting: {
              groups: [
                { name: 'index', test: LOADER_MODULES, priority: 1 },
                {
                  name: 'app',
                  tags: ['$initial'],
                  test: (id) => !LOADER_MODULES.test(id),
                },
              ],
            },
          },
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': toApi,
      '/auth': toApi,
      // `/properties` itself is a client-side redirect; only the API lives below it.
      '/properties/': toApi,
      '/uploads': toApi,
      // The basemap's style and layers come from the server too.
      '/map/': toApi,
      '/healthz': toApi,
      '/readyz': toApi,
    },
  },
});
