#!/usr/bin/env node
/*
 * No product source file over 600 lines (decision 045), run by `npm run lint`.
 *
 * A product file is a source file git tracks (.ts, .tsx, .mjs, .cjs, .js) under apps/<app>/src or
 * packages/<package>/src, tests aside: `*.test.*` and `*.spec.*` files and anything in a `test`,
 * `tests` or `e2e` folder. A file over the limit is split along its parts, each file one thing a
 * newcomer can read whole. Exits 1 naming every offender.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAX_LINES = 600;

/** Files allowed past the limit, each with the reason. */
const EXEMPT = new Map([
  [
    'apps/server/src/db/seed/exterior-scenes.ts',
    'seed data: the demo listings’ pictures, drawn as data, read by no one as code',
  ],
  [
    'apps/server/src/db/seed/demo-data.ts',
    'seed data: the demo marketplace’s people and homes, a table written out',
  ],
]);

const SOURCE = /\.(ts|tsx|mjs|cjs|js)$/;
const TEST_FILE = /\.(test|spec)\.[^/]+$/;
const TEST_FOLDER = /(^|\/)(test|tests|e2e)\//;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter(Boolean);

const isProduct = (file) =>
  /^(apps|packages)\/[^/]+\/src\//.test(file) &&
  SOURCE.test(file) &&
  !TEST_FILE.test(file) &&
  !TEST_FOLDER.test(file);

/** Lines as an editor numbers them: a last line break ends the last line, it starts none. */
function linesOf(file) {
  const text = readFileSync(path.join(root, file), 'utf8');
  if (text === '') return 0;
  const breaks = text.split('\n').length - 1;
  return text.endsWith('\n') ? breaks : breaks + 1;
}

const offenders = [];
for (const file of tracked) {
  // A file deleted in the working tree but not yet in git's index is no longer there to read.
  if (!isProduct(file) || EXEMPT.has(file) || !existsSync(path.join(root, file))) continue;
  const lines = linesOf(file);
  if (lines > MAX_LINES) offenders.push({ file, lines });
}
// An exemption for a file that is gone would let its name return unchecked.
const staleExemptions = [...EXEMPT.keys()].filter((file) => !tracked.includes(file));

if (offenders.length > 0) {
  offenders.sort((a, b) => b.lines - a.lines);
  console.error(
    `file size: ${offenders.length} product source file(s) over ${MAX_LINES} lines. Split each into files of one part each (decision 045):`,
  );
  for (const { file, lines } of offenders) {
    console.error(`  ${file}: ${lines} lines (${lines - MAX_LINES} over)`);
  }
}
if (staleExemptions.length > 0) {
  console.error('file size: exempt files that git no longer tracks; remove them from EXEMPT in');
  console.error(`  scripts/check-file-size.mjs: ${staleExemptions.join(', ')}`);
}
if (offenders.length > 0 || staleExemptions.length > 0) process.exit(1);
