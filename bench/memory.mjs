#!/usr/bin/env node
/*
 * `npm run bench:memory`: the memory of the embedded server as `npm start` runs it. Starts the
 * built server on a fresh PGlite data directory with the demo seed, reads its RSS once it
 * answers, drives a fixed workload (visitors searching, a signed-in buyer browsing, a listing
 * page, the health check) and reads the peak (VmHWM: the most the process ever held, seed
 * included). See docs/PERFORMANCE.md, "Memory of the embedded server".
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { mb } from './lib/format.mjs';
import { assertBuilt, resultsDir } from './lib/paths.mjs';
import { POPULAR_SEARCHES, runScenario } from './lib/scenarios.mjs';
import { startServer } from './lib/server.mjs';

const USAGE = `Usage: npm run bench:memory -- [--duration S] [--connections C]

Starts apps/server/dist/main.js on a fresh PGlite DATA_DIR with the demo seed, prints its RSS
after start and its peak RSS (VmHWM) after the workload, and whether each is under its target.

  --duration S      seconds of each workload step (default 5)
  --connections C   concurrent connections (default 20)
  -h, --help        this help`;

/** What a small host can give the demo server; docs/PERFORMANCE.md explains the choice. */
const TARGETS = { rssAfterStartBytes: 250 * 1024 * 1024, peakBytes: 400 * 1024 * 1024 };

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const duration = Number(args.duration);

/** CPU seconds the process has used (user + system), from /proc. */
function cpuSecondsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
const connections = Number(args.connections);

assertBuilt();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keyhaven-memory-'));
let server;
try {
  const since = performance.now();
  server = await startServer({
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    logFile: path.join(resultsDir, 'server-memory.log'),
    // As `npm start` runs it (NODE_ENV unset); production never seeds the demo marketplace.
    nodeEnv: 'development',
    seedDemo: true,
  });
  const startSeconds = (performance.now() - since) / 1000;
  const afterStart = server.memory();
  console.log(
    `Started with the demo seed in ${startSeconds.toFixed(1)} s: RSS ${mb(afterStart.rss)}, peak so far ${mb(afterStart.hwm)}`,
  );

  const login = await fetch(`${server.baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'buyer1@keyhaven.test', password: 'Buyer123' }),
  });
  if (!login.ok) throw new Error(`the demo buyer could not sign in: ${login.status}`);
  const { token } = await login.json();
  const listings = await (await fetch(`${server.baseUrl}/properties/search?limit=20`)).json();
  const signedIn = { authorization: `Bearer ${token}` };

  const workload = [
    ['health check', [{ path: '/healthz' }]],
    ['searches', POPULAR_SEARCHES.map((search) => ({ path: search }))],
    [
      'signed-in browsing',
      [1, 2, 3].map((page) => ({
        path: `/api/all-properties?page=${page}`,
        headers: signedIn,
      })),
    ],
    [
      'listing pages',
      listings.map((listing) => ({ path: `/api/properties/${listing._id}`, headers: signedIn })),
    ],
  ];
  for (const [title, requests] of workload) {
    const cpuBefore = cpuSecondsOf(server.pid);
    const result = await runScenario({ baseUrl: server.baseUrl, connections, duration, requests });
    if (server.exited) throw new Error(`the server died during ${title}`);
    // CPU per request says what a setting costs even when other processes share the cores.
    const cpuPerRequest = (cpuSecondsOf(server.pid) - cpuBefore) / result.requests;
    console.log(
      `${title}: ${Math.round(result.rps)} req/s, ${(cpuPerRequest * 1e6).toFixed(0)} µs of server CPU a request, errors ${result.errors}${result.errors ? ` (${JSON.stringify(result.statusCodes)})` : ''}, RSS ${mb(server.memory().rss)}`,
    );
  }

  const end = server.memory();
  const verdict = (value, target) => (value < target ? 'under' : 'OVER');
  console.log(
    `\nRSS after start: ${mb(afterStart.rss)} (${verdict(afterStart.rss, TARGETS.rssAfterStartBytes)} the ${mb(TARGETS.rssAfterStartBytes)} target)`,
  );
  console.log(
    `Peak RSS (VmHWM) through start, seed and workload: ${mb(end.hwm)} (${verdict(end.hwm, TARGETS.peakBytes)} the ${mb(TARGETS.peakBytes)} target)`,
  );
  console.log(`RSS at the end: ${mb(end.rss)}`);
  process.exitCode =
    afterStart.rss < TARGETS.rssAfterStartBytes && end.hwm < TARGETS.peakBytes ? 0 : 1;
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
