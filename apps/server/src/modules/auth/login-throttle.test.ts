import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AUTH_MESSAGES } from '@keyhaven/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccount } from '../../../test/helpers/accounts.js';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-database.js';
import { buildApp } from '../../app.js';
import { configFrom } from '../../config.js';
import { sessions } from '../../db/schema.js';
import {
  type CounterStore,
  createMemoryCounterStore,
  createRedisCounterStore,
  type MemoryCounterStore,
} from '../../lib/counter-store.js';
import {
  ACCOUNT_ATTACK_FAILURES,
  createLoginThrottle,
  KNOWN_ADDRESS_MS,
  MAX_ADDRESS_FAILURES,
  MAX_PAIR_FAILURES,
  throttleAddress,
} from './login-throttle.js';

/*
 * Sign-in throttling that keeps guessing expensive without handing out lockouts: through HTTP
 * on the real app, with every slow-down recorded instead of waited for.
 */

const SLOWDOWN_MS = 3000;
const WRONG = 'Wrong-Pass1';
const INVALID = { error: AUTH_MESSAGES.invalidCredentials, code: 'UNAUTHENTICATED' };
const REFUSED = { error: AUTH_MESSAGES.tooManyAttempts, code: 'RATE_LIMITED' };

/** Every wait the throttle asked for, in order. */
const waits: number[] = [];
/** When set, a wait lasts until the test opens it. */
let gate: Promise<void> | undefined;
const recordWait = async (ms: number) => {
  waits.push(ms);
  await gate;
};

let app: FastifyInstance;
let database: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-throttle-'));
  database = await createTestDatabase();
  app = await buildApp(
    configFrom({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      LOGIN_SLOWDOWN_MS: String(SLOWDOWN_MS),
    }),
    { database, sleep: recordWait },
  );
  await app.ready();
});

beforeEach(async () => {
  await database.reset();
  waits.length = 0;
  gate = undefined;
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

let addressCounter = 0;
/** A client address no other test of this file uses (documentation ranges, so never real). */
function newAddress() {
  addressCounter += 1;
  return `198.51.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

const login = (email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress });

/** Runs the calls a few at a time: concurrent like an attack, without starving the machine. */
async function inBatches<T>(count: number, call: (index: number) => Promise<T>, size = 10) {
  const results: T[] = [];
  for (let start = 0; start < count; start += size) {
    const batch = Array.from({ length: Math.min(size, count - start) }, (_, i) => call(start + i));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

describe('an account under attack from many addresses', () => {
  it('lets none of 100 wrong guesses from 100 addresses in, and never keeps its owner out', async () => {
    const owner = await createAccount(app);
    const usual = newAddress();
    expect((await login(owner.email, owner.password, usual)).statusCode).toBe(200);
    expect(waits).toEqual([]);

    const guesses = await inBatches(100, () => login(owner.email, WRONG, newAddress()));
    expect(guesses.map((answer) => answer.statusCode)).toEqual(Array(100).fill(401));
    for (const answer of guesses) expect(answer.json()).toEqual(INVALID);
    // Nobody is refused; past the tenth failure every guess from a new address waits.
    expect(waits).toEqual(Array(100 - ACCOUNT_ATTACK_FAILURES).fill(SLOWDOWN_MS));

    // From the owner's usual address: straight in.
    waits.length = 0;
    const fromUsual = await login(owner.email, owner.password, usual);
    expect(fromUsual.statusCode).toBe(200);
    expect(fromUsual.json().user._id).toBe(owner.id);
    expect(waits).toEqual([]);

    // From a new address: in, after the same wait a wrong guess gets, so the wait tells nothing.
    const travelling = newAddress();
    const fromNew = await login(owner.email, owner.password, travelling);
    expect(fromNew.statusCode).toBe(200);
    expect(waits).toEqual([SLOWDOWN_MS]);
    const guess = await login(owner.email, WRONG, newAddress());
    expect(guess.statusCode).toBe(401);
    expect(waits).toEqual([SLOWDOWN_MS, SLOWDOWN_MS]);

    // Having signed in from there, that address is now one of the owner's.
    expect((await login(owner.email, owner.password, travelling)).statusCode).toBe(200);
    expect(waits).toHaveLength(2);
  }, 120_000);

  it('makes the wait before the password is checked, so an early answer gives nothing away', async () => {
    const owner = await createAccount(app);
    await inBatches(ACCOUNT_ATTACK_FAILURES, () => login(owner.email, WRONG, newAddress()));
    let open = () => {};
    gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const sessionsBefore = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, owner.id));
    const answer = login(owner.email, owner.password, newAddress());
    await vi.waitFor(() => expect(waits).toEqual([SLOWDOWN_MS]));
    // Held in the wait: the right password has not been looked at, no session is made yet.
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, owner.id))).toHaveLength(
      sessionsBefore.length,
    );
    open();
    expect((await answer).statusCode).toBe(200);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, owner.id))).toHaveLength(
      sessionsBefore.length + 1,
    );
  });

  it('slows an unknown e-mail exactly as an existing one, and answers both the same', async () => {
    const owner = await createAccount(app);
    const ghost = `ghost-${Date.now()}@example.test`;
    await inBatches(ACCOUNT_ATTACK_FAILURES, () => login(owner.email, WRONG, newAddress()));
    await inBatches(ACCOUNT_ATTACK_FAILURES, () => login(ghost, WRONG, newAddress()));
    expect(waits).toEqual([]);

    const wrong = await login(owner.email, WRONG, newAddress());
    const unknown = await login(ghost, WRONG, newAddress());
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(waits).toEqual([SLOWDOWN_MS, SLOWDOWN_MS]);
  });
});

describe('one address guessing', () => {
  it('is refused for every account once it has failed too often, whatever it tries', async () => {
    const attacker = newAddress();
    const targets = await Promise.all(
      Array.from({ length: MAX_ADDRESS_FAILURES / MAX_PAIR_FAILURES }, () => createAccount(app)),
    );
    const guesses = await Promise.all(
      targets.flatMap((target) =>
        Array.from({ length: MAX_PAIR_FAILURES }, () => login(target.email, WRONG, attacker)),
      ),
    );
    expect(guesses.map((answer) => answer.statusCode)).toEqual(
      Array(MAX_ADDRESS_FAILURES).fill(401),
    );

    const another = await createAccount(app);
    for (const account of [another, ...targets]) {
      const refused = await login(account.email, account.password, attacker);
      expect(refused.statusCode, account.email).toBe(429);
      expect(refused.json()).toEqual(REFUSED);
    }
    const ghost = await login('never-registered@example.test', WRONG, attacker);
    expect(ghost.statusCode).toBe(429);
    // The accounts themselves are not locked: their owners sign in from their own addresses.
    for (const account of [another, ...targets]) {
      expect((await login(account.email, account.password, newAddress())).statusCode).toBe(200);
    }
    expect(waits).toEqual([]);
  });

  it('is refused at one account after five failures there, and may still sign in elsewhere', async () => {
    const target = await createAccount(app);
    const other = await createAccount(app);
    const guesser = newAddress();
    for (let attempt = 1; attempt <= MAX_PAIR_FAILURES; attempt++) {
      expect((await login(target.email, WRONG, guesser)).statusCode, `guess ${attempt}`).toBe(401);
    }
    // The pair is refused, the right password included, whatever the case typed.
    for (const email of [target.email, `  ${target.email.toUpperCase()} `]) {
      const refused = await login(email, target.password, guesser);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(REFUSED);
    }
    expect((await login(other.email, WRONG, guesser)).statusCode).toBe(401);
    expect((await login(other.email, other.password, guesser)).statusCode).toBe(200);
    expect((await login(target.email, target.password, newAddress())).statusCode).toBe(200);
  });

  it('lets at most five of 30 guesses through when they all arrive at once', async () => {
    const target = await createAccount(app);
    const guesser = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => login(target.email, WRONG, guesser)),
    );
    expect(answers.filter((a) => a.statusCode !== 401 && a.statusCode !== 429)).toEqual([]);
    const checked = answers.filter((answer) => answer.statusCode === 401).length;
    expect(checked, `${checked} of 30 simultaneous guesses were checked`).toBe(MAX_PAIR_FAILURES);
  });

  it('counts a whole IPv6 /64 as one address', async () => {
    const target = await createAccount(app);
    for (let host = 1; host <= MAX_PAIR_FAILURES; host++) {
      expect((await login(target.email, WRONG, `2001:db8:7:7::${host}`)).statusCode).toBe(401);
    }
    expect((await login(target.email, target.password, '2001:db8:7:7:ffff::1')).statusCode).toBe(
      429,
    );
    expect((await login(target.email, target.password, '2001:db8:7:8::1')).statusCode).toBe(200);
  });

  it('leaves nothing in the store for the e-mails it tries once refused', async () => {
    const attacker = newAddress();
    await inBatches(MAX_ADDRESS_FAILURES, (i) =>
      login(`filler-${i}-${Date.now()}@example.test`, WRONG, attacker),
    );
    const store = app.counters as MemoryCounterStore;
    const before = store.size;
    const refused = await inBatches(
      2000,
      (i) => login(`flood-${i}-${Date.now()}@example.test`, WRONG, attacker),
      100,
    );
    expect(new Set(refused.map((answer) => answer.statusCode))).toEqual(new Set([429]));
    expect(store.size).toBe(before);
  });
});

describe('a database outage', () => {
  /** Every sign-in fails in the database until `restore` is called: its accounts are out of reach. */
  async function takeAccountsOffline() {
    await app.db.execute(sql`alter table users rename to users_offline`);
    return () => app.db.execute(sql`alter table users_offline rename to users`);
  }

  it('counts no failure for sign-ins the database could not check, so the owner gets in once it is back', async () => {
    const owner = await createAccount(app);
    const usual = newAddress();
    const restore = await takeAccountsOffline();
    try {
      for (let attempt = 1; attempt <= MAX_PAIR_FAILURES * 2; attempt++) {
        const failed = await login(owner.email, owner.password, usual);
        expect(failed.statusCode, `attempt ${attempt}`).toBe(500);
        expect(failed.json().code).toBe('INTERNAL');
      }
    } finally {
      await restore();
    }
    const back = await login(owner.email, owner.password, usual);
    expect(back.statusCode).toBe(200);
    expect(back.json().user._id).toBe(owner.id);
    expect(waits).toEqual([]);
  });

  it('still refuses an address after five real wrong passwords once the database is back', async () => {
    const owner = await createAccount(app);
    const guesser = newAddress();
    const restore = await takeAccountsOffline();
    try {
      expect((await login(owner.email, WRONG, guesser)).statusCode).toBe(500);
    } finally {
      await restore();
    }
    for (let attempt = 1; attempt <= MAX_PAIR_FAILURES; attempt++) {
      expect((await login(owner.email, WRONG, guesser)).statusCode, `guess ${attempt}`).toBe(401);
    }
    const refused = await login(owner.email, owner.password, guesser);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(REFUSED);
  });
});

describe('client addresses', () => {
  it('are counted per IPv4 address, and per /64 for IPv6', () => {
    expect(throttleAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(throttleAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(throttleAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('1::2:3:4:5:1.2.3.4')).toBe('1:0:2:3::/64');
    expect(throttleAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
  });
});

/*
 * The same rules on each store the app can run with: in memory (one instance) and in Redis
 * (several instances), each Redis test under a key prefix of its own, deleted afterwards.
 */
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

describe.each(['memory', 'redis'] as const)('the throttle on the %s store', (kind) => {
  let clock = Date.parse('2026-03-01T12:00:00Z');
  let store: CounterStore;
  let redis: Redis | undefined;
  let prefix = '';
  const throttleWaits: number[] = [];
  const throttle = () =>
    createLoginThrottle(store, {
      slowdownMs: SLOWDOWN_MS,
      sleep: async (ms) => {
        throttleWaits.push(ms);
      },
    });

  beforeEach(() => {
    throttleWaits.length = 0;
    prefix = `keyhaven-test:${process.pid}:${Math.random().toString(36).slice(2)}:`;
    if (kind === 'memory') {
      store = createMemoryCounterStore({ now: () => clock });
    } else {
      redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });
      store = createRedisCounterStore(redis, prefix);
    }
  });

  afterEach(async () => {
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    await store.close();
    redis = undefined;
  });

  /** A failed attempt: begun and never succeeded. */
  const fail = (t: ReturnType<typeof throttle>, email: string, ip: string) => t.begin(email, ip);

  it('refuses an address past its limit and a pair past its own', async () => {
    const t = throttle();
    for (let i = 0; i < MAX_PAIR_FAILURES; i++) await fail(t, 'a@example.test', '203.0.113.1');
    await expect(t.begin('a@example.test', '203.0.113.1')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    await expect(t.begin('a@example.test', '203.0.113.2')).resolves.toBeUndefined();
    for (let i = MAX_PAIR_FAILURES; i < MAX_ADDRESS_FAILURES; i++) {
      await fail(t, `other-${i}@example.test`, '203.0.113.1');
    }
    await expect(t.begin('fresh@example.test', '203.0.113.1')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    expect(await store.count('login-failures:account:fresh@example.test')).toBe(0);
    expect(throttleWaits).toEqual([]);
  });

  it('gives back whole an attempt that ended before its password was checked', async () => {
    const t = throttle();
    for (let i = 0; i < MAX_PAIR_FAILURES * 4; i++) {
      await t.begin('owner@example.test', '203.0.113.60');
      await t.unchecked('owner@example.test', '203.0.113.60');
    }
    for (const key of [
      'login-failures:address:203.0.113.60',
      'login-failures:pair:203.0.113.60:owner@example.test',
      'login-failures:account:owner@example.test',
    ]) {
      expect(await store.count(key), key).toBe(0);
    }
    await expect(t.begin('owner@example.test', '203.0.113.60')).resolves.toBeUndefined();
  });

  it('slows unknown addresses at an account under attack, and never its known ones', async () => {
    const t = throttle();
    await t.begin('owner@example.test', '203.0.113.50');
    await t.succeeded('owner@example.test', '203.0.113.50');
    for (let i = 0; i < ACCOUNT_ATTACK_FAILURES; i++) {
      await fail(t, 'owner@example.test', `203.0.113.${100 + i}`);
    }
    expect(throttleWaits).toEqual([]);
    await t.begin('owner@example.test', '203.0.113.200');
    expect(throttleWaits).toEqual([SLOWDOWN_MS]);
    await t.begin('owner@example.test', '203.0.113.50');
    expect(throttleWaits).toEqual([SLOWDOWN_MS]);
    // The owner's own success gives back only its own attempt: the attack is still counted.
    await t.succeeded('owner@example.test', '203.0.113.50');
    await t.begin('owner@example.test', '203.0.113.201');
    expect(throttleWaits).toEqual([SLOWDOWN_MS, SLOWDOWN_MS]);
  });

  it('remembers an address that signed in for thirty days, and forgives its failures', async () => {
    const t = throttle();
    for (let i = 0; i < MAX_PAIR_FAILURES - 1; i++) await fail(t, 'me@example.test', '203.0.113.7');
    await t.begin('me@example.test', '203.0.113.7');
    await t.succeeded('me@example.test', '203.0.113.7');
    expect(await store.count('login-failures:pair:203.0.113.7:me@example.test')).toBe(0);
    expect(await store.count('login-failures:address:203.0.113.7')).toBe(MAX_PAIR_FAILURES - 1);
    expect(await store.count('login-known:203.0.113.7:me@example.test')).toBe(1);
    if (redis) {
      const ttl = await redis.pttl(`${prefix}login-known:203.0.113.7:me@example.test`);
      expect(ttl).toBeGreaterThan(KNOWN_ADDRESS_MS - 60_000);
      expect(ttl).toBeLessThanOrEqual(KNOWN_ADDRESS_MS);
    } else {
      clock += KNOWN_ADDRESS_MS - 1000;
      expect(await store.count('login-known:203.0.113.7:me@example.test')).toBe(1);
      clock += 1000;
      expect(await store.count('login-known:203.0.113.7:me@example.test')).toBe(0);
    }
  });
});
