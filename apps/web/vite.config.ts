import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import {
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  type Plugin,
  type ProxyOptions,
} from 'vite';
import { QUERY_STATE_ELEMENT_ID } from './src/lib/query-state';

const API_ORIGIN = 'http://localhost:3000';

/** React and its DOM renderer, made ready apart from the app (`src/app/dom-renderer.ts`). */
const REACT_DOM = /(\/node_modules\/(react|react-dom|scheduler)\/|\/src\/app\/dom-renderer\.ts$)/;

// The browser's Host header passes through untouched, so the server's same-origin check on
// writes (Origin against its own host) accepts requests from the dev server.
const toApi: ProxyOptions = { target: API_ORIGIN, changeOrigin: false };

/**
 * The built page's first script: it starts the app once the page has loaded and painted, with the
 * pictures on screen (a page the server could not render, at once), and asks for the app's code
 * with the files it imports, all at once. It runs inside the page, so the page asks for no script
 * of its own before it paints. Written here as a function and sent as its source.
 */
function startTheAppOncePainted(appUrl: string, imports: string[], serverStateId: string) {
  const start = () => {
    for (const href of imports) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    // What the app imports (React's DOM renderer the largest) runs a task before the app.
    const nextTask = () => new Promise((resolve) => setTimeout(resolve));
    return imports
      .reduce<Promise<unknown>>(
        (before, href) => before.then(() => import(href)).then(nextTask),
        Promise.resolve(),
      )
      .then(() => import(appUrl));
  };
  const twoFramesLater = () =>
    requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(() => setTimeout(start))));
  // The page's load can come before its first paint, and a photo on screen may still be decoding
  // after both: the app waits for the paint and the photos, though never more than two seconds.
  const firstPaint = new Promise((resolve) =>
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve(undefined);
    }).observe({ type: 'paint', buffered: true }),
  );
  const pageShown = () =>
    Promise.race([
      Promise.all([
        firstPaint,
        ...Array.from(document.images, (image) =>
          image.getBoundingClientRect().top < window.innerHeight
            ? image.decode().catch(() => {})
            : undefined,
        ),
      ]),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]).then(twoFramesLater);
  if (!document.getElementById(serverStateId)) start();
  else if (document.readyState === 'complete') pageShown();
  else window.addEventListener('load', pageShown, { once: true });
}

/**
 * The built page's head, shaped for the first paint (decision 026): the styles and the icon inside
 * the page, so painting waits for no second request, and no script to fetch before it paints: the app's
 * code is asked for by a few lines inside the page, once it has loaded and painted. The server
 * allows that inline script by its hash (`apps/server/src/plugins/external/web-app.ts`).
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
      const entry = /<script type="module" crossorigin src="\/([^"]+\.js)"><\/script>/.exec(html);
      const app = entry && bundle?.[entry[1] ?? ''];
      if (!entry || app?.type !== 'chunk') {
        throw new Error('paint-first: the built page names no script of the bundle');
      }
      const icon = /<link rel="icon" type="image\/svg\+xml" href="\/(favicon\.svg)"\s*\/?>/.exec(
        html,
      );
      if (!icon) throw new Error('paint-first: the built page names no favicon.svg');
      const iconSvg = readFileSync(new URL(`./public/${icon[1]}`, import.meta.url), 'utf8');
      // Nothing asks for the file once its rules are in the page: not the page, and not the
      // pages loaded later, which would otherwise load the app's stylesheet along with it.
      delete bundle?.[stylesheet[1] ?? ''];
      app.viteMetadata?.importedCss.delete(stylesheet[1] ?? '');
      const loader = `(${startTheAppOncePainted.toString()})(${JSON.stringify(`/${app.fileName}`)}, ${JSON.stringify(app.imports.map((file) => `/${file}`))}, ${JSON.stringify(QUERY_STATE_ELEMENT_ID)});`;
      return (
        html
          .replace(stylesheet[0], () => `<style>${String(css.source)}</style>`)
          // The icon too: one request fewer while the page is loading.
          .replace(
            icon[0],
            () =>
              `<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,${encodeURIComponent(iconSvg.trim())}">`,
          )
          .replace(entry[0], () => `<script type="module">${loader}</script>`)
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
        // The page's head names no script: what the app imports is fetched with it, once the page
        // has painted, not ahead of the page's own pictures.
        modulePreload: {
          resolveDependencies: (_file, dependencies, { hostType }) =>
            hostType === 'html' ? [] : dependencies,
        },
        rolldownOptions: {
          output: {
            // Everything Home needs before it is interactive goes into the app's chunk, as one
            // file. Left to itself the bundler splits what the app shares with lazy pages
            // (React Router, the query client, buttons, icons, texts) into a dozen small
            // chunks, and each costs the visitor its own imports, exports and compression
            // (about 4 KB gzip together; decision 024). Pages still load on demand and import
            // what they share from it.
            codeSplitting: {
              groups: [
                { name: 'react-dom', test: REACT_DOM, priority: 2 },
                { name: 'app', tags: ['$initial'], priority: 1 },
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
