#!/usr/bin/env node
/*
 * `node bench/saved-searches.mjs`: saved-search matching, apart from the load scenarios of
 * `npm run bench`. Seeds a fresh database, stores the saved searches, and times finding the
 * matches of newly approved listings. See docs/PERFORMANCE.md.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase, seed } from './lib/database.mjs';
import { ms } from './lib/format.mjs';
import { assertBuilt, resultsDir } from './lib/paths.mjs';
import { benchSavedSearchMatch } from './lib/saved-search-match.mjs';

const USAGE = `Usage: node bench/saved-searches.mjs [options]

PGlite in a fresh temporary DATA_DIR by default; with DATABASE_URL set, a new database is created
on that PostgreSQL server and dropped after the run.

  --searches N   saved searches stored (default 100000)
  --listings N   generated listings (default 20000)
  --samples N    listings whose matching is timed (default 50)
  --seed S       generator seed (default 1)
  --keep         keep the database after the run
  -h, --help     this help

Build the server first: npm run build -w packages/shared && npm run build -w apps/server`;

const { values: args } = parseArgs({
  options: {
    searches: { type: 'string', default: '100000' },
    listings: { type: 'string', default: '20000' },
    samples: { type: 'string', default: '50' },
    seed: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

assertBuilt();
mkdirSync(resultsDir, { recursive: true });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keyhaven-bench-searches-'));
const database = await createDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir,
  keep: args.keep,
});
try {
  console.log(`Saved-search matching on ${database.label}`);
  await seed(database, { listings: Number(args.listings), seedValue: Number(args.seed) });
  const result = await benchSavedSearchMatch(database, {
    searches: Number(args.searches),
    samples: Number(args.samples),
    seedValue: Number(args.seed),
    log: console.log,
  });
  for (const plan of result.plans) {
    console.log(`\n${plan.sql}\n${plan.plan.replace(/^/gm, '   ')}`);
  }
  console.log(
    `\nMatching one approved listing against ${result.searches.toLocaleString('en-US')} saved searches (${result.samples} listings): p50 ${ms(result.ms.p50)}, p95 ${ms(result.ms.p95)}, max ${ms(result.ms.max)}; matches per listing p50 ${result.matchesPerListing.p50}, p95 ${result.matchesPerListing.p95}, max ${result.matchesPerListing.max}.`,
  );
  const file = path.join(
    resultsDir,
    `saved-searches-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  writeFileSync(
    file,
    JSON.stringify({ database: database.label, machine: os.cpus().length, ...result }, null, 2),
  );
  console.log(`Report: ${file}`);
} finally {
  await database.drop();
  if (!args.keep) rmSync(dataDir, { recursive: true, force: true });
}
