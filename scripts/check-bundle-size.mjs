#!/usr/bin/env node
/*
 * Bundle-size budget for the built web app (run after `npm run build`).
 *
 * - Initial JavaScript: what the browser downloads before the home page is interactive: the
 *   module scripts and modulepreload links of apps/web/dist/index.html, the scripts its inline
 *   loader asks for once the page has painted, everything they import statically, and (if Home
 *   ever becomes a lazy route) Home's chunk with its static imports.
 *   Budget: 124 KB gzip in total (decisions 024, 058).
 * - Each route's own chunk (a lazily imported `*-page` or `*-layout` chunk): 50 KB gzip.
 *
 * Sizes are gzip at zlib's default level, as Vite's build report prints them; 1 KB = 1,000 bytes
 * (Vite's kB), so these numbers match the build output.
 * Exits 1 over budget, 2 when there is no build. `--json` prints the same as JSON.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: path.join(root, 'apps/web/dist') },
    'initial-kb': { type: 'string', default: '124' },
    'route-kb': { type: 'string', default: '50' },
    json: { type: 'boolean', default: false },
  },
});
const distDir = path.resolve(values.dist);
const INITIAL_BUDGET = Number(values['initial-kb']) * 1000;
const ROUTE_BUDGET = Number(values['route-kb']) * 1000;

const indexPath = path.join(distDir, 'index.html');
if (!existsSync(indexPath)) {
  console.error(`bundle size: ${indexPath} is missing; run \`npm run build\` first.`);
  process.exit(2);
}
const html = readFileSync(indexPath, 'utf8');

/** A URL from index.html ('/assets/x.js') or a relative import ('./x.js') to a dist file. */
const toFile = (url, fromFile) =>
  url.startsWith('/')
    ? path.join(distDir, url.split('?')[0])
    : path.resolve(path.dirname(fromFile), url.split('?')[0]);

const sizes = new Map();
function sizeOf(file) {
  let size = sizes.get(file);
  if (!size) {
    const bytes = readFileSync(file);
    size = { raw: bytes.length, gzip: gzipSync(bytes).length };
    sizes.set(file, size);
  }
  return size;
}

const STATIC_IMPORT =
  /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'`](\.\.?\/[^"'`]+\.js)["'`]/g;
const DYNAMIC_IMPORT = /import\(\s*["'`](\.\.?\/[^"'`]+\.js)["'`]\s*\)/g;

function importsOf(file, pattern) {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(pattern)].map((match) => toFile(match[1], file));
}

/** The files and every file they import statically, transitively. */
function staticClosure(files) {
  const seen = new Set();
  const queue = [...files];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file, STATIC_IMPORT));
  }
  return seen;
}

const attr = (tag, name) => tag.match(new RegExp(`\\b${name}="([^"]+)"`))?.[1];
const entryUrls = [];
for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
  if (attr(tag, 'type') === 'module' && attr(tag, 'src')) entryUrls.push(attr(tag, 'src'));
}
for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
  if (attr(tag, 'rel') === 'modulepreload' && attr(tag, 'href')) entryUrls.push(attr(tag, 'href'));
}
// The loader inside the page names the app's scripts it asks for once the page has painted.
for (const [, code] of html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)) {
  entryUrls.push(...[...code.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]));
}
const entryFiles = entryUrls.filter((url) => url.endsWith('.js')).map((url) => toFile(url));
if (entryFiles.length === 0) {
  console.error('bundle size: index.html names no script; has the loader changed?');
  process.exit(2);
}
const initial = staticClosure(entryFiles);

// Every chunk loaded on demand, found from the dynamic imports of every reachable chunk.
const lazy = new Set();
const toVisit = [...initial];
const visited = new Set();
while (toVisit.length > 0) {
  const file = toVisit.pop();
  if (visited.has(file) || !existsSync(file)) continue;
  visited.add(file);
  for (const target of [...importsOf(file, DYNAMIC_IMPORT), ...importsOf(file, STATIC_IMPORT)]) {
    if (!initial.has(target)) lazy.add(target);
    toVisit.push(target);
  }
}
for (const file of [...lazy]) if (initial.has(file)) lazy.delete(file);

/** A chunk's name without its content hash: `all-properties-page--VIj1Pdr.js` -> `all-properties-page`. */
const chunkName = (file) => path.basename(file).replace(/-[\w-]{8}\.js$/, '');
const isRoute = (file) => /-(page|layout)$/.test(chunkName(file));

// Home is eager today (part of the entry chunk). If it becomes a lazy route, what it needs counts too.
const dynamicTargets = new Set([...visited].flatMap((file) => importsOf(file, DYNAMIC_IMPORT)));
const homeChunks = [...dynamicTargets].filter((file) => chunkName(file) === 'home-page');
const homeExtra = [...staticClosure(homeChunks)].filter((file) => !initial.has(file));
const initialAll = [...initial, ...homeExtra];

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const rel = (file) => path.relative(distDir, file);
const initialGzip = initialAll.reduce((sum, file) => sum + sizeOf(file).gzip, 0);
const initialRaw = initialAll.reduce((sum, file) => sum + sizeOf(file).raw, 0);
const routes = [...dynamicTargets]
  .filter((file) => isRoute(file) && !initial.has(file))
  .map((file) => ({ file, ...sizeOf(file) }))
  .sort((a, b) => b.gzip - a.gzip);
const overRoutes = routes.filter((route) => route.gzip > ROUTE_BUDGET);
const initialOver = initialGzip > INITIAL_BUDGET;

if (values.json) {
  console.log(
    JSON.stringify(
      {
        initial: {
          gzipBytes: initialGzip,
          rawBytes: initialRaw,
          budgetBytes: INITIAL_BUDGET,
          files: initialAll.map((file) => ({ file: rel(file), ...sizeOf(file) })),
        },
        routes: routes.map((r) => ({ file: rel(r.file), raw: r.raw, gzip: r.gzip })),
        routeBudgetBytes: ROUTE_BUDGET,
        ok: !initialOver && overRoutes.length === 0,
      },
      null,
      2,
    ),
  );
} else {
  console.log(
    `Initial JavaScript (index.html's scripts + modulepreloads + what its loader asks for + static imports${homeExtra.length ? ' + Home route' : ''}):`,
  );
  for (const file of [...initialAll].sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip)) {
    console.log(
      `  ${kb(sizeOf(file).gzip).padStart(9)} gzip  ${kb(sizeOf(file).raw).padStart(9)} raw  ${rel(file)}`,
    );
  }
  console.log(
    `  ${kb(initialGzip).padStart(9)} gzip  ${kb(initialRaw).padStart(9)} raw  total, budget ${kb(INITIAL_BUDGET)} gzip: ${initialOver ? `OVER by ${kb(initialGzip - INITIAL_BUDGET)}` : 'ok'}`,
  );
  console.log(`Route chunks (each under ${kb(ROUTE_BUDGET)} gzip):`);
  for (const route of routes) {
    const flag = route.gzip > ROUTE_BUDGET ? `OVER by ${kb(route.gzip - ROUTE_BUDGET)}` : 'ok';
    console.log(
      `  ${kb(route.gzip).padStart(9)} gzip  ${kb(route.raw).padStart(9)} raw  ${rel(route.file)}  ${flag}`,
    );
  }
}

if (initialOver || overRoutes.length > 0) {
  const problems = [
    ...(initialOver ? [`initial JavaScript ${kb(initialGzip)} gzip > ${kb(INITIAL_BUDGET)}`] : []),
    ...overRoutes.map((r) => `${rel(r.file)} ${kb(r.gzip)} gzip > ${kb(ROUTE_BUDGET)}`),
  ];
  console.error(`bundle size: over budget: ${problems.join('; ')}`);
  process.exit(1);
}
console.log('bundle size: within budget');
