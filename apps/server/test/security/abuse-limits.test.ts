import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REQUEST_MESSAGES } from '@keyhaven/shared';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
 * (whatever address they come from), registrations per address (taken e-mails included), the
 * per-account counters shared through Redis by every instance, what a request body may be, and
 * how many API requests one address may make in a minute.
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

describe('notifications marked read per account', () => {
  it('take sixty mark-all-read and three hundred mark-one-read an hour from one account, from any address', async () => {
    const reader = await createAccount(ctx.app);
    const markAll = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/notifications/read-all',
        headers: reader.bearer,
        remoteAddress: nextAddress(),
      });
    for (let i = 0; i < 60; i++)
      expect((await markAll()).statusCode, `read-all ${i + 1}`).toBe(200);
    expectRateLimited(await markAll());

    const markOne = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/notifications/${randomUUID()}/read`,
        headers: reader.bearer,
        remoteAddress: nextAddress(),
      });
    for (let i = 0; i < 300; i++) expect((await markOne()).statusCode, `read ${i + 1}`).toBe(404);
    expectRateLimited(await markOne());

    const neighbour = await createAccount(ctx.app);
    const theirs = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: neighbour.bearer,
    });
    expect(theirs.statusCode).toBe(200);
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

describe('request bodies', () => {
  const login = (payload: string | Buffer, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json', ...headers },
      payload,
      remoteAddress: nextAddress(),
    });

  it('refuse a gzip-compressed body unread, a bomb or an honest sign-in alike', async () => {
    const bomb = gzipSync(Buffer.from('['.repeat(1024 * 1024)));
    expect(bomb.length).toBeLessThan(2048);
    const account = await createAccount(ctx.app);
    const honest = gzipSync(JSON.stringify({ email: account.email, password: account.password }));
    for (const body of [bomb, honest]) {
      const response = await login(body, { 'content-encoding': 'gzip' });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        error: REQUEST_MESSAGES.compressedBody,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
  });

  it('refuse JSON nested deeper than any form before parsing it', async () => {
    const nested = `{"email":${'['.repeat(1000)}${']'.repeat(1000)},"password":"x"}`;
    const response = await login(nested);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: REQUEST_MESSAGES.nestedTooDeep,
      code: 'VALIDATION_FAILED',
    });
    // Brackets inside text are text: a password may hold as many as it likes.
    const text = await login(
      JSON.stringify({ email: 'a@example.test', password: '[{'.repeat(60) }),
    );
    expect(text.statusCode).toBe(401);
  });

  it('take a few kilobytes for sign-in, a form for most writes, and a whole listing for listings', async () => {
    const signIn = await login(
      JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(20_000) }),
    );
    expect(signIn.statusCode).toBe(413);
    expect(signIn.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });

    const buyer = await createAccount(ctx.app);
    const review = await ctx.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: buyer.bearer,
      payload: { title: 'Long', text: 'x'.repeat(40_000) },
    });
    expect(review.statusCode).toBe(413);

    const agent = await createAccount(ctx.app, 'agent');
    const propertyId = await createListing(ctx.app, agent);
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/${propertyId}`,
      headers: agent.bearer,
      payload: { description: 'x'.repeat(100_000) },
    });
    // Read whole and refused for what it says, not for its size.
    expect(edit.statusCode).toBe(400);
    expect(edit.json().fields).toHaveProperty('description');
  });
});

describe('API requests per address', () => {
  const limited = useTestApp({ API_REQUESTS_PER_MINUTE: '30' });
  // The allowance is counted in minutes of the clock: the test runs inside one.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 1000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answer thirty a minute from one address, then 429 with Retry-After, while others and pages go on', async () => {
    const address = nextAddress();
    const search = (remoteAddress: string) =>
      limited.app.inject({ method: 'GET', url: '/properties/search', remoteAddress });
    for (let i = 0; i < 30; i++) {
      expect((await search(address)).statusCode, `request ${i + 1}`).toBe(200);
    }
    // Pages (and the reads a page makes as it renders) are not API requests of the visitor.
    for (let i = 0; i < 5; i++) {
      const page = await limited.app.inject({ method: 'GET', url: '/', remoteAddress: address });
      expect(page.statusCode).toBe(200);
    }
    const refused = await search(address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: REQUEST_MESSAGES.tooManyRequests(59),
      code: 'RATE_LIMITED',
    });
    expect(refused.headers['retry-after']).toBe('59');
    expect((await search(nextAddress())).statusCode).toBe(200);
  });
});
