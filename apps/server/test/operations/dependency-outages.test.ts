import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage } from '../fixtures/images.js';
import { registrationBody } from '../helpers/accounts.js';
import {
  createScratchDatabase,
  postgresAnswers,
  postgresServerUrl,
  type ScratchDatabase,
} from '../helpers/postgres-server.js';
import {
  freePort,
  type ServerProcess,
  spawnServer,
  waitUntilReady,
} from '../helpers/server-process.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { multipartBody } from '../helpers/uploads.js';

/*
 * What a server process does when a part it depends on fails: a PostgreSQL that hangs or holds a
 * lock, a Redis that is down, an S3 store that cannot be reached. Each request is answered 503
 * with Retry-After within a few seconds instead of a 500 ten seconds later, the process keeps
 * serving, comes back with the part, and every line it writes meanwhile is JSON with no e-mail
 * address or password in it. Skipped, with one line saying so, when PostgreSQL does not answer.
 */

const redisUrl = new URL(process.env.REDIS_URL || 'redis://127.0.0.1:6379');

const available = await postgresAnswers();
if (!available)
  console.warn(
    `PostgreSQL does not answer at ${postgresServerUrl}: the dependency outage tests are skipped.`,
  );

/** Generous: the limit is 2 s; a loaded machine may add to it, never ten seconds' worth. */
const FAST_MS = 4000;

// Every call comes from a loopback address of this run's own, so the failures and limits it
// counts in the shared Redis are no one else's, and are deleted at the end.
const ownBlock = 200 + (process.pid % 50);
let addressCounter = 0;
const usedAddresses = new Set<string>();
const usedEmails = new Set<string>();
function nextLoopback() {
  addressCounter += 1;
  const address = `127.${ownBlock}.${(process.pid >> 6) & 255}.${addressCounter}`;
  usedAddresses.add(address);
  return address;
}

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the JSON of whichever route was called
  body: any;
  headers: http.IncomingHttpHeaders;
  ms: number;
}

function send(
  server: ServerProcess,
  method: string,
  route: string,
  options: { token?: string; body?: unknown; payload?: Buffer; headers?: object } = {},
): Promise<Answer> {
  const payload =
    options.payload ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const startedAt = Date.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path: route,
        localAddress: nextLoopback(),
        agent: false,
        headers: {
          ...(payload && !options.payload ? { 'content-type': 'application/json' } : {}),
          ...(payload ? { 'content-length': Buffer.byteLength(payload) } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
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
          resolve({
            status: response.statusCode ?? 0,
            body,
            headers: response.headers,
            ms: Date.now() - startedAt,
          });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function login(server: ServerProcess, email: string, password: string) {
  usedEmails.add(email.toLowerCase());
  return send(server, 'POST', '/auth/login', { body: { email, password } });
}

/** The answer a request gets while a part the server needs is not answering. */
function expectBriefOutage(answer: Answer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(503);
  expect(answer.body).toEqual({ error: expect.any(String), code: 'UNAVAILABLE' });
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(answer.ms).toBeLessThan(FAST_MS);
}

/** Asks until the answer is the one wanted (the part is back), for at most 20 s. */
async function eventually(ask: () => Promise<Answer>, status: number): Promise<Answer> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await ask();
    if (answer.status === status || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Every line the process wrote, each of which must be one JSON object. */
function logLines(server: ServerProcess): object[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as object;
      } catch {
        throw new Error(`a line of the log is not JSON: ${line}`);
      }
    });
}

let dataDir: string;
const started: ServerProcess[] = [];
const proxies: TcpProxy[] = [];
const databases: ScratchDatabase[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-outages-'));
});

afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await Promise.all(databases.map((database) => database.drop()));
  await rm(dataDir, { recursive: true, force: true });
  const redis = new Redis(redisUrl.href);
  try {
    const patterns = [
      ...[...usedEmails].flatMap((email) => [
        `keyhaven:login-*:${email}`,
        `keyhaven:password-reset:${email}`,
      ]),
      ...[...usedAddresses].flatMap((address) => [`keyhaven*${address}*`]),
    ];
    for (const pattern of patterns) {
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        cursor = next;
        if (found.length > 0) await redis.del(...found);
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
});

async function serverOn(
  name: string,
  env: Record<string, string | undefined>,
): Promise<ServerProcess> {
  const server = await spawnServer({
    DATA_DIR: path.join(dataDir, name),
    LOG_LEVEL: 'info',
    SESSION_SECRET: 'outages-test-secret-outages-test-secret-0123456',
    ...env,
  });
  started.push(server);
  // Not ready while Redis is down (/readyz asks it), but serving.
  await waitUntilReady(server, { serving: true });
  return server;
}

async function scratchDatabaseBehindProxy() {
  const database = await createScratchDatabase('outages');
  databases.push(database);
  const target = new URL(database.url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  proxies.push(proxy);
  const through = new URL(database.url);
  through.hostname = '127.0.0.1';
  through.port = String(proxy.port);
  return { database, proxy, url: through.href };
}

describe.skipIf(!available)('when a part the server depends on fails', { timeout: 180_000 }, () => {
  it('a hung database: each request is answered 503 within seconds, and served again once it is back', async () => {
    const { proxy, url } = await scratchDatabaseBehindProxy();
    const server = await serverOn('hung-database', { DATABASE_URL: url });
    expect((await send(server, 'GET', '/properties/search')).status).toBe(200);

    proxy.set('hang');
    // The pool's open connection gets no answer; the next must first connect, and cannot.
    expectBriefOutage(await send(server, 'GET', '/properties/search'));
    expectBriefOutage(await send(server, 'GET', '/properties/search'));

    proxy.set('pass');
    expect((await eventually(() => send(server, 'GET', '/properties/search'), 200)).status).toBe(
      200,
    );
    expect(server.child.exitCode).toBeNull();
    logLines(server);
  });

  it('a statement held by a lock past the limit is cancelled and answered 503', async () => {
    const database = await createScratchDatabase('outages');
    databases.push(database);
    const server = await serverOn('locked-table', { DATABASE_URL: database.url });
    expect((await send(server, 'GET', '/properties/search')).status).toBe(200);

    // An operator's long maintenance holds the table every search reads.
    const maintenance = new pg.Client({ connectionString: database.url });
    await maintenance.connect();
    try {
      await maintenance.query('begin');
      await maintenance.query('lock table properties in access exclusive mode');
      expectBriefOutage(await send(server, 'GET', '/properties/search'));
      await maintenance.query('rollback');
    } finally {
      await maintenance.end();
    }
    expect((await send(server, 'GET', '/properties/search')).status).toBe(200);
    logLines(server);
  });

  it('Redis unreachable from the start: a sign-in is answered 503 at once, and the process keeps serving', async () => {
    const closedPort = await freePort();
    const server = await serverOn('no-redis', { REDIS_URL: `redis://127.0.0.1:${closedPort}` });
    expectBriefOutage(await login(server, 'nobody@example.test', 'Whatever123'));
    expectBriefOutage(await login(server, 'nobody@example.test', 'Whatever123'));
    expect((await send(server, 'GET', '/healthz')).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    await server.stop();
    const lines = logLines(server);
    expect(JSON.stringify(lines)).not.toContain('nobody@example.test');
  });

  it('a day of failures leaves a log of JSON lines only, without an address or a password', async () => {
    const database = await createScratchDatabase('outages');
    databases.push(database);
    const redisProxy = await startTcpProxy({
      host: redisUrl.hostname,
      port: Number(redisUrl.port || 6379),
    });
    proxies.push(redisProxy);
    const unreachableS3 = `http://127.0.0.1:${await freePort()}`;
    const server = await serverOn('journey', {
      DATABASE_URL: database.url,
      REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
      // Each run keeps its live updates to itself on the shared Redis.
      LIVE_UPDATES_CHANNEL: `keyhaven:outages-test:${process.pid}`,
      JOB_WORKERS: 'true',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: unreachableS3,
      S3_BUCKET: 'keyhaven-test',
      S3_ACCESS_KEY_ID: 'outages-test-key-id',
      S3_SECRET_ACCESS_KEY: 'outages-test-secret-access-key',
    });

    const person = registrationBody({ password: 'Journey-Secret-4821' });
    usedEmails.add(person.email.toLowerCase());
    const registered = await send(server, 'POST', '/auth/register', { body: person });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const token = registered.body.token as string;

    expect((await login(server, person.email, 'Wrong-Guess-7730')).status).toBe(401);
    const forgot = await send(server, 'POST', '/auth/forgot-password', {
      body: { email: person.email },
    });
    expect(forgot.status).toBe(200);
    // The address in a page's URL, as a link in a mail would carry it.
    await send(server, 'GET', `/api/users/by-email/${encodeURIComponent(person.email)}`);

    // Redis goes down for a while, then comes back.
    redisProxy.set('refuse');
    expectBriefOutage(await login(server, person.email, person.password));
    redisProxy.set('pass');
    expect((await eventually(() => login(server, person.email, person.password), 200)).status).toBe(
      200,
    );

    // The image store cannot be reached: the upload fails as an outage, and keeps nothing.
    const image = await makeImage('jpeg', { width: 400, height: 300 });
    const { payload, headers } = multipartBody([
      { name: 'image', data: image, filename: 'home.jpg', contentType: 'image/jpeg' },
    ]);
    const upload = await send(server, 'POST', '/api/uploads', { token, payload, headers });
    expect(upload.status, JSON.stringify(upload.body)).toBe(503);
    expect(upload.body.code).toBe('UNAVAILABLE');

    await server.stop();
    const lines = logLines(server);
    // The failures were logged, as JSON, with their causes.
    expect(lines.some((line) => JSON.stringify(line).includes('Redis'))).toBe(true);
    const log = server.output();
    expect(log.toLowerCase()).not.toContain(person.email.toLowerCase());
    expect(log).not.toContain(encodeURIComponent(person.email));
    for (const password of [person.password, 'Wrong-Guess-7730', 'outages-test-secret']) {
      expect(log).not.toContain(password);
    }
  });
});
