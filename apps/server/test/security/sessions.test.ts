import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AUTH_MESSAGES } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { configFrom } from '../../src/config.js';
import { properties, reviews, sessions, users } from '../../src/db/schema.js';
import { createAccount, type TestAccount } from '../helpers/accounts.js';
import { insertTestListingPhoto, listingBody } from '../helpers/listings.js';
import { productionEnv } from '../helpers/production-env.js';
import { type StripeApi, startStripeApi } from '../helpers/stripe-api.js';
import { useTestApp } from '../helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { changedTables, fingerprint } from './support/db-state.js';
import { freshAddress } from './support/world.js';

/*
 * Sessions and sign-in, through real HTTP where the client address matters: the same answer
 * and the same time for an unknown e-mail and a wrong password, throttling per address and per
 * address at one account, access that ends on the very next request, cookie attributes, and refusal of
 * cookie-authenticated requests made by another site.
 */

const TIMING_TRIES = Number(process.env.LOGIN_TIMING_TRIES || 200);

const ctx = useTestApp();
let port: number;

beforeAll(async () => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as AddressInfo).port;
});

let addressCounter = 0;
/** A loopback address of its own per attempt (all of 127.0.0.0/8 reaches the server). */
function nextLoopback() {
  addressCounter += 1;
  return `127.${10 + ((addressCounter >> 16) & 63)}.${(addressCounter >> 8) & 255}.${addressCounter & 255 || 1}`;
}

interface HttpAnswer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  ms: number;
}

/** A real HTTP request from a chosen loopback address. */
function send(
  method: string,
  urlPath: string,
  options: { body?: unknown; headers?: Record<string, string>; from?: string } = {},
): Promise<HttpAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        localAddress: options.from ?? nextLoopback(),
        agent: false,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(options.headers ?? {}),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            headers: response.headers,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
      },
    );
    request.on('error', reject);
    if (payload) request.write(payload);
    request.end();
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

describe('sign-in answers', () => {
  it(`read the same and take the same time for an unknown e-mail and a wrong password (${TIMING_TRIES} tries)`, async () => {
    // Nine failures per account at most, so the per-account throttle never trips here.
    const perKind = Math.ceil(TIMING_TRIES / 2);
    const accounts: TestAccount[] = [];
    for (let i = 0; i < Math.ceil((perKind + 10) / 9); i++)
      accounts.push(await createAccount(ctx.app, 'user', {}, { registered: true }));
    let wrongIndex = 0;
    let unknownIndex = 0;
    const wrong = () => {
      const account = accounts[Math.floor(wrongIndex++ / 9)] as TestAccount;
      return send('POST', '/auth/login', {
        body: { email: account.email, password: 'Wrong-Pass1' },
      });
    };
    const unknown = () =>
      send('POST', '/auth/login', {
        body: {
          email: `nobody-${unknownIndex++}-${Date.now()}@example.test`,
          password: 'Wrong-Pass1',
        },
      });

    // Warm up both paths (JIT, pools, caches) before measuring.
    for (let i = 0; i < 5; i++) {
      await wrong();
      await unknown();
    }
    const times = { wrong: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    const statuses = new Set<number>();
    for (let i = 0; i < perKind; i++) {
      // Interleaved, in a varying order, so that noise from the machine falls on both alike.
      const pair =
        i % 2 === 0
          ? ([
              ['wrong', wrong],
              ['unknown', unknown],
            ] as const)
          : ([
              ['unknown', unknown],
              ['wrong', wrong],
            ] as const);
      for (const [kind, attempt] of pair) {
        const answer = await attempt();
        times[kind].push(answer.ms);
        bodies.add(answer.body);
        statuses.add(answer.status);
      }
    }
    expect([...statuses]).toEqual([401]);
    expect([...bodies]).toEqual([
      JSON.stringify({ error: AUTH_MESSAGES.invalidCredentials, code: 'UNAUTHENTICATED' }),
    ]);
    const [wrongMedian, unknownMedian] = [median(times.wrong), median(times.unknown)];
    const difference = Math.abs(wrongMedian - unknownMedian) / Math.min(wrongMedian, unknownMedian);
    expect(
      difference,
      `median wrong password ${wrongMedian.toFixed(1)} ms, unknown e-mail ${unknownMedian.toFixed(1)} ms`,
    ).toBeLessThan(0.1);
  }, 600_000);

  it('refuse the sixth guess from one address at one account, and that address everywhere after twenty', async () => {
    // One real client address throughout (outside the range the other tests draw from).
    const from = '127.3.0.1';
    const accounts = [] as TestAccount[];
    for (let i = 0; i < 4; i++) accounts.push(await createAccount(ctx.app));
    const [first, ...others] = accounts as [TestAccount, ...TestAccount[]];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await send('POST', '/auth/login', {
        body: { email: first.email, password: 'Wrong-Pass1' },
        from,
      });
      expect(answer.status, `failure ${attempt}`).toBe(401);
    }
    // Whatever the case or spacing of the address typed, the right password included.
    for (const email of [first.email, `  ${first.email.toUpperCase()} `]) {
      const sixth = await send('POST', '/auth/login', {
        body: { email, password: first.password },
        from,
      });
      expect(sixth.status).toBe(429);
      expect(JSON.parse(sixth.body)).toEqual({
        error: AUTH_MESSAGES.tooManyAttempts,
        code: 'RATE_LIMITED',
      });
    }
    const rest = await Promise.all(
      others.flatMap((account) =>
        Array.from({ length: 5 }, () =>
          send('POST', '/auth/login', {
            body: { email: account.email, password: 'Wrong-Pass1' },
            from,
          }),
        ),
      ),
    );
    expect(rest.map((answer) => answer.status)).toEqual(Array(15).fill(401));
    const fresh = await createAccount(ctx.app);
    const refused = await send('POST', '/auth/login', {
      body: { email: fresh.email, password: fresh.password },
      from,
    });
    expect(refused.status).toBe(429);
    // Nobody else is locked out: each owner signs in from an address of their own.
    for (const account of [...accounts, fresh]) {
      const answer = await send('POST', '/auth/login', {
        body: { email: account.email, password: account.password },
      });
      expect(answer.status).toBe(200);
    }
  });

  it('let at most five guesses from one address through when they all arrive at once', async () => {
    const account = await createAccount(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        send('POST', '/auth/login', {
          body: { email: account.email, password: 'Wrong-Pass1' },
          from: '127.3.0.2',
        }),
      ),
    );
    const checked = answers.filter((answer) => answer.status === 401).length;
    expect(answers.filter((a) => a.status !== 401 && a.status !== 429)).toEqual([]);
    expect(checked, `${checked} of 30 simultaneous guesses were checked`).toBeLessThanOrEqual(5);
  });

  it('give every sign-in a new, long, random session token', async () => {
    const account = await createAccount(ctx.app);
    const tokens = new Set<string>([account.token]);
    for (let i = 0; i < 3; i++) {
      const answer = await send('POST', '/auth/login', {
        body: { email: account.email, password: account.password },
      });
      expect(answer.status).toBe(200);
      tokens.add(JSON.parse(answer.body).token as string);
    }
    expect(tokens.size).toBe(4);
    for (const token of tokens) expect(token).toMatch(/^[\w.-]{32,}$/);
  });

  it('ignore a session id planted before sign-in (no fixation)', async () => {
    const account = await createAccount(ctx.app);
    const planted = 'keyhaven.session_token=planted-by-attacker';
    const answer = await send('POST', '/auth/login', {
      body: { email: account.email, password: account.password },
      headers: { cookie: planted },
    });
    expect(answer.status).toBe(200);
    const token = JSON.parse(answer.body).token as string;
    expect(token).not.toContain('planted');
    const session = await send('GET', '/auth/session', { headers: { cookie: planted } });
    expect(JSON.parse(session.body)).toEqual({ user: null });
  });
});

describe('access ends on the very next request', () => {
  const profile = (account: TestAccount, headers: Record<string, string>) =>
    send('GET', `/auth/users/${account.id}`, { headers });

  it('after logout, for the cookie and for the bearer token of that session', async () => {
    const account = await createAccount(ctx.app);
    const cookie = { cookie: account.cookie };
    expect((await profile(account, cookie)).status).toBe(200);
    expect((await profile(account, account.bearer)).status).toBe(200);
    const logout = await send('POST', '/auth/logout', {
      headers: { ...cookie, origin: 'http://localhost:3000' },
    });
    expect(logout.status).toBe(200);
    expect(String(logout.headers['set-cookie'])).toMatch(/keyhaven\.session_token=;|Max-Age=0/);
    expect((await profile(account, cookie)).status).toBe(401);
    expect((await profile(account, account.bearer)).status).toBe(401);
  });

  it('after a role change: an agent marked fraud can no longer list, at once', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const agent = await createAccount(ctx.app, 'agent');
    // Sent over the network, not injected: the listing's photo is stored here.
    await insertTestListingPhoto(ctx.app.db);
    const list = () =>
      send('POST', '/api/properties', { body: listingBody(), headers: agent.bearer });
    expect((await list()).status).toBe(200);
    const changed = await send('PATCH', `/api/user-role-update/${agent.id}/fraud`, {
      headers: admin.bearer,
    });
    expect(changed.status).toBe(200);
    const refused = await list();
    expect(refused.status).toBe(403);
    const owned = await ctx.app.db
      .select()
      .from(properties)
      .where(eq(properties.agentId, agent.id));
    expect(owned).toHaveLength(1);
  });

  it('after deletion: the cookie and the token get 401, and the sessions are gone', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const user = await createAccount(ctx.app);
    expect((await profile(user, { cookie: user.cookie })).status).toBe(200);
    expect((await send('DELETE', `/api/users/${user.id}`, { headers: admin.bearer })).status).toBe(
      200,
    );
    expect((await profile(user, { cookie: user.cookie })).status).toBe(401);
    expect((await profile(user, user.bearer)).status).toBe(401);
    expect(await ctx.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual(
      [],
    );
  });
});

describe('the session lookup', () => {
  const sessionUser = async (headers: Record<string, string>) =>
    JSON.parse((await send('GET', '/auth/session', { headers })).body).user as {
      _id: string;
    } | null;
  const expiry = async (token: string) => {
    const [row] = await ctx.app.db.select().from(sessions).where(eq(sessions.token, token));
    return row?.expiresAt;
  };
  const DAY = 24 * 3600 * 1000;

  it('refuses an expired session, by cookie and by token, and deletes it', async () => {
    const account = await createAccount(ctx.app);
    await ctx.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, account.token));
    expect(await sessionUser({ cookie: account.cookie })).toBeNull();
    expect(await sessionUser(account.bearer)).toBeNull();
    expect(await expiry(account.token)).toBeUndefined();
  });

  it('renews a session due for it, as better-auth does, and keeps the user signed in', async () => {
    const account = await createAccount(ctx.app);
    await ctx.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 2 * DAY) })
      .where(eq(sessions.token, account.token));
    expect((await sessionUser(account.bearer))?._id).toBe(account.id);
    expect((await expiry(account.token))?.getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    expect((await sessionUser({ cookie: account.cookie }))?._id).toBe(account.id);
  });

  it('refuses a session cookie whose signature is not ours', async () => {
    const account = await createAccount(ctx.app);
    const [name] = account.cookie.split('=');
    const forged = `${name}=${encodeURIComponent(`${account.token}.${'A'.repeat(43)}=`)}`;
    expect(await sessionUser({ cookie: forged })).toBeNull();
    expect((await sessionUser({ cookie: account.cookie }))?._id).toBe(account.id);
  });
});

describe('cookies', () => {
  it('are HttpOnly, SameSite=Lax, path /, and expire within a week', async () => {
    const account = await createAccount(ctx.app);
    const answer = await send('POST', '/auth/login', {
      body: { email: account.email, password: account.password },
    });
    const cookie =
      [answer.headers['set-cookie']].flat().find((c) => c?.includes('session_token')) ?? '';
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(cookie)?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(7 * 24 * 3600);
    // Not Secure over plain http in development, or the browser would drop it on localhost.
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  describe('in production', () => {
    let app: FastifyInstance;
    let database: TestDatabase;
    let dataDir: string;
    let stripeApi: StripeApi;

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-prod-cookies-'));
      database = await createTestDatabase();
      stripeApi = await startStripeApi();
      app = await buildApp(
        configFrom({
          ...productionEnv(stripeApi),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          SEED_DEMO: 'false',
        }),
        { database },
      );
      await app.ready();
    });

    afterAll(async () => {
      await app?.close();
      await database?.destroy();
      await stripeApi?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('are also Secure (and __Secure- prefixed), and still sign the user in', async () => {
      const account = await createAccount(app);
      const answer = await app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: account.email, password: account.password },
        headers: { origin: 'https://keyhaven.example' },
        remoteAddress: freshAddress(),
      });
      expect(answer.statusCode).toBe(200);
      const cookie =
        [answer.headers['set-cookie']].flat().find((c) => c?.includes('session_token')) ?? '';
      expect(cookie).toMatch(/^__Secure-keyhaven\.session_token=/);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      const session = await app.inject({
        method: 'GET',
        url: '/auth/session',
        headers: { cookie: cookie.split(';')[0] as string },
      });
      expect(session.json().user?._id).toBe(account.id);
      expect(answer.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    });
  });
});

describe('cross-site requests', () => {
  it('are refused when they carry the session cookie, and change nothing', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const user = await createAccount(ctx.app);
    const before = await fingerprint(ctx.app.db);
    const forged: Array<[string, string, unknown]> = [
      ['POST', '/api/reviews', { rating: 1, text: 'forged' }],
      ['POST', '/auth/logout', undefined],
      ['DELETE', `/api/users/${user.id}`, undefined],
      ['PATCH', `/api/user-role-update/${user.id}/admin`, undefined],
    ];
    for (const [method, url, body] of forged) {
      for (const headers of [
        { origin: 'https://evil.example' } as Record<string, string>,
        { origin: 'null' },
        { origin: 'http://localhost:3000.evil.example' },
        { 'sec-fetch-site': 'cross-site' },
      ]) {
        const cookie = url === '/api/reviews' ? user.cookie : admin.cookie;
        const answer = await send(method, url, { body, headers: { ...headers, cookie } });
        expect(answer.status, `${method} ${url} with ${JSON.stringify(headers)}`).toBe(403);
        expect(JSON.parse(answer.body).code).toBe('FORBIDDEN');
      }
    }
    expect(changedTables(before, await fingerprint(ctx.app.db))).toEqual([]);
    expect(await ctx.app.db.select().from(reviews)).toEqual([]);
    const [stored] = await ctx.app.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.role).toBe('user');
  });

  it('from the app itself still work', async () => {
    const user = await createAccount(ctx.app);
    const answer = await send('POST', '/api/reviews', {
      body: { rating: 5, text: 'same site' },
      headers: {
        cookie: user.cookie,
        origin: 'http://localhost:3000',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(answer.status).toBe(200);
  });
});
