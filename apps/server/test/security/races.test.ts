import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { configFrom } from '../../src/config.js';
import { offers, paymentEvents, payments, properties, wishlistItems } from '../../src/db/schema.js';
import { createAccount, type TestAccount } from '../helpers/accounts.js';
import { accept, daysFromNow, offer, payDemo } from '../helpers/offers.js';
import { REPEATING_ACCOUNT_LIMITS } from '../helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { assertMarketInvariants } from './support/invariants.js';

/*
 * Races: fast-check's scheduler starts accept, reject, withdraw, offer, checkout-and-pay,
 * verify and delete-listing requests in generated orders and lets them overlap (truly in
 * parallel on PostgreSQL; queued behind one connection on PGlite). Whatever the order, the
 * market invariants hold afterwards (test/security/support/invariants.ts): never two accepted
 * offers, never a paid offer on a deleted listing, never a sale without its payment row.
 */

const RUNS = Number(process.env.RACE_RUNS || 40);
const BUYERS = 4;

let app: FastifyInstance;
let database: TestDatabase;
let dataDir: string;
let agent: TestAccount;
let admin: TestAccount;
let buyers: TestAccount[];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-races-'));
  database = await createTestDatabase();
  app = await buildApp(configFrom({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), {
    database,
    accountLimits: REPEATING_ACCOUNT_LIMITS,
  });
  await app.ready();
  agent = await createAccount(app, 'agent');
  admin = await createAccount(app, 'admin');
  buyers = [];
  for (let i = 0; i < BUYERS; i++) buyers.push(await createAccount(app));
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

type Op =
  | { kind: 'accept' | 'reject' | 'withdraw' | 'offer' | 'pay' | 'verify'; buyer: number }
  | { kind: 'delete'; by: 'agent' | 'admin' };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom(
      'accept',
      'reject',
      'withdraw',
      'offer',
      'pay',
      'pay',
      'verify',
    ) as fc.Arbitrary<'accept' | 'reject' | 'withdraw' | 'offer' | 'pay' | 'verify'>,
    buyer: fc.nat({ max: BUYERS - 1 }),
  }),
  fc.record({
    kind: fc.constant('delete' as const),
    by: fc.constantFrom('agent' as const, 'admin' as const),
  }),
);

const describeOp = (op: Op) =>
  op.kind === 'delete' ? `delete by ${op.by}` : `${op.kind} buyer ${op.buyer}`;

/** A fresh listing with a pending offer from every buyer; buyer 0's is accepted when asked. */
async function freshMarket(start: 'pending' | 'accepted' | 'checkout') {
  await app.db.delete(paymentEvents);
  await app.db.delete(payments);
  await app.db.delete(wishlistItems);
  await app.db.delete(offers);
  await app.db.delete(properties);
  const [listing] = await app.db
    .insert(properties)
    .values({
      title: 'Contested house',
      description: 'A house many buyers want at the same moment.',
      location: 'Boston, Massachusetts',
      propertyType: 'House',
      minPriceCents: 20_000_000,
      maxPriceCents: 30_000_000,
      bedrooms: 3,
      bathrooms: 2,
      areaSize: 1500,
      approval: 'approved',
      agentId: agent.id,
    })
    .returning();
  if (!listing) throw new Error('no listing');
  await app.db.insert(offers).values(
    buyers.map((buyer, i) => ({
      propertyId: listing.id,
      buyerId: buyer.id,
      amountCents: 21_000_000 + i * 100_000,
      buyingDate: daysFromNow(40),
    })),
  );
  const sessions: Record<number, string> = {};
  if (start !== 'pending') {
    const accepted = await accept(app, agent, listing.id, buyers[0]?.email);
    if (accepted.statusCode !== 200) throw new Error(`setup accept: ${accepted.body}`);
    if (start === 'checkout') sessions[0] = await checkout(0, listing.id).then((s) => s ?? '');
  }
  return { listingId: listing.id, sessions };
}

async function checkout(buyer: number, listingId: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/payment/create-checkout-session',
    headers: buyers[buyer]?.bearer,
    payload: { offer: { _id: listingId } },
  });
  return response.statusCode === 200 ? (response.json().url as string).split('/').pop() : undefined;
}

/** Runs one operation through HTTP; answers the statuses it got. */
async function run(op: Op, listingId: string, sessions: Record<number, string>): Promise<number[]> {
  if (op.kind === 'delete') {
    const who = op.by === 'agent' ? agent : admin;
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/properties/${listingId}`,
      headers: who.bearer,
    });
    return [response.statusCode];
  }
  const buyer = buyers[op.buyer] as TestAccount;
  switch (op.kind) {
    case 'accept':
      return [(await accept(app, agent, listingId, buyer.email)).statusCode];
    case 'reject':
      return [
        (
          await app.inject({
            method: 'PATCH',
            url: `/api/properties/requestStatus/${listingId}?email=${encodeURIComponent(buyer.email)}`,
            headers: agent.bearer,
          })
        ).statusCode,
      ];
    case 'withdraw':
      return [
        (
          await app.inject({
            method: 'PATCH',
            url: `/requested-properties/${listingId}/remove`,
            headers: buyer.bearer,
          })
        ).statusCode,
      ];
    case 'offer':
      return [(await offer(app, buyer, listingId, { offerAmount: 250_000 })).statusCode];
    case 'verify': {
      const session = sessions[op.buyer];
      if (!session) return [];
      return [
        (
          await app.inject({
            method: 'GET',
            url: `/api/payment/verify?session_id=${session}`,
            headers: buyer.bearer,
          })
        ).statusCode,
      ];
    }
    case 'pay': {
      const session = sessions[op.buyer] ?? (await checkout(op.buyer, listingId));
      if (!session) return [404];
      sessions[op.buyer] = session;
      return [(await payDemo(app, buyer, session)).statusCode];
    }
  }
}

describe('interleaved offers, decisions, payments and deletions', () => {
  it(`keep the market invariants in every order fast-check schedules (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('pending' as const, 'accepted' as const, 'checkout' as const),
        fc.array(opArbitrary, { minLength: 2, maxLength: 8 }),
        fc.scheduler(),
        async (start, ops, s) => {
          const { listingId, sessions } = await freshMarket(start);
          const statuses: number[][] = [];
          const running = ops.map((op, index) =>
            s.schedule(Promise.resolve(describeOp(op)), describeOp(op)).then(async () => {
              statuses[index] = await run(op, listingId, sessions);
            }),
          );
          await s.waitAll();
          await Promise.all(running);
          const unexpected = statuses.flat().filter((status) => status >= 500);
          const where = `start ${start}, ops [${ops.map(describeOp).join(', ')}], statuses ${JSON.stringify(statuses)}`;
          if (unexpected.length > 0) throw new Error(`5xx during ${where}`);
          try {
            await assertMarketInvariants(app.db);
          } catch (error) {
            throw new Error(
              `${(error as Error).message}\nafter ${where}\nschedule: ${s
                .report()
                .map((t) => t.label)
                .join(' -> ')}`,
            );
          }
          // A 200 to a payment means the home is sold to that buyer, with its payment row.
          for (const [index, op] of ops.entries()) {
            if (op.kind === 'pay' && statuses[index]?.includes(200)) {
              const paid = await app.db
                .select()
                .from(payments)
                .where(
                  and(
                    eq(payments.buyerId, buyers[op.buyer]?.id as string),
                    eq(payments.status, 'paid'),
                  ),
                );
              if (paid.length !== 1)
                throw new Error(`a paid answer without its payment row after ${where}`);
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);

  it('keep a sold home sold when its buyer’s account is deleted: it cannot be re-listed, deleted or sold again', async () => {
    const { listingId, sessions } = await freshMarket('checkout');
    const buyer = buyers[0] as TestAccount;
    expect((await payDemo(app, buyer, sessions[0] as string)).statusCode).toBe(200);
    // The admin deletes the buyer: the offer goes with the account, the payment stays.
    const doomed = await createAccount(app);
    await app.db.update(offers).set({ buyerId: doomed.id }).where(eq(offers.buyerId, buyer.id));
    await app.db.update(payments).set({ buyerId: doomed.id }).where(eq(payments.buyerId, buyer.id));
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/users/${doomed.id}`,
          headers: admin.bearer,
        })
      ).statusCode,
    ).toBe(200);

    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/properties/${listingId}`,
      headers: agent.bearer,
      payload: {
        title: 'Contested house',
        description: 'A house many buyers want at the same moment.',
        location: 'Boston, Massachusetts',
        propertyType: 'Villa',
        minPrice: 200_000,
        maxPrice: 300_000,
        bedrooms: 3,
        bathrooms: 2,
        areaSize: 1500,
        availability: 'Available',
      },
    });
    expect(edit.statusCode, edit.body).toBe(409);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/properties/${listingId}`,
      headers: agent.bearer,
    });
    expect(removed.statusCode, removed.body).toBe(409);
    const other = buyers[1] as TestAccount;
    expect((await offer(app, other, listingId, { offerAmount: 250_000 })).statusCode).toBe(409);
    await assertMarketInvariants(app.db, { deletedAccounts: true });
    const [listing] = await app.db.select().from(properties).where(eq(properties.id, listingId));
    expect(listing?.availability).toBe('Sold');
  });

  it('keep them when everything arrives at once: pays, accepts, withdrawals and deletions', async () => {
    for (let round = 0; round < 3; round++) {
      const { listingId, sessions } = await freshMarket('checkout');
      const session = sessions[0] as string;
      const calls: Array<Promise<number[]>> = [];
      for (let i = 0; i < 8; i++) {
        calls.push(payDemo(app, buyers[0] as TestAccount, session).then((r) => [r.statusCode]));
        calls.push(run({ kind: 'delete', by: i % 2 ? 'agent' : 'admin' }, listingId, sessions));
        calls.push(run({ kind: 'accept', buyer: 1 + (i % (BUYERS - 1)) }, listingId, sessions));
        calls.push(run({ kind: 'withdraw', buyer: 1 + (i % (BUYERS - 1)) }, listingId, sessions));
        calls.push(run({ kind: 'reject', buyer: 0 }, listingId, sessions));
      }
      const statuses = (await Promise.all(calls)).flat();
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      await assertMarketInvariants(app.db);
      // The accepted buyer's payment wins every race against deletion: the home stays, sold once.
      const [listing] = await app.db.select().from(properties).where(eq(properties.id, listingId));
      expect(listing?.availability).toBe('Sold');
    }
  }, 300_000);

  it('let either the payment or the withdrawal of an accepted offer win, never both', async () => {
    for (let round = 0; round < 3; round++) {
      const { listingId, sessions } = await freshMarket('checkout');
      const buyer = buyers[0] as TestAccount;
      const calls: Array<Promise<number[]>> = [];
      for (let i = 0; i < 4; i++) {
        calls.push(payDemo(app, buyer, sessions[0] as string).then((r) => [r.statusCode]));
        calls.push(run({ kind: 'withdraw', buyer: 0 }, listingId, sessions));
      }
      const statuses = (await Promise.all(calls)).flat();
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      await assertMarketInvariants(app.db);
      const [listing] = await app.db.select().from(properties).where(eq(properties.id, listingId));
      const [mine] = await app.db
        .select()
        .from(offers)
        .where(and(eq(offers.propertyId, listingId), eq(offers.buyerId, buyer.id)));
      const paid = await app.db.select().from(payments).where(eq(payments.status, 'paid'));
      if (mine?.status === 'paid') {
        expect(listing?.availability).toBe('Sold');
      } else {
        expect(mine?.status).toBe('withdrawn');
        expect(listing?.availability).toBe('Available');
        expect(paid.filter((p) => p.propertyId === listingId)).toEqual([]);
      }
    }
  }, 300_000);
});
