import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { configFrom } from '../../src/config.js';
import { declaresListingChanges, listingParamOf } from '../../src/plugins/app/listing-cache.js';
import { createAccount } from '../helpers/accounts.js';
import { type StripeApi, startStripeApi } from '../helpers/stripe-api.js';
import { stripeEnv } from '../helpers/stripe-test-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import {
  changedTables,
  type Fingerprint,
  fingerprint,
  restore,
  rowChanges,
  type Snapshot,
  snapshot,
} from '../security/support/db-state.js';
import {
  ACTORS,
  type Actor,
  buildWorld,
  callAs,
  leakedSecrets,
  type World,
} from '../security/support/world.js';
import { expectedFor, MATRIX, MATRIX_METRICS_TOKEN, NOT_IN_MATRIX } from './matrix.js';
import type { MatrixCase, MatrixRow } from './matrix-shape.js';

/*
 * Every route Fastify registers has a row in the matrix (test/authz/matrix.ts), and every cell
 * of it holds: the expected status for that actor, nothing of anybody else's in the response,
 * not one row of the database changed by a refused request, no listing changed by a route
 * that does not declare `changesListings` (the listing caches would not see the change), and none
 * but the one its path names by a route that declares it changes that one alone (the caches keep
 * every other listing through it).
 */

interface Running {
  app: FastifyInstance;
  database: TestDatabase;
  routes: Array<{
    method: string;
    path: string;
    changesListings: boolean;
    listingParam: string | undefined;
  }>;
  dataDir: string;
}

async function start(kind: 'demo' | 'stripe', env: Record<string, string> = {}): Promise<Running> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `keyhaven-authz-${kind}-`));
  // A built web app with one hashed asset, so @fastify/static registers a file route too.
  const webDist = path.join(dataDir, 'web-dist');
  await mkdir(path.join(webDist, 'assets'), { recursive: true });
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>%BRAND_NAME%</title>');
  await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'export {}');
  const database = await createTestDatabase();
  const routes: Running['routes'] = [];
  const app = await buildApp(
    configFrom({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      METRICS_TOKEN: MATRIX_METRICS_TOKEN,
      ...env,
    }),
    {
      database,
      webDistDir: webDist,
      onRoute: (route: RouteOptions) => {
        const changesListings = declaresListingChanges(route.config);
        const listingParam = listingParamOf(route.config);
        for (const method of [route.method].flat()) {
          routes.push({ method, path: route.url, changesListings, listingParam });
        }
      },
    },
  );
  await app.ready();
  return { app, database, routes, dataDir };
}

async function stop(running: Running | undefined) {
  await running?.app.close();
  await running?.database.destroy();
  if (running) await rm(running.dataDir, { recursive: true, force: true });
}

const excluded = (method: string, routePath: string) =>
  NOT_IN_MATRIX.some((rule) => rule.matches(method, routePath));

const rowsFor = (kind: 'demo' | 'stripe') => MATRIX.filter((row) => (row.app ?? kind) === kind);

let demo: Running;
let stripe: Running;
let stripeApi: StripeApi;

beforeAll(async () => {
  stripeApi = await startStripeApi();
  [demo, stripe] = await Promise.all([start('demo'), start('stripe', stripeEnv(stripeApi))]);
});

afterAll(async () => {
  await Promise.all([stop(demo), stop(stripe)]);
  await stripeApi?.close();
});

describe('the authorization matrix', () => {
  it('has a row for every route Fastify registers, and no row for a route that does not exist', () => {
    const problems: string[] = [];
    for (const [kind, running] of [
      ['demo', demo],
      ['stripe', stripe],
    ] as const) {
      const registered = running.routes.filter((r) => !excluded(r.method, r.path));
      for (const route of registered) {
        const row = MATRIX.find((m) => m.method === route.method && m.path === route.path);
        if (!row)
          problems.push(
            `${route.method} ${route.path} (${kind} app) has no row in test/authz/matrix.ts`,
          );
      }
      for (const row of rowsFor(kind)) {
        if (!running.routes.some((r) => r.method === row.method && r.path === row.path)) {
          problems.push(`the row ${row.method} ${row.path} names no route of the ${kind} app`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The exclusions are used for what they say, not to hide an API route.
    const skipped = [...demo.routes, ...stripe.routes].filter(
      (r) => r.method !== 'HEAD' && excluded(r.method, r.path),
    );
    for (const route of skipped) {
      expect(route.path, `${route.method} ${route.path}`).toMatch(
        /^\/(api\/docs|assets\/|[^/]+\.\w+$)/,
      );
    }
  });
});

interface CellContext {
  running: Running;
  world: World;
  state: Snapshot;
  print: Fingerprint;
}

/** One cell: one actor sends one input to one route. Answers the broken promises, in words. */
async function runCell(ctx: CellContext, row: MatrixRow, cell: MatrixCase, actor: Actor) {
  const { app, database } = ctx.running;
  const expected = expectedFor(cell.expect, actor);
  const request = cell.request(ctx.world);
  const response = await callAs(app, ctx.world, actor, {
    method: row.method,
    ...request,
    headers: request.headers as Record<string, string> | undefined,
  });
  const problems: string[] = [];
  if (response.statusCode !== expected) {
    problems.push(
      `expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 300)}`,
    );
  }
  const leaks = leakedSecrets(response.body, ctx.world, actor);
  if (leaks.length > 0) problems.push(`the response shows ${leaks.join(', ')}`);
  const after = await fingerprint(database.db);
  const changed = changedTables(ctx.print, after);
  if ((expected >= 400 || response.statusCode >= 400) && changed.length > 0) {
    const rows = await rowChanges(database.db, ctx.state, changed);
    problems.push(
      `refused with ${response.statusCode}, yet changed ${changed.join(', ')}: ${rows}`,
    );
  }
  const route = ctx.running.routes.find(
    (r) => r.method === row.method && r.path === row.path && r.changesListings,
  );
  if (changed.includes('properties') && !route) {
    problems.push('changed listings without declaring changesListings');
  }
  if (changed.includes('properties') && route?.listingParam) {
    const url = typeof request.url === 'string' ? request.url : (request.url?.pathname ?? '');
    const named = pathParam(row.path, url, route.listingParam);
    const others = (await changedListings(database, ctx.state)).filter((id) => id !== named);
    if (others.length > 0) {
      problems.push(
        `declares it changes only the listing of :${route.listingParam}, yet changed ${others.join(', ')}`,
      );
    }
  }
  if (changed.length > 0) await restore(database.db, ctx.state, changed);
  const where = `${row.method} ${row.path} as ${actor} with ${cell.input} (${request.url})`;
  return problems.map((problem) => `${where}: ${problem}`);
}

/** The value of `:param` of `routePath` in `url`. */
function pathParam(routePath: string, url: string, param: string) {
  const at = routePath.split('/').indexOf(`:${param}`);
  return decodeURIComponent(url.split('?')[0]?.split('/')[at] ?? '');
}

/** The ids of the listings added, removed or changed since `state`. */
async function changedListings(database: TestDatabase, state: Snapshot) {
  const rowsById = (json: string) =>
    new Map(
      (JSON.parse(json) as Array<{ id: string }>).map((row) => [row.id, JSON.stringify(row)]),
    );
  const before = rowsById(state.find((table) => table.table === 'properties')?.json ?? '[]');
  const now = (await snapshot(database.db)).find((table) => table.table === 'properties');
  const after = rowsById(now?.json ?? '[]');
  return [...new Set([...before.keys(), ...after.keys()])].filter(
    (id) => before.get(id) !== after.get(id),
  );
}

async function runRow(ctx: CellContext, row: MatrixRow) {
  const failures: string[] = [];
  for (const cell of row.cases) {
    for (const actor of ACTORS) failures.push(...(await runCell(ctx, row, cell, actor)));
  }
  // The restores really did put everything back.
  expect(changedTables(ctx.print, await fingerprint(ctx.running.database.db))).toEqual([]);
  expect(failures).toEqual([]);
}

describe('every cell, on the demo-checkout app', () => {
  const ctx = {} as CellContext;
  beforeAll(async () => {
    ctx.running = demo;
    ctx.world = await buildWorld(demo.app);
    ctx.state = await snapshot(demo.database.db);
    ctx.print = await fingerprint(demo.database.db);
  });

  it.each(rowsFor('demo').map((row) => [`${row.method} ${row.path}`, row] as const))(
    '%s',
    async (_name, row) => {
      await runRow(ctx, row);
    },
  );
});

describe('every cell, on the Stripe app', () => {
  const ctx = {} as CellContext;
  beforeAll(async () => {
    ctx.running = stripe;
    const [user, otherUser, agent, otherAgent, admin, fraud, spare, unconfirmed] = [
      await createAccount(stripe.app),
      await createAccount(stripe.app),
      await createAccount(stripe.app, 'agent'),
      await createAccount(stripe.app, 'agent'),
      await createAccount(stripe.app, 'admin'),
      await createAccount(stripe.app, 'fraud'),
      await createAccount(stripe.app),
      await createAccount(stripe.app, 'user', {}, { verified: false }),
    ];
    ctx.world = {
      accounts: { user, otherUser, agent, otherAgent, admin, fraud, spare, unconfirmed },
      openListing: '',
      reservedListing: '',
      soldListing: '',
      unapprovedListing: '',
      reviewListing: '',
      rejectedListing: '',
      frozenListing: '',
      fraudAgentId: '',
      reviewSessionId: 'cs_none_review',
      rejectedSessionId: 'cs_none_rejected',
      frozenSessionId: 'cs_none_frozen',
      refundPaymentId: '',
      reviewId: '',
      conversationId: '',
      messageId: '',
      notificationId: '',
      savedSearchId: '',
      openHouseId: '',
      unapprovedOpenHouseId: '',
      tourIds: {
        pending: '',
        confirmed: '',
        rescheduled: '',
        declined: '',
        cancelled: '',
        completed: '',
      },
      sharedWishlist: {
        tokens: { pending: '', accepted: '', revoked: '', expired: '' },
        pendingInvitationId: '',
        starterMemberId: '',
        userMemberId: '',
        userNoteId: '',
        starterNoteId: '',
        privateNote: 'no private note in this world',
      },
      freeTourSlot: '',
      spareTourSlot: '',
      openSessionId: 'cs_none_open',
      paidSessionId: 'cs_none_paid',
      transactionId: 'pi_none',
      imageKey: '',
      passwordHashes: [],
    };
    ctx.state = await snapshot(stripe.database.db);
    ctx.print = await fingerprint(stripe.database.db);
  });

  it.each(
    MATRIX.filter((row) => row.app === 'stripe').map(
      (row) => [`${row.method} ${row.path}`, row] as const,
    ),
  )('%s', async (_name, row) => {
    await runRow(ctx, row);
  });
});
