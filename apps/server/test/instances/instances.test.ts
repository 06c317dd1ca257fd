import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage } from '../fixtures/images.js';
import { registrationBody } from '../helpers/accounts.js';
import { listingBody } from '../helpers/listings.js';
import { loopbackClients } from '../helpers/loopback-clients.js';
import { daysFromNow } from '../helpers/offers.js';
import {
  createScratchDatabase,
  postgresAnswers,
  postgresServerUrl,
  queryOnce,
  type ScratchDatabase,
} from '../helpers/postgres-server.js';
import { type ServerProcess, startServer } from '../helpers/server-process.js';
import {
  multipartBody,
  objectKeys,
  type TestObjectStore,
  useObjectStore,
} from '../helpers/uploads.js';

/*
 * Several instances: two server processes on two ports against one PostgreSQL database, with
 * their counters in Redis and their images in one S3-compatible store. A session made on one
 * works on the other, login throttling and rate limits count across both, a payment fulfilled
 * through one is seen by the other, and a photo uploaded through one is served by the other.
 * Skipped, with one line saying so, when PostgreSQL does not answer.
 */

const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

const available = await postgresAnswers();
if (!available)
  console.warn(
    `PostgreSQL does not answer at ${postgresServerUrl}: the several-instances tests are skipped.`,
  );

let database: ScratchDatabase | undefined;
let dataDir: string;
let a: ServerProcess;
let b: ServerProcess;
let redis: Redis;
let store: TestObjectStore;
/** Every Redis key these tests made a server create, deleted at the end and no other. */

function env(name: string) {
  return {
    DATABASE_URL: (database as ScratchDatabase).url,
    REDIS_URL: redisUrl,
    DATA_DIR: path.join(dataDir, name),
    SESSION_SECRET: 'instances-test-secret-instances-test-secret-0123',
    // Asked for, and still off: with REDIS_URL another instance may end a session at any time.
    SESSION_CACHE_SECONDS: '60',
    PUBLIC_URL: 'http://localhost:3000',
    ...store.env(),
  };
}

const clients = loopbackClients(256);
const nextLoopback = clients.nextAddress;

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the JSON of whichever route was called
  body: any;
}

/**
 * A call through real HTTP from a loopback address of its own: the servers count failures and
 * rate limits per address in the shared Redis, and these tests must leave no count behind for
 * 127.0.0.1 (every key they cause is deleted at the end).
 */
function send(
  server: ServerProcess,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; from?: string } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path,
        localAddress: options.from ?? nextLoopback(),
        agent: false,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {}
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** A GET answered with its bytes as they are, for files. */
function download(server: ServerProcess, path: string) {
  return new Promise<{ status: number; type: string | undefined; bytes: Buffer }>(
    (resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port: server.port, path, localAddress: nextLoopback(), agent: false },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              type: response.headers['content-type'],
              bytes: Buffer.concat(chunks),
            }),
          );
        },
      );
      request.on('error', reject);
      request.end();
    },
  );
}

/** Uploads a picture through the server as the user; answers the upload's `data`. */
async function uploadThrough(server: ServerProcess, token: string) {
  const image = await makeImage('jpeg', { width: 800, height: 600 });
  const { payload, headers } = multipartBody([
    { name: 'image', data: image, filename: 'home.jpg', contentType: 'image/jpeg' },
  ]);
  const answer = await new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/api/uploads',
        localAddress: nextLoopback(),
        agent: false,
        headers: { ...headers, 'content-length': payload.length, authorization: `Bearer ${token}` },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { url: string; thumbnailUrl: string };
}

async function login(
  server: ServerProcess,
  email: string,
  password: string,
  from?: string,
): Promise<number> {
  clients.signedInAs(email);
  return (await send(server, 'POST', '/auth/login', { body: { email, password }, from })).status;
}

async function register(server: ServerProcess) {
  const body = registrationBody();
  clients.signedInAs(body.email);
  const answer = await send(server, 'POST', '/auth/register', { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return {
    id: answer.body.user._id as string,
    email: body.email,
    password: body.password,
    token: answer.body.token as string,
  };
}

/** Roles are given as an operator would, in the database (registration always makes a user). */
async function setRole(id: string, role: string) {
  await queryOnce((database as ScratchDatabase).url, 'update users set role = $1 where id = $2', [
    role,
    id,
  ]);
}

/** The buyer's address confirmed, as the link in its mail does: offers and payments need it. */
async function confirmEmail(id: string) {
  await queryOnce(
    (database as ScratchDatabase).url,
    'update users set email_verified = true where id = $1',
    [id],
  );
}

describe.skipIf(!available)('two instances on one PostgreSQL database', () => {
  store = useObjectStore();

  beforeAll(async () => {
    database = await createScratchDatabase('keyhaven_instances');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-instances-'));
    redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    // Both start at once on a fresh database: they must agree on the migrations.
    [a, b] = await Promise.all([startServer(env('a')), startServer(env('b'))]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    if (redis) {
      await clients.forgetCounters(redis);
      redis.disconnect();
    }
    await database?.drop().catch(() => {});
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('share sessions: made on one, used and ended on the other', async () => {
    const user = await register(a);
    const onA = await send(a, 'GET', '/auth/session', { token: user.token });
    expect(onA.body.user?._id).toBe(user.id);
    const onB = await send(b, 'GET', '/auth/session', { token: user.token });
    expect(onB.body.user?._id).toBe(user.id);
    const loggedOut = await send(b, 'POST', '/auth/logout', { token: user.token });
    expect(loggedOut.status).toBe(200);
    expect((await send(a, 'GET', `/auth/users/${user.id}`, { token: user.token })).status).toBe(
      401,
    );
  });

  it('count failed logins across both, through Redis: the 6th from one address is refused on either', async () => {
    const user = await register(a);
    const from = nextLoopback();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const status = await login(attempt % 2 ? a : b, user.email, 'Wrong-Pass1', from);
      expect(status, `failure ${attempt} on ${attempt % 2 ? 'a' : 'b'}`).toBe(401);
    }
    expect(await login(a, user.email, user.password, from)).toBe(429);
    expect(await login(b, user.email, user.password, from)).toBe(429);
    const email = user.email.toLowerCase();
    expect(Number(await redis.get(`keyhaven:login-failures:pair:${from}:${email}`))).toBe(5);
    expect(Number(await redis.get(`keyhaven:login-failures:account:${email}`))).toBe(5);
    // Another address is not refused, and having signed in there it is remembered for both.
    const home = nextLoopback();
    expect(await login(b, user.email, user.password, home)).toBe(200);
    expect(await redis.get(`keyhaven:login-known:${home}:${email}`)).toBe('1');
  });

  it('see each other’s role changes and payments at once', async () => {
    const agent = await register(a);
    const admin = await register(b);
    const buyer = await register(a);
    await setRole(agent.id, 'agent');
    await setRole(admin.id, 'admin');
    await confirmEmail(buyer.id);

    const photo = await uploadThrough(a, agent.token);
    const listed = await send(b, 'POST', '/api/properties', {
      token: agent.token,
      body: listingBody({ image: photo.url }),
    });
    expect(listed.status).toBe(200);
    const listingId = listed.body.insertedId as string;
    expect(
      (
        await send(a, 'PATCH', `/api/properties/admin-approval/${listingId}/true`, {
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    const offered = await send(b, 'PATCH', `/make-offer/${listingId}`, {
      token: buyer.token,
      body: { offerAmount: 260_000, selectedDate: daysFromNow(30) },
    });
    expect(offered.status).toBe(200);
    const accepted = await send(
      a,
      'PATCH',
      `/api/properties/accept-request/${listingId}?email=${encodeURIComponent(buyer.email)}`,
      {
        token: agent.token,
      },
    );
    expect(accepted.status).toBe(200);
    const checkout = await send(b, 'POST', '/api/payment/create-checkout-session', {
      token: buyer.token,
      body: { offer: { _id: listingId } },
    });
    expect(checkout.status).toBe(200);
    const session = (checkout.body.url as string).split('/').pop() as string;
    const payThrough = (server: ServerProcess) =>
      send(server, 'POST', `/api/payment/demo/${session}/pay`, {
        token: buyer.token,
        body: {
          cardNumber: '4242 4242 4242 4242',
          expiry: '12/39',
          cvc: '123',
          name: 'Two Instances',
        },
      });
    const paid = await payThrough(a);
    expect(paid.status).toBe(200);

    const verified = await send(b, 'GET', `/api/payment/verify?session_id=${session}`, {
      token: buyer.token,
    });
    expect(verified.body).toMatchObject({ verified: true, amount: 260_000 });
    const listing = await send(b, 'GET', `/api/properties/${listingId}`, { token: buyer.token });
    expect(listing.body).toMatchObject({ availability: 'Sold', soldStatus: 'true' });
    // Paying twice, through the other instance, sells nothing twice.
    const again = await payThrough(b);
    expect(again.status).toBe(200);
    const [sales] = await queryOnce<{ n: number }>(
      (database as ScratchDatabase).url,
      "select count(*)::int as n from payments where status = 'paid'",
    );
    expect(sales?.n).toBe(1);

    // A role change made through one instance binds the other at once.
    expect(
      (await send(a, 'PATCH', `/api/user-role-update/${agent.id}/fraud`, { token: admin.token }))
        .status,
    ).toBe(200);
    expect(
      (await send(b, 'POST', '/api/properties', { token: agent.token, body: listingBody() }))
        .status,
    ).toBe(403);
  });

  it('share images: uploaded through one, served by the other byte for byte', async () => {
    const user = await register(a);
    const photo = await uploadThrough(a, user.token);
    const key = photo.url.slice('/uploads/'.length);
    expect(await objectKeys(store)).toContain(key);
    for (const url of [photo.url, photo.url.replace('-1600.webp', '-960.avif')]) {
      const [fromA, fromB] = await Promise.all([download(a, url), download(b, url)]);
      expect(fromB.status, url).toBe(200);
      expect(fromB.type).toBe(url.endsWith('.avif') ? 'image/avif' : 'image/webp');
      expect(fromB.bytes.equals(fromA.bytes), url).toBe(true);
    }
    const served = await download(b, photo.url);
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: 'webp', width: 800 });
    // Neither instance kept a file of its own.
    for (const name of ['a', 'b']) {
      const own = await readdir(path.join(dataDir, name, 'uploads')).catch(() => []);
      expect(own, name).toEqual([]);
    }
  });
});
