#!/usr/bin/env node
/*
 * `npm run bench`: seeds a fresh database, starts the built server and drives it with autocannon.
 * See docs/PERFORMANCE.md. Not part of `npm test`.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase, seed } from './lib/database.mjs';
import { analyze, explainListQueries } from './lib/explain.mjs';
import { int, mb, ms, table } from './lib/format.mjs';
import { assertBuilt, resultsDir } from './lib/paths.mjs';
import { BROWSER_ACCEPT_ENCODING, runScenario, scenarios } from './lib/scenarios.mjs';
import { startServer } from './lib/server.mjs';

const USAGE = `Usage: npm run bench -- [options]

Seeds a fresh database, starts apps/server/dist/main.js and measures each scenario with
autocannon. PGlite in a fresh temporary DATA_DIR by default; with DATABASE_URL set, a new
database is created on that PostgreSQL server and dropped after the run.

  --listings N      generated listings (default 100000; 10000 with --quick)
  --duration S      seconds per scenario (default 10; 3 with --quick)
  --connections C   concurrent connections (default 50)
  --quick           10,000 listings, 3 s per scenario (under 2 minutes)
  --only a,b        run only these scenarios (names as printed; baseline always runs);
                    (details-visit: the four runs comparing view counting on and off)
  --seed S          generator seed (default 1)
  --no-explain      skip the EXPLAIN plans
  --keep            keep the database (and the PGlite directory) after the run
  --database NAME   with DATABASE_URL: this database on that server, kept; seeded by the first
                    run (with --listings) and reused as it is by later runs that ask for as many
                    listings or fewer (the million-listing comparables run seeds once)
  --log-level L     the server's LOG_LEVEL (default warn)
  --processes N     server processes sharing the port (WEB_CONCURRENCY, default 1); above 1
                    needs DATABASE_URL, and uses REDIS_URL (default redis://127.0.0.1:6379)
  --no-compression  ask for answers uncompressed (by default every request sends Chrome's
                    Accept-Encoding, as the site's visitors do; runs before 2026-11-29 did not)
  -h, --help        this help

Build first: npm run build (npm run bench does it for the server).`;

const { values: args } = parseArgs({
  options: {
    listings: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string', default: '50' },
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    seed: { type: 'string', default: '1' },
    'no-explain': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    database: { type: 'string' },
    'log-level': { type: 'string', default: 'warn' },
    processes: { type: 'string', default: '1' },
    'no-compression': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const listings = Number(args.listings ?? (args.quick ? 10_000 : 100_000));
const duration = Number(args.duration ?? (args.quick ? 3 : 10));
const connections = Number(args.connections);
const warmup = args.quick ? 1 : 2;
const only = args.only ? new Set(['baseline', ...args.only.split(',')]) : undefined;
const processes = Number(args.processes);
for (const [name, value] of Object.entries({ listings, duration, connections, processes })) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a positive whole number\n\n${USAGE}`);
    process.exit(2);
  }
}

if (args.database && !process.env.DATABASE_URL) {
  console.error('--database names a PostgreSQL database: set DATABASE_URL');
  process.exit(2);
}

if (processes > 1 && !process.env.DATABASE_URL) {
  console.error("--processes above 1 needs DATABASE_URL: the embedded database is one process's");
  process.exit(2);
}

assertBuilt();
mkdirSync(resultsDir, { recursive: true });
const startedAt = new Date();
const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
const step = (text) => console.log(`\n== ${text}`);
const elapsed = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keyhaven-bench-'));
const database = await createDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir,
  keep: args.keep,
  reuse: args.database,
});
const cpus = os.cpus();
console.log(
  `Keyhaven benchmark: ${int(listings)} listings on ${database.label}; ${connections} connections, ${duration} s per scenario${processes > 1 ? `, ${processes} server processes` : ''}; ${args['no-compression'] ? 'answers asked for uncompressed' : `Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}, as Chrome sends`}.`,
);
console.log(
  `Machine: ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${mb(os.totalmem())} RAM, Node ${process.version}. autocannon runs in this process and shares these ${cpus.length} cores with the server (and PostgreSQL): the numbers are lower bounds of what a server with cores of its own would do.`,
);

const loadBefore = os.loadavg();
if (loadBefore[0] > cpus.length * 0.75) {
  console.log(
    `WARNING: the load average is ${loadBefore.map((l) => l.toFixed(1)).join(' / ')} on ${cpus.length} cores before the run: other processes are using the CPU, so these numbers understate the server.`,
  );
}

let server;
const report = {
  startedAt: startedAt.toISOString(),
  machine: {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model,
    memoryBytes: os.totalmem(),
    node: process.version,
    loadAverageBefore: loadBefore,
    note: `autocannon and the server${database.kind === 'postgres' ? ' and PostgreSQL' : ''} share ${cpus.length} cores`,
  },
  settings: {
    listings,
    duration,
    connections,
    warmupSeconds: warmup,
    quick: args.quick,
    processes,
    acceptEncoding: args['no-compression'] ? null : BROWSER_ACCEPT_ENCODING,
  },
  database: { kind: database.kind, label: database.label },
  scenarios: [],
};

try {
  const already = args.database ? await database.listings() : 0;
  let since = performance.now();
  if (already >= listings) {
    step(`Reusing database ${args.database}: ${int(already)} listings, seeded by an earlier run`);
    report.database.reusedListings = already;
  } else {
    if (already > 0)
      throw new Error(
        `${args.database} has ${int(already)} listings, fewer than asked: drop it first`,
      );
    step(`Seeding ${int(listings)} listings (apps/server/dist/cli/seed.js)`);
    report.database.seedSeconds = await seed(database, {
      listings,
      seedValue: Number(args.seed),
    });
    since = performance.now();
    await analyze(database);
    console.log(`VACUUM ANALYZE (as autovacuum does after a bulk load) in ${elapsed(since)}`);
  }
  report.database.sizeAfterSeedBytes = await database.size();
  console.log(`Database size after seeding: ${mb(report.database.sizeAfterSeedBytes)}`);

  if (!args['no-explain']) {
    step(`EXPLAIN ANALYZE of every list query at ${int(listings)} listings`);
    since = performance.now();
    const plans = await explainListQueries(database);
    report.explain = plans;
    for (const plan of plans) {
      console.log(
        `\n-- ${plan.endpoint} (${plan.kind === 'count' ? 'total count' : 'rows'})  [${ms(plan.executionMs)}]${plan.seqScan ? '  ** SEQUENTIAL SCAN OF properties **' : ''}`,
      );
      console.log(plan.sql);
      console.log(plan.plan.replace(/^/gm, '   '));
    }
    const scans = plans.filter((plan) => plan.seqScan);
    console.log(
      `\n${plans.length} statements explained in ${elapsed(since)}; ${scans.length === 0 ? 'no sequential scan of properties.' : `SEQUENTIAL SCAN OF properties in ${scans.length}: ${[...new Set(scans.map((p) => p.endpoint))].join('; ')}`}`,
    );
  }

  step('Starting the server (apps/server/dist/main.js, NODE_ENV=production)');
  const logFile = path.join(resultsDir, `server-${stamp}.log`);
  since = performance.now();
  const sessionSecret = randomBytes(32).toString('hex');
  // Several processes share their counters and live updates in Redis, on a channel of this run's.
  const serverEnv =
    processes > 1
      ? {
          ...database.env,
          WEB_CONCURRENCY: String(processes),
          REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
          LIVE_UPDATES_CHANNEL: `keyhaven-bench:${stamp}`,
        }
      : database.env;
  const serverOptions = { env: serverEnv, logFile, logLevel: args['log-level'], sessionSecret };
  server = await startServer(serverOptions);
  console.log(
    `Ready at ${server.baseUrl} (pid ${server.pid}) in ${elapsed(since)}; log: ${logFile}`,
  );

  const login = async (email, password) => {
    const response = await fetch(`${server.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`login as ${email} failed: ${response.status}`);
    return (await response.json()).token;
  };
  const buyerEmails = ['buyer1@keyhaven.test', 'buyer2@keyhaven.test', 'buyer3@keyhaven.test'];
  const buyerTokens = [];
  for (const email of buyerEmails) buyerTokens.push(await login(email, 'Buyer123'));
  const getJson = async (url, token) => {
    const response = await fetch(`${server.baseUrl}${url}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    return { body: await response.json(), total: Number(response.headers.get('x-total-count')) };
  };
  // Listings the buyers look at and offer on: open ones spread over the catalogue.
  const openListings = [];
  const firstPage = await getJson('/properties/search?limit=100');
  const openPages = Math.max(1, Math.ceil(firstPage.total / 100));
  for (let i = 0; i < 20; i++) {
    const page = 1 + Math.floor((i * openPages) / 20);
    const { body } = await getJson(`/properties/search?limit=100&page=${page}`);
    openListings.push(...body.map((p) => ({ id: p._id, minPrice: p.minPrice })));
  }
  const all = await getJson('/api/all-properties?limit=100&page=3', buyerTokens[0]);
  const detailIds = [...openListings.map((l) => l.id), ...all.body.map((p) => p._id)];
  const lastAllPropertiesPage = Math.max(1, Math.ceil(all.total / 24));

  const defined = (
    await scenarios({
      buyerTokens,
      listings: openListings,
      detailIds,
      lastAllPropertiesPage,
      loginEmail: buyerEmails[0],
      loginPassword: 'Buyer123',
    })
  ).filter((scenario) => !only || only.has(scenario.name) || only.has(scenario.group));

  step(`Load: ${defined.length} scenarios × ${duration} s at ${connections} connections`);
  server.takeWindowPeak();
  let baselineRps;
  // The peak through the whole run is the highest of every server started for it.
  let peakOfEarlierServers = 0;
  for (const scenario of defined) {
    if (scenario.restartWith) {
      // A setting read at start: the same database, served by a server started with it.
      peakOfEarlierServers = Math.max(peakOfEarlierServers, server.memory().hwm);
      await server.stop();
      server = await startServer({
        ...serverOptions,
        env: { ...serverEnv, ...scenario.restartWith },
      });
      server.takeWindowPeak();
    }
    process.stdout.write(`${scenario.title} ... `);
    const result = await runScenario({
      baseUrl: server.baseUrl,
      connections: Math.min(connections, scenario.connections ?? connections),
      duration,
      warmup,
      requests: scenario.requests,
      expectedStatuses: scenario.expectedStatuses,
      acceptEncoding: args['no-compression'] ? '' : BROWSER_ACCEPT_ENCODING,
    });
    if (server.exited) throw new Error(`the server died during ${scenario.name}; see ${logFile}`);
    if (scenario.name === 'baseline') baselineRps = result.rps;
    const entry = {
      name: scenario.name,
      title: scenario.title,
      ...result,
      ratioToBaseline: baselineRps ? result.rps / baselineRps : null,
      peakRssBytes: server.takeWindowPeak(),
      ...(scenario.expectedNote ? { expectedNote: scenario.expectedNote } : {}),
      ...(scenario.viewCounting ? { viewCounting: scenario.viewCounting } : {}),
    };
    report.scenarios.push(entry);
    console.log(
      `${int(result.rps)} req/s, p95 ${ms(result.latency.p95)}, errors ${result.errors}${result.expected ? `, expected ${result.expected}` : ''}`,
    );
  }
  report.machine.loadAverageAfter = os.loadavg();
  report.server = {
    peakRssBytes: Math.max(peakOfEarlierServers, server.memory().hwm),
    rssAtEndBytes: server.memory().rss,
  };
  await server.stop();
  server = undefined;
  report.database.sizeAfterRunBytes = await database.size();

  step('Results');
  console.log(
    table(
      [
        ['scenario', (r) => r.name, 'left'],
        ['req/s', (r) => int(r.rps)],
        ['p50', (r) => ms(r.latency.p50)],
        ['p95', (r) => ms(r.latency.p95)],
        ['p99', (r) => ms(r.latency.p99)],
        ['requests', (r) => int(r.requests)],
        ['errors', (r) => int(r.errors)],
        ['expected', (r) => (r.expected ? int(r.expected) : '-')],
        [
          'vs baseline',
          (r) => (r.ratioToBaseline ? `${(r.ratioToBaseline * 100).toFixed(1)}%` : '-'),
        ],
        ['peak RSS', (r) => mb(r.peakRssBytes)],
      ],
      report.scenarios,
    ),
  );
  console.log(
    '\nerrors = socket errors + timeouts + non-2xx responses other than the expected ones.',
  );
  for (const scenario of report.scenarios.filter((s) => s.expectedNote)) {
    console.log(`${scenario.name}: ${scenario.expectedNote}.`);
  }
  console.log(
    `Server peak RSS (VmHWM, the highest of every server the run started): ${mb(report.server.peakRssBytes)}. Database size: ${mb(report.database.sizeAfterSeedBytes)} after seeding, ${mb(report.database.sizeAfterRunBytes)} after the run (${database.kind === 'postgres' ? 'pg_database_size' : 'PGlite data directory'}).`,
  );
  console.log(
    `autocannon and the server share ${cpus.length} cores: see docs/PERFORMANCE.md. Load average (1/5/15 min) before: ${loadBefore.map((l) => l.toFixed(1)).join(' / ')}, after: ${report.machine.loadAverageAfter.map((l) => l.toFixed(1)).join(' / ')}.`,
  );

  report.viewCounting = viewCountingOf(report.scenarios);
  if (report.viewCounting) {
    const { onRps, offRps, ratio } = report.viewCounting;
    console.log(
      `Details visits (two requests each), mean of two runs each: view counting on ${int(onRps)} req/s, off ${int(offRps)} req/s; on/off = ${(ratio * 100).toFixed(1)}%.`,
    );
  }

  report.targets = evaluateTargets(report);
  if (report.targets.length > 0) {
    step('Targets');
    for (const target of report.targets) {
      console.log(`${target.met ? 'met    ' : 'NOT MET'}  ${target.target}: ${target.measured}`);
    }
  }
} catch (error) {
  report.error = String(error?.stack ?? error);
  console.error(`\nBenchmark failed: ${report.error}`);
  process.exitCode = 1;
} finally {
  if (server) await server.stop().catch(() => {});
  await database.drop().catch((error) => console.error(`dropping the database: ${error}`));
  if (!args.keep) rmSync(dataDir, { recursive: true, force: true });
  else console.log(`Kept ${dataDir}${database.name ? ` and database ${database.name}` : ''}.`);
  report.finishedAt = new Date().toISOString();
  const latest = path.join(resultsDir, 'latest.json');
  const named = path.join(resultsDir, `bench-${database.kind}-${listings}-${stamp}.json`);
  const text = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(latest, text);
  writeFileSync(named, text);
  console.log(
    `\nWrote ${path.relative(process.cwd(), latest)} and ${path.relative(process.cwd(), named)}`,
  );
}

/** The performance targets (docs/PERFORMANCE.md) that apply to this run's database and size. */
function evaluateTargets(result) {
  const find = (name) => result.scenarios.find((s) => s.name === name);
  const size = result.settings.listings;
  const kind = result.database.kind;
  const targets = [];
  const add = (target, scenario, met, measured) => {
    if (scenario !== null) targets.push({ target, met, measured });
  };
  const search = find('search');
  const details = find('details');
  const popular = find('search-popular');
  const percent = (scenario) =>
    `${((scenario.ratioToBaseline ?? 0) * 100).toFixed(1)}% of baseline`;
  const sizeNote = (wanted) =>
    size === wanted ? '' : ` (at ${int(size)} listings; the target is for ${int(wanted)})`;
  if (kind === 'postgres' && size < 1_000_000) {
    if (search)
      add(
        `PostgreSQL: search p95 < 20 ms at ${connections} connections, zero errors${sizeNote(100_000)}`,
        search,
        search.latency.p95 < 20 && search.errors === 0,
        `p95 ${ms(search.latency.p95)}, ${search.errors} errors`,
      );
    if (details)
      add(
        `PostgreSQL: listing details p95 < 10 ms and >= 40% of baseline req/s${sizeNote(100_000)}`,
        details,
        details.latency.p95 < 10 && details.ratioToBaseline >= 0.4,
        `p95 ${ms(details.latency.p95)}, ${percent(details)}`,
      );
    for (const page of [find('all-properties-p1'), find('all-properties-p500')].filter(Boolean))
      add(
        `PostgreSQL: ${page.name} p95 < 20 ms and >= 30% of baseline req/s, zero errors${sizeNote(100_000)}`,
        page,
        page.latency.p95 < 20 && page.ratioToBaseline >= 0.3 && page.errors === 0,
        `p95 ${ms(page.latency.p95)}, ${percent(page)}, ${page.errors} errors`,
      );
    const session = find('buyer-session');
    if (session)
      add(
        `PostgreSQL: buyer session >= 15% of baseline req/s, zero errors${sizeNote(100_000)}`,
        session,
        session.ratioToBaseline >= 0.15 && session.errors === 0,
        `${percent(session)}, ${session.errors} errors`,
      );
    if (popular)
      add(
        `PostgreSQL: popular searches >= 25% of baseline req/s${sizeNote(100_000)}`,
        popular,
        popular.ratioToBaseline >= 0.25,
        `${((popular.ratioToBaseline ?? 0) * 100).toFixed(1)}% (${int(popular.rps)} of ${int(find('baseline').rps)} req/s)`,
      );
  }
  const mapTarget = size >= 1_000_000 ? 40 : 20;
  const mapScenarios = [
    'map-bbox',
    'map-polygon',
    'map-pins',
    'map-facets',
    'sold-map',
    'sold-pins',
    'sold-list',
  ];
  for (const map of mapScenarios.map(find).filter(Boolean)) {
    if (kind !== 'postgres') break;
    add(
      `PostgreSQL: ${map.name} p95 < ${mapTarget} ms at ${connections} connections, zero errors${size >= 1_000_000 ? sizeNote(1_000_000) : sizeNote(100_000)}`,
      map,
      map.latency.p95 < mapTarget && map.errors === 0,
      `p95 ${ms(map.latency.p95)}, ${map.errors} errors`,
    );
  }
  const estimate = find('estimate');
  if (kind === 'postgres' && estimate)
    add(
      `PostgreSQL: estimate (comparables and the estimate) p95 < 50 ms, zero errors${sizeNote(1_000_000)}`,
      estimate,
      estimate.latency.p95 < 50 && estimate.errors === 0,
      `p95 ${ms(estimate.latency.p95)}, ${estimate.errors} errors`,
    );
  if (kind === 'postgres' && size >= 1_000_000) {
    if (search)
      add(
        `PostgreSQL, 1,000,000 listings: search p95 < 30 ms`,
        search,
        search.latency.p95 < 30,
        `p95 ${ms(search.latency.p95)}, ${search.errors} errors`,
      );
    for (const page of [find('all-properties-p1'), find('all-properties-p500')].filter(Boolean))
      add(
        `PostgreSQL, 1,000,000 listings: ${page.name} p95 < 50 ms`,
        page,
        page.latency.p95 < 50,
        `p95 ${ms(page.latency.p95)}, ${page.errors} errors`,
      );
  }
  if (kind === 'pglite') {
    if (search)
      add(
        `PGlite: search >= 400 req/s, zero errors${sizeNote(100_000)}`,
        search,
        search.rps >= 400 && search.errors === 0,
        `${int(search.rps)} req/s, ${search.errors} errors`,
      );
    add(
      `PGlite: server RSS < 450 MB${sizeNote(100_000)}`,
      true,
      result.server.peakRssBytes < 450 * 1024 * 1024,
      `peak ${mb(result.server.peakRssBytes)}`,
    );
  }
  const counting = viewCountingOf(result.scenarios);
  if (counting) {
    add(
      'Details throughput with view counting on is within 5% of it off',
      true,
      counting.ratio >= 0.95,
      `${int(counting.onRps)} vs ${int(counting.offRps)} req/s (${(counting.ratio * 100).toFixed(1)}%)`,
    );
  }
  const plans = result.explain ?? [];
  if (plans.length > 0) {
    const scans = plans.filter((p) => p.seqScan);
    add(
      'Every list query uses indexes (no sequential scan of properties)',
      true,
      scans.length === 0,
      scans.length === 0
        ? `${plans.length} statements, none`
        : `sequential scan in: ${[...new Set(scans.map((p) => p.endpoint))].join('; ')}`,
    );
  }
  return targets;
}

/** The details-visit throughput with view counting on and off, each the mean of its runs. */
function viewCountingOf(scenarios) {
  const mean = (counting) => {
    const runs = scenarios.filter((s) => s.viewCounting === counting);
    return runs.length ? runs.reduce((sum, s) => sum + s.rps, 0) / runs.length : undefined;
  };
  const onRps = mean('on');
  const offRps = mean('off');
  if (!onRps || !offRps) return undefined;
  return { onRps, offRps, ratio: onRps / offRps };
}
