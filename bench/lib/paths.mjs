import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverDist = path.join(repoRoot, 'apps/server/dist');
export const serverMain = path.join(serverDist, 'main.js');
export const seedCli = path.join(serverDist, 'cli/seed.js');
export const webDist = path.join(repoRoot, 'apps/web/dist');
export const resultsDir = path.join(repoRoot, 'bench/results');

/** Imports a module of the built server (`apps/server/dist/...`). */
export const importServer = (relative) =>
  import(pathToFileURL(path.join(serverDist, relative)).href);

export function assertBuilt({ web = false } = {}) {
  const missing = [serverMain, seedCli, ...(web ? [path.join(webDist, 'index.html')] : [])].filter(
    (file) => !existsSync(file),
  );
  if (missing.length > 0) {
    console.error(`Not built: ${missing.join(', ')}\nRun \`npm run build\` first.`);
    process.exit(2);
  }
}
