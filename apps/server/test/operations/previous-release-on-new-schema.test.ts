import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage } from '../fixtures/images.js';
import {
  createScratchDatabase,
  postgresAnswers,
  postgresServerUrl,
  queryOnce,
  type ScratchDatabase,
} from '../helpers/postgres-server.js';
import {
  call,
  type JsonAnswer,
  runCommand,
  type ServerProcess,
  startServer,
} from '../helpers/server-process.js';
import { multipartBody } from '../helpers/uploads.js';
import { PREVIOUS_RELEASE } from './previous-release.js';

/*
 * A rolling upgrade (docs/DEPLOY.md, Upgrades): this release's migrations run while the previous
 * release still serves. Here the previous release's own sources, taken from git, run as a real
 * server on a database migrated by this release, and a buyer's whole journey goes through its
 * HTTP API; then this release's server starts beside it on the same database and reads what the
 * old one wrote. The journey is written against the API alone: today's helpers know today's code.
 * Skipped, with one line saying so, when PostgreSQL does not answer.
 */

const run = promisify(execFile);
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const repositoryRoot = path.resolve(serverDir, '../..');

const available = await postgresAnswers();
if (!available)
  console.warn(
    `PostgreSQL does not answer at ${postgresServerUrl}: the previous release's upgrade test is skipped.`,
  );

/** What the previous release is built from: the repository's root files and these two folders. */
const RELEASE_PATHS = ['apps/server', 'packages/shared', 'package.json', 'tsconfig.base.json'];

/**
 * The previous release's sources in `dir`, resolving their imports as an install would: the
 * packages are this checkout's (the lockfile moves with releases; these tests only need what
 * both run on), except the shared package, which is the release's own.
 */
async function extractPreviousRelease(dir: string): Promise<string> {
  try {
    await run('git', ['cat-file', '-e', `${PREVIOUS_RELEASE}^{commit}`], { cwd: repositoryRoot });
  } catch {
    throw new Error(
      `The previous release, commit ${PREVIOUS_RELEASE} (test/operations/previous-release.ts), is not in this clone: clone with history (git fetch --unshallow).`,
    );
  }
  const archive = path.join(dir, 'release.tar');
  await run('git', ['archive', '--output', archive, PREVIOUS_RELEASE, ...RELEASE_PATHS], {
    cwd: repositoryRoot,
  });
  const tree = path.join(dir, 'release');
  await mkdir(tree);
  await run('tar', ['-xf', archive, '-C', tree]);
  await linkEntries(path.join(repositoryRoot, 'node_modules'), path.join(tree, 'node_modules'), {
    '@keyhaven/shared': path.join(tree, 'packages/shared'),
  });
  for (const workspace of ['apps/server', 'packages/shared']) {
    await linkEntries(
      path.join(repositoryRoot, workspace, 'node_modules'),
      path.join(tree, workspace, 'node_modules'),
      {},
    );
  }
  return path.join(tree, 'apps/server');
}

/** Links each package in `from` into `to`, scoped ones one by one; `instead` names others. */
async function linkEntries(from: string, to: string, instead: Record<string, string>) {
  const entries = await readdir(from, { withFileTypes: true }).catch(() => []);
  if (entries.length === 0) return;
  await mkdir(to, { recursive: true });
  for (const entry of entries) {
    if (entry.name.startsWith('@') && entry.isDirectory()) {
      await mkdir(path.join(to, entry.name));
      for (const scoped of await readdir(path.join(from, entry.name))) {
        const name = `${entry.name}/${scoped}`;
        await symlink(instead[name] ?? path.join(from, name), path.join(to, name));
      }
    } else {
      await symlink(path.join(from, entry.name), path.join(to, entry.name));
    }
  }
}

/** `npm run migrate` from this release: its one line of JSON. */
async function migrateWithThisRelease(databaseUrl: string) {
  const migrated = await runCommand('migrate', [], { DATABASE_URL: databaseUrl });
  expect(migrated.code, migrated.stderr).toBe(0);
  return JSON.parse(migrated.stdout) as { applied: number; total: number };
}

function expectOk(answer: JsonAnswer, step: string) {
  expect(answer.status, `${step}: ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(200);
  expect(answer.status, `${step}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
}

let database: ScratchDatabase | undefined;
let workDir: string | undefined;
/** Every server process started, stopped at the end whether or not it got ready. */
const launched: Promise<ServerProcess>[] = [];

function launch(env: Record<string, string>, sourcesDir?: string) {
  const server = startServer(env, undefined, sourcesDir);
  launched.push(server);
  // Its failure is the test's, where it is awaited; until then it is not an unhandled one.
  server.catch(() => {});
  return server;
}

describe.skipIf(!available)(
  `the previous release (${PREVIOUS_RELEASE}) on this release's schema`,
  () => {
    let previousSources: string;
    const env = () => ({
      DATABASE_URL: (database as ScratchDatabase).url,
      // One uploads folder for both, as instances share their store.
      DATA_DIR: path.join(workDir as string, 'data'),
      SESSION_SECRET: 'upgrade-test-secret-upgrade-test-secret-0123456',
      PUBLIC_URL: 'http://localhost:3000',
    });

    beforeAll(async () => {
      workDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-upgrade-'));
      database = await createScratchDatabase('keyhaven_upgrade');
      previousSources = await extractPreviousRelease(workDir);
    }, 120_000);

    afterAll(async () => {
      await Promise.all(
        launched.map((server) =>
          server.then(
            (started) => started.stop(),
            () => {},
          ),
        ),
      );
      await database?.drop().catch(() => {});
      if (workDir) await rm(workDir, { recursive: true, force: true });
    });

    it('serves the buyer journey, and this release reads what it wrote', async () => {
      const journal = JSON.parse(
        readFileSync(path.join(serverDir, 'drizzle/meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const url = (database as ScratchDatabase).url;

      // This release migrates first, on its own, as the upgrade procedure has it; run again while
      // the previous release starts, it finds nothing left to do.
      const migrated = await migrateWithThisRelease(url);
      expect(migrated).toEqual({ applied: journal.entries.length, total: journal.entries.length });
      const [old, migratedAgain] = await Promise.all([
        launch(env(), previousSources),
        migrateWithThisRelease(url),
      ]);
      expect(migratedAgain).toEqual({ applied: 0, total: migrated.total });
      // This release's first instance starts beside it while the journey goes through the old one.
      const starting = launch(env());

      const register = async (name: string) => {
        const email = `${name}-${Date.now()}@example.test`;
        const answer = await call(old, 'POST', '/auth/register', {
          body: {
            name: `Upgrade ${name}`,
            email,
            phone: '+1 555 010 0000',
            country: 'United States',
            birth: '1990-04-12',
            password: 'Secret123',
          },
        });
        expectOk(answer, `${name} registers`);
        return { id: answer.body.user._id as string, email, token: answer.body.token as string };
      };
      const agent = await register('agent');
      const admin = await register('admin');
      const buyer = await register('buyer');
      // Roles are given by an operator in the database (create-admin does the same); the buyer's
      // address is confirmed as its mail's link would.
      await queryOnce(url, `update users set role = 'agent' where id = $1`, [agent.id]);
      await queryOnce(url, `update users set role = 'admin' where id = $1`, [admin.id]);
      await queryOnce(url, 'update users set email_verified = true where id = $1', [buyer.id]);

      const { payload, headers } = multipartBody([
        {
          name: 'image',
          data: await makeImage('jpeg', { width: 800, height: 600 }),
          filename: 'home.jpg',
          contentType: 'image/jpeg',
        },
      ]);
      const uploaded = await fetch(`${old.url}/api/uploads`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${agent.token}` },
        body: new Uint8Array(payload),
      });
      const photo = (await uploaded.json()) as { data: { url: string } };
      expect(uploaded.status, JSON.stringify(photo)).toBe(200);

      const listed = await call(old, 'POST', '/api/properties', {
        token: agent.token,
        body: {
          title: 'Upgrade cottage',
          description: 'Two bedrooms by the river, listed while the new release migrated.',
          location: 'Austin, Texas',
          propertyType: 'House',
          minPrice: 250_000,
          maxPrice: 280_000,
          bedrooms: 2,
          bathrooms: 1,
          areaSize: 1100,
          features: ['Garden'],
          image: photo.data.url,
        },
      });
      expectOk(listed, 'the agent lists a home');
      const listingId = listed.body.insertedId as string;
      expectOk(
        await call(old, 'PATCH', `/api/properties/admin-approval/${listingId}/true`, {
          token: admin.token,
        }),
        'the admin approves it',
      );

      const found = await call(old, 'GET', '/properties/search?location=Austin');
      expectOk(found, 'the buyer searches');
      expect(found.body.map((listing: { _id: string }) => listing._id)).toContain(listingId);

      expectOk(
        await call(old, 'PATCH', `/properties/${listingId}/wishlist`, {
          token: buyer.token,
          body: {},
        }),
        'the buyer saves it to the wishlist',
      );
      const selectedDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      expectOk(
        await call(old, 'PATCH', `/make-offer/${listingId}`, {
          token: buyer.token,
          body: { offerAmount: 260_000, selectedDate },
        }),
        'the buyer makes an offer',
      );
      expectOk(
        await call(
          old,
          'PATCH',
          `/api/properties/accept-request/${listingId}?email=${encodeURIComponent(buyer.email)}`,
          { token: agent.token },
        ),
        'the agent accepts it',
      );
      const checkout = await call(old, 'POST', '/api/payment/create-checkout-session', {
        token: buyer.token,
        body: { offer: { _id: listingId } },
      });
      expectOk(checkout, 'the buyer opens the checkout');
      const sessionId = (checkout.body.url as string).split('/').pop() as string;
      expectOk(
        await call(old, 'POST', `/api/payment/demo/${sessionId}/pay`, {
          token: buyer.token,
          body: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Buyer' },
        }),
        'the buyer pays',
      );
      expectOk(
        await call(old, 'POST', '/api/reviews', {
          token: buyer.token,
          body: { rating: 5, title: 'Smooth sale', reviewFor: 'property', propertyId: listingId },
        }),
        'the buyer reviews the home',
      );

      // This release, serving beside it on the same database, reads what the old one wrote.
      const current = await starting;
      for (const server of [current, old]) {
        const verified = await call(server, 'GET', `/api/payment/verify?session_id=${sessionId}`, {
          token: buyer.token,
        });
        expect(verified.body).toMatchObject({ verified: true, amount: 260_000 });
        const listing = await call(server, 'GET', `/api/properties/${listingId}`, {
          token: buyer.token,
        });
        expect(listing.body).toMatchObject({ title: 'Upgrade cottage', availability: 'Sold' });
        const wishlist = await call(server, 'GET', `/wishlist-properties/${buyer.id}`, {
          token: buyer.token,
        });
        expectOk(wishlist, 'the wishlist');
        expect(JSON.stringify(wishlist.body)).toContain(listingId);
        const reviews = await call(server, 'GET', `/api/reviews?propertyId=${listingId}`, {
          token: buyer.token,
        });
        expect(reviews.body).toMatchObject([{ rating: 5, title: 'Smooth sale', mine: true }]);
      }
    }, 180_000);
  },
);
