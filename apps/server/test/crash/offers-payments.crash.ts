import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { configFrom } from '../../src/config.js';
import { openDatabase, queryRows } from '../../src/db/client.js';
import { createAccount, type TestAccount } from '../helpers/accounts.js';
import { createListing, listingBody } from '../helpers/listings.js';
import { daysFromNow } from '../helpers/offers.js';
import {
  createScratchDatabase,
  postgresAnswers,
  postgresServerUrl,
} from '../helpers/postgres-server.js';
import { call, type ServerProcess, startServer } from '../helpers/server-process.js';
import { assertMarketInvariants } from '../security/support/invariants.js';

/*
 * Crashes. A load of listing, approval, offer, acceptance, checkout and payment writes runs
 * against a real server process, which is killed with SIGKILL at a random moment, CRASH_KILLS
 * (10) times, and restarted each time. Every write that was answered 2xx must be there after
 * every restart, and the market invariants must hold. On PGlite (the embedded default) and on
 * PostgreSQL (TEST_DATABASE_URL, or the local server when it answers).
 */

const KILLS = Number(process.env.CRASH_KILLS || 10);
const WORKERS = 4;
const BUYERS = 6;
type Ack =
  | { kind: 'listing' | 'approval'; listingId: string }
  | { kind: 'offer' | 'accept'; listingId: string; buyer: number }
  | { kind: 'checkout' | 'pay'; listingId: string; buyer: number; session: string };

interface Listing {
  id: string;
  approved: boolean;
  offers: Set<number>;
  accepted?: number;
  session?: string;
  paid: boolean;
}

interface Market {
  agent: TestAccount;
  admin: TestAccount;
  buyers: TestAccount[];
  listings: Map<string, Listing>;
  acks: Ack[];
}

const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One write against the server, chosen from what the market allows; false once the server is gone. */
async function oneWrite(server: ServerProcess, market: Market): Promise<boolean> {
  const listings = [...market.listings.values()];
  const roll = Math.random();
  if (roll < 0.08) {
    const answer = await call(server, 'POST', '/api/properties', {
      token: market.agent.token,
      body: listingBody({ minPrice: 200_000, maxPrice: 300_000 }),
    });
    if (answer.status === 200) {
      const id = answer.body.insertedId as string;
      market.listings.set(id, { id, approved: false, offers: new Set(), paid: false });
      market.acks.push({ kind: 'listing', listingId: id });
    }
    return answer.status !== 0;
  }
  if (roll < 0.16) {
    const listing = pick(listings.filter((l) => !l.approved));
    if (!listing) return true;
    const answer = await call(
      server,
      'PATCH',
      `/api/properties/admin-approval/${listing.id}/true`,
      {
        token: market.admin.token,
      },
    );
    if (answer.status === 200) {
      listing.approved = true;
      market.acks.push({ kind: 'approval', listingId: listing.id });
    }
    return answer.status !== 0;
  }
  if (roll < 0.45) {
    const listing = pick(
      listings.filter((l) => l.approved && l.accepted === undefined && l.offers.size < BUYERS),
    );
    if (!listing) return true;
    const buyer = pick([...Array(BUYERS).keys()].filter((b) => !listing.offers.has(b))) as number;
    const answer = await call(server, 'PATCH', `/make-offer/${listing.id}`, {
      token: market.buyers[buyer]?.token,
      body: {
        offerAmount: 200_000 + Math.floor(Math.random() * 100_000),
        selectedDate: daysFromNow(60),
      },
    });
    if (answer.status === 200) market.acks.push({ kind: 'offer', listingId: listing.id, buyer });
    if (answer.status === 200 || answer.status === 409) listing.offers.add(buyer);
    return answer.status !== 0;
  }
  if (roll < 0.65) {
    const listing = pick(listings.filter((l) => l.accepted === undefined && l.offers.size > 0));
    if (!listing) return true;
    const buyer = pick([...listing.offers]) as number;
    const answer = await call(
      server,
      'PATCH',
      `/api/properties/accept-request/${listing.id}?email=${encodeURIComponent(market.buyers[buyer]?.email ?? '')}`,
      { token: market.agent.token },
    );
    if (answer.status === 200) {
      listing.accepted = buyer;
      market.acks.push({ kind: 'accept', listingId: listing.id, buyer });
    }
    return answer.status !== 0;
  }
  const listing = pick(listings.filter((l) => l.accepted !== undefined && !l.paid));
  if (!listing || listing.accepted === undefined) return true;
  const buyer = listing.accepted;
  const token = market.buyers[buyer]?.token;
  if (!listing.session) {
    const answer = await call(server, 'POST', '/api/payment/create-checkout-session', {
      token,
      body: { offer: { _id: listing.id, property: { _id: listing.id } } },
    });
    if (answer.status === 0) return false;
    if (answer.status !== 200) return true;
    listing.session = (answer.body.url as string).split('/').pop() as string;
    market.acks.push({ kind: 'checkout', listingId: listing.id, buyer, session: listing.session });
  }
  const session = listing.session;
  const paid = await call(server, 'POST', `/api/payment/demo/${session}/pay`, {
    token,
    body: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Crash Buyer' },
  });
  if (paid.status === 200) {
    listing.paid = true;
    market.acks.push({ kind: 'pay', listingId: listing.id, buyer, session });
  }
  return paid.status !== 0;
}

/** Checks through the API that every acknowledged write is there; answers what is missing. */
async function missingThroughHttp(server: ServerProcess, market: Market): Promise<string[]> {
  const missing: string[] = [];
  const managed = await call(
    server,
    'GET',
    `/api/properties?agentUID=${market.agent.id}&limit=100&page=1`,
    {
      token: market.agent.token,
    },
  );
  const total = Number(managed.headers.get('x-total-count') ?? 0);
  const listings = new Map<string, { adminApproval: string; availability: string }>();
  for (let page = 1; page <= Math.ceil(total / 100); page++) {
    const answer =
      page === 1
        ? managed
        : await call(
            server,
            'GET',
            `/api/properties?agentUID=${market.agent.id}&limit=100&page=${page}`,
            { token: market.agent.token },
          );
    for (const item of answer.body as Array<{
      _id: string;
      adminApproval: string;
      availability: string;
    }>) {
      listings.set(item._id, item);
    }
  }
  // Each buyer's own list has every offer, rejected ones included.
  const offerRows: Array<{ _id: string; buyer: number; offerStatus: string }> = [];
  for (const [buyer, account] of market.buyers.entries()) {
    const mine = await call(server, 'GET', `/api/properties/user-requests/${account.id}`, {
      token: account.token,
    });
    if (mine.status !== 200) return [`buyer ${buyer}'s offers could not be read: ${mine.status}`];
    for (const row of mine.body as Array<{ _id: string; offerStatus: string }>)
      offerRows.push({ ...row, buyer });
  }
  for (const ack of market.acks) {
    const where = `${ack.kind} on ${ack.listingId}`;
    if (ack.kind === 'listing' && !listings.has(ack.listingId)) missing.push(where);
    if (ack.kind === 'approval' && listings.get(ack.listingId)?.adminApproval !== 'true')
      missing.push(where);
    if (ack.kind === 'offer' || ack.kind === 'accept') {
      const row = offerRows.find((r) => r._id === ack.listingId && r.buyer === ack.buyer);
      if (!row) missing.push(`${where} by buyer ${ack.buyer}`);
      else if (
        ack.kind === 'accept' &&
        row.offerStatus !== 'accepted' &&
        row.offerStatus !== 'paid'
      ) {
        missing.push(`${where}: the offer is ${row.offerStatus}`);
      }
    }
    if (ack.kind === 'checkout' || ack.kind === 'pay') {
      const verify = await call(server, 'GET', `/api/payment/verify?session_id=${ack.session}`, {
        token: market.buyers[ack.buyer]?.token,
      });
      if (verify.status !== 200) missing.push(`${where}: verify answers ${verify.status}`);
      else if (ack.kind === 'pay' && verify.body.verified !== true)
        missing.push(`${where}: not paid`);
      if (ack.kind === 'pay' && listings.get(ack.listingId)?.availability !== 'Sold')
        missing.push(`${where}: listing not Sold`);
    }
  }
  return missing;
}

/** After a crash the model may be ahead of (unanswered writes) or behind the server: read it back. */
async function resync(server: ServerProcess, market: Market) {
  const requested = await call(
    server,
    'GET',
    `/api/properties/requested/${encodeURIComponent(market.agent.email)}`,
    {
      token: market.agent.token,
    },
  );
  for (const listing of market.listings.values()) {
    listing.offers.clear();
    listing.accepted = undefined;
  }
  for (const row of (requested.body ?? []) as Array<{
    _id: string;
    buyerUID: string;
    offerStatus: string;
  }>) {
    const listing = market.listings.get(row._id);
    const buyer = market.buyers.findIndex((b) => b.id === row.buyerUID);
    if (!listing || buyer < 0) continue;
    listing.offers.add(buyer);
    if (row.offerStatus === 'accepted' || row.offerStatus === 'paid') listing.accepted = buyer;
    if (row.offerStatus === 'paid') listing.paid = true;
  }
}

async function runCrashes(driver: 'pglite' | 'postgres') {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `keyhaven-crash-${driver}-`));
  const scratch = driver === 'postgres' ? await createScratchDatabase('keyhaven_crash') : undefined;
  const databaseUrl = scratch?.url;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SESSION_SECRET: 'crash-test-secret-crash-test-secret-0123456789',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  let server: ServerProcess | undefined;
  try {
    // Accounts and a first few listings, made in-process on the same database, then closed.
    const setup = await buildApp(configFrom({ ...env, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }));
    await setup.ready();
    const market: Market = {
      agent: await createAccount(setup, 'agent'),
      admin: await createAccount(setup, 'admin'),
      buyers: [],
      listings: new Map(),
      acks: [],
    };
    for (let i = 0; i < BUYERS; i++) market.buyers.push(await createAccount(setup));
    for (let i = 0; i < 12; i++) {
      const id = await createListing(setup, market.agent, { minPrice: 200_000, maxPrice: 300_000 });
      market.listings.set(id, { id, approved: true, offers: new Set(), paid: false });
    }
    await setup.close();

    server = await startServer(env);
    const report: string[] = [];
    for (let round = 1; round <= KILLS; round++) {
      const current = server;
      let stop = false;
      const workers = Array.from({ length: WORKERS }, async () => {
        while (!stop) {
          if (!(await oneWrite(current, market))) return;
        }
      });
      const before = market.acks.length;
      await sleep(300 + Math.random() * 1700);
      await current.kill();
      stop = true;
      await Promise.all(workers);
      server = await startServer(env);
      const missing = await missingThroughHttp(server, market);
      report.push(
        `round ${round}: ${market.acks.length - before} writes acknowledged, ${missing.length} missing`,
      );
      expect(missing, `after SIGKILL ${round} on ${driver}: acknowledged writes lost`).toEqual([]);
      if (databaseUrl) {
        const db = await openDatabase({ driver: 'postgres', url: databaseUrl });
        try {
          await assertMarketInvariants(db.db);
        } finally {
          await db.close();
        }
      }
      await resync(server, market);
    }
    await server.stop();
    server = undefined;

    // The database itself, opened afresh: every acknowledged write, and the invariants.
    const handle = await openDatabase(
      databaseUrl
        ? { driver: 'postgres', url: databaseUrl }
        : { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    );
    try {
      await assertMarketInvariants(handle.db);
      const paid = await queryRows<{ session: string }>(
        handle.db,
        sql`select checkout_session_id as session from payments where status = 'paid'`,
      );
      const paidSessions = new Set(paid.map((row) => row.session));
      const lostPayments = market.acks.filter(
        (ack) => ack.kind === 'pay' && !paidSessions.has(ack.session),
      );
      expect(lostPayments).toEqual([]);
    } finally {
      await handle.close();
    }
    const kinds = market.acks.reduce<Record<string, number>>((counts, ack) => {
      counts[ack.kind] = (counts[ack.kind] ?? 0) + 1;
      return counts;
    }, {});
    process.stdout.write(
      `${driver}: ${report.join('; ')}; acknowledged ${JSON.stringify(kinds)}\n`,
    );
    expect(kinds.offer ?? 0, 'the load made offers').toBeGreaterThan(0);
    expect(kinds.pay ?? 0, 'the load made payments').toBeGreaterThan(0);
  } finally {
    await server?.kill();
    await scratch?.drop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe(`SIGKILL ${KILLS} times under a load of offers and payments`, () => {
  it('on PGlite, loses no acknowledged write and keeps the invariants', async () => {
    await runCrashes('pglite');
  });

  it('on PostgreSQL, loses no acknowledged write and keeps the invariants', async (context) => {
    if (!(await postgresAnswers())) {
      console.warn(
        `PostgreSQL does not answer at ${postgresServerUrl}: the PostgreSQL crash test is skipped.`,
      );
      context.skip();
    }
    await runCrashes('postgres');
  });
});
