import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import {
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  type Plugin,
  type ProxyOptions,
  type Rolldown,
} from 'vite';
import {
  APP_FAILED_EVENT,
  APP_FORM_ATTRIBUTE,
  APP_READY_EVENT,
  GETTING_READY_ATTRIBUTE,
  holdEarlyInteractions,
} from './src/app/early-interactions';
import { PAGE_FILES_ELEMENT_ID } from './src/app/page-files';
import { QUERY_STATE_ELEMENT_ID } from './src/lib/query-state';

const API_ORIGIN = 'http://localhost:3000';

/** React and its DOM renderer, made ready apart from the app (`src/app/dom-renderer.ts`). */
const REACT_DOM = /(\/node_modules\/(react|react-dom|scheduler)\/|\/src\/app\/dom-renderer\.ts$)/;

// The browser's Host header passes through untouched, so the server's same-origin check on
// writes (Origin against its own host) accepts requests from the dev server.
const toApi: ProxyOptions = { target: API_ORIGIN, changeOrigin: false };

/**
 * The built page's first script: it starts the app as soon as the page has painted (a page the
 * server could not render, at once), and asks for the app's code with the files it imports, all
 * at once. It runs inside the page, so the page asks for no script of its own before it paints;
 * what is clicked meanwhile is held by `holdEarlyInteractions`. Written here as a function and
 * sent as its source.
 */
function startTheAppOncePainted(
  appUrl: string,
  imports: string[],
  serverStateId: string,
  pageFilesId: string,
  failedEvent: string,
) {
  const preload = (href: string) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  };
  const start = () => {
    for (const href of imports) preload(href);
    // The page's own code too, a few files per task: starting thirty downloads at once would hold
    // a phone's main thread for about a hundred milliseconds.
    const pageFiles: string[] =
      JSON.parse(document.getElementById(pageFilesId)?.textContent ?? 'null')?.files ?? [];
    for (let first = 0; first < pageFiles.length; first += 4) {
      setTimeout(() => {
        for (const href of pageFiles.slice(first, first + 4)) preload(href);
      });
    }
    // What the app imports (React's DOM renderer the largest) runs a task before the app.
    const nextTask = () => new Promise((resolve) => setTimeout(resolve));
    return imports
      .reduce<Promise<unknown>>(
        (before, href) => before.then(() => import(href)).then(nextTask),
        Promise.resolve(),
      )
      .then(() => import(appUrl))
      .catch(() => document.dispatchEvent(new Event(failedEvent)));
  };
  if (!document.getElementById(serverStateId)) {
    start();
    return;
  }
  // The page paints first; the app's code is asked for the moment it has, so the page's
  // controls answer as soon as they can.
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(start));
  }).observe({ type: 'paint', buffered: true });
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
      const loader = `(${startTheAppOncePainted.toString()})(${JSON.stringify(`/${app.fileName}`)}, ${JSON.stringify(app.imports.map((file) => `/${file}`))}, ${JSON.stringify(QUERY_STATE_ELEMENT_ID)}, ${JSON.stringify(PAGE_FILES_ELEMENT_ID)}, ${JSON.stringify(APP_FAILED_EVENT)});`;
      const holder = `(${holdEarlyInteractions.toString()})(${JSON.stringify(APP_READY_EVENT)}, ${JSON.stringify(APP_FAILED_EVENT)}, ${JSON.stringify(APP_FORM_ATTRIBUTE)}, ${JSON.stringify(GETTING_READY_ATTRIBUTE)});`;
      if (!html.includes('<meta charset="UTF-8" />')) {
        throw new Error(
          'paint-first: the built page has no <meta charset> to put the holder after',
        );
      }
      return (
        html
          // Before anything of the page is parsed, so no click on it is ever lost.
          .replace('<meta charset="UTF-8" />', (charset) => `${charset}<script>${holder}</script>`)
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

/** How the router names each lazy page: `lazyPage(name, () => import(path))`. */
const LAZY_PAGE = /lazyPage\(\s*'([^']+)',\s*\(\)\s*=>\s*import\('([^']+)'\)/g;
/** Where the built code takes the manifest's address (browser) or the manifest (server). */
const MANIFEST_URL_PLACEHOLDER = /(["'`])__KEYHAVEN_PAGE_FILES_URL__\1/g;
const MANIFEST_PLACEHOLDER = /(["'`])__KEYHAVEN_PAGE_FILES__\1/g;
const MANIFEST_NAME = /^page-files-[\w-]+\.json$/;

/** Writes `value` (a string) over the one place `placeholder` stands in the bundle's code. */
function fillPlaceholder(bundle: Rolldown.OutputBundle, placeholder: RegExp, value: string) {
  const holders = Object.values(bundle).filter(
    (file): file is Rolldown.OutputChunk =>
      file.type === 'chunk' && (file.code.match(placeholder)?.length ?? 0) > 0,
  );
  const [holder] = holders;
  if (holders.length !== 1 || holder?.code.match(placeholder)?.length !== 1) {
    throw new Error(`page-files: ${placeholder.source} is not in the built code exactly once`);
  }
  holder.code = holder.code.replace(placeholder, () => JSON.stringify(value));
}

/**
 * The files each of the router's lazy pages needs beyond those the app starts with
 * (`src/app/page-files.ts` asks for them ahead of the page). The browser's build writes them to
 * `assets/page-files-[hash].json` and its address into the app; the server renderer's build,
 * which comes after it, writes the manifest itself into the renderer, which lists a rendered
 * page's files in the page for its loader. A router page without a chunk of its name fails the
 * build, so a renamed page file cannot silently lose its files.
 */
function pageFiles(): Plugin {
  const routerPages = new Map<string, string>();
  return {
    name: 'keyhaven:page-files',
    apply: 'build',
    // Reads the router as written, before any other plugin compiles it.
    enforce: 'pre',
    async transform(code, id) {
      if (this.environment.name !== 'client' || !id.endsWith('/src/app/router.tsx')) return;
      const named = [...code.matchAll(LAZY_PAGE)];
      if (named.length !== code.split('lazyPage(').length - 1) {
        throw new Error('page-files: write each router page as lazyPage(name, () => import(path))');
      }
      for (const [, name = '', source = ''] of named) {
        const resolved = await this.resolve(source, id);
        if (!resolved) throw new Error(`page-files: ${source} does not resolve`);
        routerPages.set(resolved.id, name);
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment.name === 'ssr') {
        const assets = path.resolve(this.environment.config.root, 'dist', 'assets');
        const built =
          existsSync(assets) && readdirSync(assets).find((file) => MANIFEST_NAME.test(file));
        if (!built) throw new Error("page-files: build the browser's bundle before the renderer");
        fillPlaceholder(
          bundle,
          MANIFEST_PLACEHOLDER,
          readFileSync(path.join(assets, built), 'utf8'),
        );
        return;
      }
      const chunks = Object.values(bundle).filter(
        (file): file is Rolldown.OutputChunk => file.type === 'chunk',
      );
      const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byFileName.get(fileName)?.imports ?? []) withImports(imported, into);
        return into;
      };
      const atStart = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) withImports(chunk.fileName, atStart);

      const files: string[] = [];
      const indexOf = new Map<string, number>();
      const pages: Record<string, number[]> = {};
      for (const chunk of chunks) {
        const name = chunk.facadeModuleId && routerPages.get(chunk.facadeModuleId);
        if (!chunk.isDynamicEntry || name === undefined || name === null) continue;
        if (name !== chunk.name) {
          throw new Error(
            `page-files: the router names ${chunk.facadeModuleId} ${name}, its chunk is ${chunk.name}`,
          );
        }
        pages[name] = [...withImports(chunk.fileName)]
          .filter((fileName) => !atStart.has(fileName))
          .map((fileName) => {
            let index = indexOf.get(fileName);
            if (index === undefined) {
              index = files.push(`/${fileName}`) - 1;
              indexOf.set(fileName, index);
            }
            return index;
          });
      }
      const missing = [...routerPages.values()].filter((name) => !(name in pages));
      if (missing.length > 0) throw new Error(`page-files: no chunk for ${missing.join(', ')}`);
      const manifest = this.emitFile({
        type: 'asset',
        name: 'page-files.json',
        source: JSON.stringify({ files, pages }),
      });
      fillPlaceholder(bundle, MANIFEST_URL_PLACEHOLDER, `/${this.getFileName(manifest)}`);
    },
  };
}

/** The built files a browser takes compressed: the scripts, styles and their manifests. */
const COMPRESSIBLE = /\.(js|css|json|svg)$/;

/**
 * Writes each built script and style beside itself compressed at the codings' best (`.br`,
 * `.gz`), once at build, for the server to send as they are (`preCompressed` in
 * `apps/server/src/plugins/external/web-app.ts`) instead of compressing them for every visitor.
 */
const precompressed: Plugin = {
  name: 'precompressed',
  apply: 'build',
  writeBundle(options, bundle) {
    if (this.environment.name !== 'client' || !options.dir) return;
    for (const file of Object.values(bundle)) {
      if (!COMPRESSIBLE.test(file.fileName)) continue;
      const bytes = Buffer.from(file.type === 'chunk' ? file.code : file.source);
      if (bytes.length < 1024) continue;
      const target = path.join(options.dir, file.fileName);
      writeFileSync(
        `${target}.br`,
        brotliCompressSync(bytes, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
      );
      writeFileSync(`${target}.gz`, gzipSync(bytes, { level: zlibConstants.Z_BEST_COMPRESSION }));
    }
  },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), paintFirst, pageFiles(), precompressed],
  resolve: {
    // Resolve @keyhaven/shared to its TypeScript sources so the web build never
    // depends on a stale `packages/shared/dist`.
    conditions: ['source', ...defaultClientConditions],
    tsconfigPaths: true,
  },
  // The server's renderer (`vite build --ssr src/entry-server.tsx`) reads the same sources, but
  // takes @keyhaven/shared from the server that loads it: one copy of its schemas in the process.
  // A second copy registered every schema's OpenAPI name again, and the API document, asked for
  // after a page had been rendered, failed on the duplicate names.
  ssr: {
    external: ['@keyhaven/shared'],
    resolve: { conditions: ['source', ...defaultServerConditions] },
  },
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
