import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { configFrom } from '../../src/config.js';
import { offers, reviews } from '../../src/db/schema.js';
import {
  createAccount,
  nextAddress,
  registrationBody,
  type TestAccount,
} from '../helpers/accounts.js';
import { createListing } from '../helpers/listings.js';
import { daysFromNow } from '../helpers/offers.js';
import { useTestApp } from '../helpers/test-app.js';

/*
 * Limits on what one account or one address can repeat: offers and withdrawals per account
 * (whatever address they come from), registrations per address (taken e-mails included), and
 * the per-account counters shared through Redis by every instance.
 */

const ctx = useTestApp();

const makeOffer = (app: FastifyInstance, buyer: TestAccount, propertyId: string) =>
  app.inject({
    method: 'PATCH',
    url: `/make-offer/${propertyId}`,
    headers: buyer.bearer,
    payload: { offerAmount: 260_000, selectedDate: daysFromNow(30) },
    remoteAddress: nextAddress(),
  });

const withdraw = (app: FastifyInstance, buyer: TestAccount, propertyId: string) =>
  app.inject({
    method: 'PATCH',
    url: `/requested-properties/${propertyId}/remove`,
    headers: buyer.bearer,
    remoteAddress: nextAddress(),
  });

function expectRateLimited(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => unknown;
}) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: expect.any(String), code: 'RATE_LIMITED' });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(3000);
}

describe('offers per account', () => {
  it('take ten offers an hour from one buyer, refused ones included, from any address', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const propertyId = await createListing(ctx.app, agent);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await makeOffer(ctx.app, buyer, propertyId)).statusCode);
    // The first is taken; the others meet the buyer's pending offer, and count all the same.
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    expectRateLimited(await makeOffer(ctx.app, buyer, propertyId));

    const neighbour = await createAccount(ctx.app);
    expect((await makeOffer(ctx.app, neighbour, propertyId)).statusCode).toBe(200);
  });

  it('take five withdrawals an hour from one buyer, so an agent is not flooded by offer churn', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const propertyId = await createListing(ctx.app, agent);
    for (let i = 0; i < 5; i++) {
      expect((await makeOffer(ctx.app, buyer, propertyId)).statusCode).toBe(200);
      expect((await withdraw(ctx.app, buyer, propertyId)).statusCode).toBe(200);
    }
    expect((await makeOffer(ctx.app, buyer, propertyId)).statusCode).toBe(200);
    expectRateLimited(await withdraw(ctx.app, buyer, propertyId));
    const stored = await ctx.app.db.select().from(offers);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.status).toBe('pending');
  });

  it('do not count a form sent back as invalid: the buyer can still offer after twelve', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const propertyId = await createListing(ctx.app, agent);
    for (let i = 0; i < 12; i++) {
      const invalid = await ctx.app.inject({
        method: 'PATCH',
        url: `/make-offer/${propertyId}`,
        headers: buyer.bearer,
        payload: { offerAmount: '0x3f7a0', selectedDate: daysFromNow(30) },
      });
      expect(invalid.statusCode).toBe(400);
    }
    expect((await makeOffer(ctx.app, buyer, propertyId)).statusCode).toBe(200);
  });
});

describe('registration per address', () => {
  it('counts answers for a taken e-mail too: twenty an hour, then 429 for any e-mail', async () => {
    const taken = await createAccount(ctx.app);
    const address = nextAddress();
    const register = (email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/auth/register',
        payload: registrationBody({ email }),
        remoteAddress: address,
      });
    for (let i = 0; i < 20; i++) {
      const response = await register(taken.email);
      expect(response.statusCode, `attempt ${i + 1}`).toBe(409);
    }
    expectRateLimited(await register(taken.email));
    expectRateLimited(await register(`fresh-${Date.now()}@example.test`));
  });
});

describe('per-account limits across instances', () => {
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const instances: FastifyInstance[] = [];
  const usedKeys: string[] = [];
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-limits-'));
    for (const name of ['a', 'b']) {
      const app = await buildApp(
        configFrom({
          DATA_DIR: path.join(dataDir, name),
          LOG_LEVEL: 'silent',
          SEED_DEMO: 'false',
          REDIS_URL: redisUrl,
        }),
        { database: ctx.database },
      );
      await app.ready();
      instances.push(app);
    }
  });

  afterAll(async () => {
    await Promise.all(instances.map((app) => app.close()));
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    if (usedKeys.length > 0) await redis.del(...usedKeys);
    redis.disconnect();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("count one buyer's reviews through Redis: the eleventh is refused on either instance", async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    // Registered on the test's own instance, so no per-address counter is left in Redis.
    const buyer = await createAccount(ctx.app);
    usedKeys.push(`keyhaven-rate:POST/api/reviews-account:${buyer.id}`);
    const post = (app: FastifyInstance, title: string) =>
      app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers: buyer.bearer,
        payload: { title },
        remoteAddress: nextAddress(),
      });
    for (let i = 0; i < 10; i++) {
      expect((await post(i % 2 === 0 ? a : b, `Take ${i}`)).statusCode).toBe(200);
    }
    expectRateLimited(await post(a, 'Eleventh on a'));
    expectRateLimited(await post(b, 'Eleventh on b'));
    const stored = await a.db.select().from(reviews);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.title).toBe('Take 9');
  });
});
