import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import {
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  type Plugin,
  type ProxyOptions,
} from 'vite';

const API_ORIGIN = 'http://localhost:3000';

/** The page's first script (main.tsx), alone in its chunk with the inlined stylesheet. */
const FIRST_SCRIPT = /(\/index\.html|\/src\/main\.tsx)$/;
/**
 * What the first script shares with the app: the helper that loads a chunk with what it needs,
 * and where the page keeps its data. Apart, because a chunk that imports from the first script's
 * own would also be handed its stylesheet to load again.
 */
const SHARED_WITH_FIRST_SCRIPT =
  /(vite\/(modulepreload-polyfill|preload-helper)\.js|\/src\/lib\/query-state\.ts)$/;

// The browser's Host header passes through untouched, so the server's same-origin check on
// writes (Origin against its own host) accepts requests from the dev server.
const toApi: ProxyOptions = { target: API_ORIGIN, changeOrigin: false };

/**
 * The built page's head, shaped for the first paint (decision 026): the styles inside the page, so
 * painting waits for no second request, and the first script fetched after everything the page
 * shows, since all it does is wait for the page to load.
 */
const paintFirst: Plugin = {
  name: 'keyhaven:paint-first',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { bundle }) {
      const stylesheet = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/.exec(html);
      const css = stylesheet && bundle?.[stylesheet[1] ?? ''];
      if (!stylesheet || css?.type !== 'asset') {
        throw new Error('paint-first: the built page names no stylesheet of the bundle');
      }
      if (/<\/style/i.test(String(css.source))) {
        throw new Error('paint-first: the stylesheet would end the <style> element early');
      }
      // Nothing asks for the file once its rules are in the page.
      delete bundle?.[stylesheet[1] ?? ''];
      return html
        .replace(stylesheet[0], () => `<style>${String(css.source)}</style>`)
        .replace(
          '<script type="module" crossorigin',
          '<script type="module" fetchpriority="low" crossorigin',
        );
    },
  },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), paintFirst],
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
        // The page's head names its first script only: what that script imports is fetched when
        // it runs, after the page has painted, not ahead of the page's own pictures.
        modulePreload: {
          resolveDependencies: (_file, dependencies, { hostType }) =>
            hostType === 'html' ? [] : dependencies,
        },
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
                { name: 'index', test: FIRST_SCRIPT, priority: 1 },
                { name: 'boot', test: SHARED_WITH_FIRST_SCRIPT, priority: 2 },
                {
                  name: 'app',
                  tags: ['$initial'],
                  test: (id) => !FIRST_SCRIPT.test(id) && !SHARED_WITH_FIRST_SCRIPT.test(id),
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
