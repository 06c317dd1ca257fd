// `npm test`: every check and test of the product, in the order a failure is cheapest to find.
// Integration tests run on PGlite, then again on PostgreSQL when one answers on 127.0.0.1:5432.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(
    `npm test runs on the Node the project pins (24 LTS); this is Node ${process.versions.node}. Run npm ci first.`,
  );
  process.exit(1);
}

const postgresUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const reports = mkdtempSync(path.join(os.tmpdir(), 'keyhaven-test-reports-'));
const totals = { passed: 0, failed: 0 };

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${title} failed (exit ${result.status}).`);
    summarise();
    process.exit(1);
  }
}

/**
 * Runs independent stages side by side, each with its output in a file of its own, then prints
 * each stage's output in turn and stops at the first that failed. A stage is one command, or
 * `steps` run one after another (the first that fails ends the stage).
 */
async function runTogether(stages) {
  const runStep = ({ command, args, env = {} }, log) =>
    new Promise((resolve) => {
      const child = spawn(command, args, {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, FORCE_COLOR: '1', ...env },
      });
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
      child.on('close', resolve);
    });
  const results = await Promise.all(
    stages.map(async (stage, i) => {
      const log = createWriteStream(path.join(reports, `stage-${i}.log`));
      console.log(`\n=== ${stage.title} (side by side; its output follows when it ends)`);
      let status = 0;
      for (const step of stage.steps ?? [stage]) {
        if (stage.steps) log.write(`\n=== ${step.title}\n`);
        status = await runStep(step, log);
        if (status !== 0) break;
      }
      await new Promise((resolve) => log.end(resolve));
      return { title: stage.title, status, logFile: log.path };
    }),
  );
  for (const { title, status, logFile } of results) {
    console.log(`\n=== ${title}`);
    process.stdout.write(readFileSync(logFile));
    if (status !== 0) {
      console.error(`\n${title} failed (exit ${status}).`);
      summarise();
      process.exit(1);
    }
  }
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
}

function summarise() {
  for (const name of [
    'vitest-web.json',
    'vitest-pglite.json',
    'vitest-postgres.json',
    'vitest-operations.json',
    'vitest-crash.json',
    'vitest-money-invariant.json',
  ]) {
    countVitest(path.join(reports, name));
  }
  countPlaywright(path.join(reports, 'playwright.json'));
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
}

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const vitest = (report, root = 'apps/server') => [
  'vitest',
  'run',
  '--root',
  root,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, report)}`,
];

run('Lint, format and import rules', 'npm', ['run', 'lint']);
// The type check reads the sources only (condition `source`), never what the build writes, and
// runs on one core: the build and what needs it take the other.
await runTogether([
  { title: 'Type check', command: 'npm', args: ['run', 'typecheck'] },
  {
    title: 'Build and bundle size budget',
    steps: [
      { title: 'Build', command: 'npm', args: ['run', 'build'] },
      { title: 'Bundle size budget', command: 'node', args: ['scripts/check-bundle-size.mjs'] },
    ],
  },
]);
// The test runner gives the integration tests one worker on a 2-core machine (all cores but
// one): the two databases' runs are independent (each test file makes its own database), and so
// are the end-to-end tests (their own server on a data directory of its own), so all three run
// side by side. The integration runs are throughput: they run at a lower priority (`nice`), so
// the browser's pages, which a person would wait on, get the processor first when it is
// contended. Suites that start server processes start the build made above, as production does,
// rather than compiling the sources again in every process.
const lowPriority = (command, args) => ({ command: 'nice', args: ['-n', '10', command, ...args] });
// The money invariant is proved over 2,000 random sequences per run (decision 052): 1,000 on each
// database. It is the longest file of either integration run, so PGlite's thousand are split:
// half here and half at the end of the browser's stage, the shortest, so the stages end together.
// Every sequence is drawn at random, so the two halves are different ones.
const MONEY_SEQUENCES_PER_DATABASE = 1000;
const HALF_OF_PGLITE_MONEY_SEQUENCES = String(MONEY_SEQUENCES_PER_DATABASE / 2);
const onPglite = {
  title: 'Integration tests on PGlite',
  ...lowPriority('npx', vitest('vitest-pglite.json')),
  env: {
    TEST_DATABASE_URL: '',
    SERVER_ENTRY: 'dist',
    MONEY_INVARIANT_RUNS: HALF_OF_PGLITE_MONEY_SEQUENCES,
  },
};
// Once, not per database: the deployment behind nginx, backups, the first admin, migrations'
// expand/contract rule and the previous release on this one's schema. Each brings its own
// databases and server processes.
const operations = {
  title: 'Operations tests',
  ...lowPriority('npx', [
    ...vitest('vitest-operations.json'),
    '--config',
    'test/operations/vitest.config.ts',
  ]),
  env: { SERVER_ENTRY: 'dist' },
};
// The browser's stage is the shortest of the three, so it also takes the web's component tests
// (they need only the sources), the crash test (real server processes killed with SIGKILL under
// a load of offer and payment writes, on PGlite and on PostgreSQL) and, last, the other half of
// the money invariant's sequences on PGlite.
const endToEnd = {
  title: 'Web component tests, end-to-end tests in Chromium, then the crash test',
  steps: [
    { title: 'Web component tests', command: 'npx', args: vitest('vitest-web.json', 'apps/web') },
    {
      title: 'End-to-end tests in Chromium',
      command: 'npx',
      args: ['playwright', 'test', '--reporter=list,json'],
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json') },
    },
    {
      title: 'Crash test',
      command: 'npx',
      args: [...vitest('vitest-crash.json'), '--config', 'test/crash/vitest.config.ts'],
      env: { SERVER_ENTRY: 'dist' },
    },
    {
      title: 'The money invariant on PGlite, second half of its sequences',
      ...lowPriority('npx', [
        ...vitest('vitest-money-invariant.json'),
        'test/trust/money-invariant.test.ts',
      ]),
      env: { TEST_DATABASE_URL: '', MONEY_INVARIANT_RUNS: HALF_OF_PGLITE_MONEY_SEQUENCES },
    },
  ],
};
// Suites that do the same whichever database the run is given run in the first run only: the
// several-instances suites (their own processes on a PostgreSQL database of their own), the
// process suite (servers on embedded data directories of their own) and the upload pipeline's
// (decoding and encoding images; the rows it writes are checked on both by upload-lifecycle).
const SAME_ON_EITHER_DATABASE = [
  'test/instances/**',
  'test/platform/process.test.ts',
  'src/modules/uploads/uploads.test.ts',
];
if (await postgresAnswers()) {
  await runTogether([
    onPglite,
    {
      title: 'Integration tests on PostgreSQL, then operations tests',
      steps: [
        {
          title: 'Integration tests on PostgreSQL',
          ...lowPriority('npx', vitest('vitest-postgres.json')),
          env: {
            TEST_DATABASE_URL: postgresUrl,
            SERVER_ENTRY: 'dist',
            MONEY_INVARIANT_RUNS: String(MONEY_SEQUENCES_PER_DATABASE),
            TEST_EXCLUDE: SAME_ON_EITHER_DATABASE.join(','),
          },
        },
        operations,
      ],
    },
    endToEnd,
  ]);
} else {
  console.log(
    `\nPostgreSQL does not answer at ${postgresUrl}: integration tests run on PGlite only.`,
  );
  await runTogether([{ title: onPglite.title, steps: [onPglite, operations] }, endToEnd]);
}

summarise();
