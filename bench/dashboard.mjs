#!/usr/bin/env node
/*
 * `npm run bench:dashboard`: the admins' marketplace dashboard at a large marketplace's size, on
 * PostgreSQL. Creates a fresh database, migrates it, fills it with SQL generate_series (by
 * default 1,000,000 listings over two years, with accounts, review decisions, offers and sales in
 * proportion), then times each of the dashboard's queries (the product's own statements, built
 * by the service's `dashboardQueries`) for every period and prints its EXPLAIN (ANALYZE,
 * BUFFERS) plan. Each query should answer under 100 ms. The database is dropped at the end.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase } from './lib/database.mjs';
import { int, ms, table } from './lib/format.mjs';
import { assertBuilt, importServer, resultsDir, serverDist } from './lib/paths.mjs';

const USAGE = `Usage: npm run bench:dashboard -- [options]

Needs PostgreSQL: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names a
server where a new database is created, and dropped after the run.

  --listings N   listings (default 1000000); accounts, offers and sales in proportion
  --runs N       timed runs per query, the median reported (default 7)
  --budget MS    the most a query may take, in milliseconds (default 100)
  --keep         keep the database after the run
  -h, --help     this help

Build first: npm run bench:dashboard builds the server.`;

const { values: args } = parseArgs({
  options: {
    listings: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '7' },
    budget: { type: 'string', default: '100' },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const listings = Number(args.listings);
const runs = Number(args.runs);
const budget = Number(args.budget);

assertBuilt();
mkdirSync(resultsDir, { recursive: true });
const requireFromServer = createRequire(path.join(serverDist, '..', 'package.json'));
const importFromServer = async (specifier) => import(requireFromServer.resolve(specifier));
const step = (text) => console.log(`\n== ${text}`);
const since = (started) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

/*
 * Proportions of a busy marketplace: one account per five listings, one agent per hundred
 * listings; three offers for every ten listings, a tenth of them accepted and a tenth paid; a
 * review decision for every listing not waiting (one in twenty waits), a few days after it was
 * listed. Dates spread evenly over the last two years; locations skewed towards the first cities.
 */
function seedStatements(n, cities) {
  const accounts = Math.max(100, Math.round(n / 5));
  const agents = Math.max(10, Math.round(n / 100));
  const offerCount = Math.round(n * 0.3);
  const twoYears = `interval '730 days'`;
  return [
    [
      'accounts',
      `insert into users (id, name, email, role, country, created_at, updated_at)
       select 'bench-' || i, 'Person ' || i, 'person' || i || '@bench.test',
         (case when i <= ${agents} then 'agent' when i <= ${agents} + 20 then 'admin'
               when i % 500 = 0 then 'fraud' else 'user' end)::user_role,
         'United States', now() - random() * ${twoYears}, now()
       from generate_series(1, ${accounts}) as i`,
    ],
    [
      'listings',
      `insert into properties (title, description, location, property_type, min_price_cents,
         max_price_cents, bedrooms, bathrooms, area_size, approval, availability, agent_id,
         created_at, updated_at)
       select 'Home ' || i, 'A generated home for the dashboard benchmark.',
         ($1::text[])[1 + floor(power(random(), 2) * array_length($1::text[], 1))::int],
         (array['House','Apartment','Condo','Townhouse','Villa'])[1 + i % 5]::property_type,
         price, price + 2000000, 1 + i % 5, 1 + i % 3, 600 + i % 3000,
         (case when i % 20 = 0 then 'pending' when i % 20 = 1 then 'rejected' else 'approved' end)::approval_status,
         'Available'::availability,
         'bench-' || (1 + i % ${agents}), created, created + random() * interval '3 days'
       from (
         select i, now() - random() * ${twoYears} as created,
           (10000000 + (i::bigint * 7919) % 90000000) as price
         from generate_series(1, ${n}) as i
       ) g`,
      [cities],
    ],
    [
      'review decisions (audit log)',
      `insert into audit_log (actor_id, actor_email, action, target_type, target_id, details,
         before, after, created_at)
       select 'bench-${agents + 1}', 'person${agents + 1}@bench.test', 'property.approval_changed',
         'property', id::text,
         jsonb_build_object('title', title, 'from', 'pending', 'to', approval::text),
         '{"approval":"pending"}'::jsonb, jsonb_build_object('approval', approval::text),
         least(updated_at, now())
       from properties where approval <> 'pending'
       order by updated_at`,
    ],
    [
      'decisions per day',
      // As the approval route counts them beside each audit entry.
      `insert into listing_decision_days (day, approved, rejected)
       select (created_at at time zone 'UTC')::date,
         count(*) filter (where after->>'approval' = 'approved'),
         count(*) filter (where after->>'approval' = 'rejected')
       from audit_log where action = 'property.approval_changed'
       group by 1`,
    ],
    [
      'offers',
      // Each offer on its own listing, so the one-sale-per-listing rule holds.
      `insert into offers (property_id, buyer_id, amount_cents, buying_date, status, accepted_at,
         created_at, updated_at)
       select p.id, 'bench-' || (${agents + 21} + o.i % (${accounts} - ${agents + 21})),
         p.min_price_cents, (p.created_at + interval '60 days')::date,
         (case when o.i % 10 = 0 then 'paid' when o.i % 10 = 1 then 'accepted'
               when o.i % 10 < 5 then 'rejected' else 'pending' end)::offer_status,
         case when o.i % 10 in (0, 1) then least(offered + interval '2 days', now()) end,
         offered, offered
       from (select i, 1 + (i::bigint * 7919) % ${n} as k from generate_series(1, ${offerCount}) as i) o
       join (
         select id, min_price_cents, created_at, row_number() over (order by id) as k from properties
       ) p on p.k = o.k
       cross join lateral (
         select least(p.created_at + random() * interval '30 days', now()) as offered
       ) t`,
    ],
    [
      'sales',
      `insert into payments (offer_id, buyer_id, property_id, provider, checkout_session_id, status,
         amount_cents, currency, transaction_id, created_at, paid_at)
       select id, buyer_id, property_id, 'demo', 'bench_cs_' || id, 'paid', amount_cents, 'usd',
         'bench_txn_' || id, accepted_at, least(accepted_at + interval '1 day', now())
       from offers where status = 'paid'`,
    ],
    [
      'sold listings',
      `update properties set availability = 'Sold'
       where id in (select property_id from offers where status = 'paid')`,
    ],
  ];
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keyhaven-bench-dashboard-'));
const database = await createDatabase({ databaseUrl, dataDir, keep: args.keep });
const pg = (await importFromServer('pg')).default;
const pool = new pg.Pool({ connectionString: database.url, max: 8 });
try {
  console.log(`Admin dashboard on ${database.label}`);
  step('Migrating');
  const client = await importServer('db/client.js');
  const handle = await client.openDatabase({ driver: 'postgres', url: database.url });
  await handle.migrate();

  step(`Seeding ${int(listings)} listings`);
  const { CITIES } = await importServer('db/seed/cities.js');
  for (const [name, text, params] of seedStatements(listings, CITIES)) {
    const started = performance.now();
    const result = await pool.query(text, params);
    console.log(`${name}: ${int(result.rowCount ?? 0)} rows in ${since(started)}`);
  }
  const started = performance.now();
  await pool.query('vacuum analyze');
  console.log(`vacuum analyze in ${since(started)}`);
  const { rows: counts } = await pool.query(`
    select (select count(*) from users) as users, (select count(*) from properties) as listings,
      (select count(*) from offers) as offers,
      (select count(*) from payments where status = 'paid') as sales,
      (select count(*) from audit_log) as decisions,
      (select count(*) from properties where approval = 'pending') as pending`);
  console.log(
    Object.entries(counts[0])
      .map(([name, value]) => `${name} ${int(Number(value))}`)
      .join(', '),
  );

  const service = await importServer('modules/marketplace/marketplace.service.js');
  const { PgDialect } = await importFromServer('drizzle-orm/pg-core');
  const dialect = new PgDialect();
  const results = [];
  for (const period of [30, 90, 365]) {
    step(`Period ${period} days`);
    const now = new Date();
    const queries = service.dashboardQueries(service.dashboardBounds(period, now), now);
    for (const [name, query] of Object.entries(queries)) {
      const { sql: text, params } = dialect.sqlToQuery(query);
      await pool.query(text, params);
      const times = [];
      for (let i = 0; i < runs; i += 1) {
        const begun = performance.now();
        await pool.query(text, params);
        times.push(performance.now() - begun);
      }
      const { rows } = await pool.query(`explain (analyze, buffers) ${text}`, params);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      const executionMs = Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? Number.NaN);
      const result = { period, name, medianMs: median(times), executionMs, plan, sql: text };
      results.push(result);
      console.log(`\n-- ${name} (${period} days): median ${ms(result.medianMs)}\n${text.trim()}`);
      console.log(plan.replace(/^/gm, '   '));
    }
    // The whole answer as the route gives it: every query at once on the pool.
    const { drizzle } = await importFromServer('drizzle-orm/node-postgres');
    const schema = await importServer('db/schema.js');
    const db = drizzle(pool, { schema });
    const times = [];
    for (let i = 0; i <= runs; i += 1) {
      const begun = performance.now();
      await service.marketplaceDashboard(db, period, new Date());
      if (i > 0) times.push(performance.now() - begun);
    }
    results.push({ period, name: 'whole dashboard (in parallel)', medianMs: median(times) });
  }
  await handle.close();

  step(`Dashboard queries at ${int(listings)} listings (median of ${runs} runs)`);
  console.log(
    table(
      [
        ['query', (r) => r.name, 'left'],
        ['period', (r) => `${r.period} d`],
        ['median', (r) => ms(r.medianMs)],
        ['execution (EXPLAIN)', (r) => ms(r.executionMs)],
        ['under budget', (r) => (r.medianMs < budget ? 'yes' : 'NO')],
      ],
      results,
    ),
  );
  const over = results.filter((r) => r.executionMs !== undefined && r.medianMs >= budget);
  const file = path.join(
    resultsDir,
    `dashboard-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  writeFileSync(
    file,
    JSON.stringify(
      { database: database.label, listings, cpus: os.cpus().length, budgetMs: budget, results },
      null,
      2,
    ),
  );
  console.log(`Report: ${file}`);
  if (over.length > 0) {
    console.error(`Over ${budget} ms: ${over.map((r) => `${r.name} (${r.period} d)`).join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await pool.end();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
