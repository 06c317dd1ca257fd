import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { configFrom } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { useObjectStore } from '../helpers/uploads.js';

/*
 * /readyz asks every service the instance cannot serve without (the database, Redis, the object
 * store), each for about a second and all at once, and answers 503 without saying which failed
 * when one does not answer. Redis and the object store are reached through a relay the test can
 * silence: connections are accepted and never answered, as from a host that went away.
 */

const redisPort = Number(new URL(process.env.REDIS_URL || 'redis://127.0.0.1:6379').port || 6379);

interface Relay {
  port: number;
  /** Drops every connection; new ones are held open and never answered. */
  silence(): void;
  /** Drops every connection; new ones reach the service again. */
  restore(): void;
  close(): Promise<void>;
}

async function relayTo(port: number): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  let silent = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    track(client);
    if (silent) return;
    const service = net.connect(port, '127.0.0.1');
    track(service);
    client.pipe(service).pipe(client);
    client.on('close', () => service.destroy());
    service.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    silence() {
      silent = true;
      dropAll();
    },
    restore() {
      silent = false;
      dropAll();
    },
    close: () =>
      new Promise((resolve) => {
        dropAll();
        server.close(() => resolve());
      }),
  };
}

const store = useObjectStore();
let redis: Relay;
let objectStore: Relay;
let database: TestDatabase;
let dataDir: string;
let app: FastifyInstance;
/** The app's log, one JSON object per line. */
const logLines: string[] = [];
const logStream = { write: (line: string) => logLines.push(line) };

/** The warnings /readyz logged about `service`. */
const warningsAbout = (service: string) =>
  logLines
    .map((line) => JSON.parse(line) as { level: number; service?: string; msg: string })
    .filter((entry) => entry.level === 40 && entry.service === service);

beforeAll(async () => {
  redis = await relayTo(redisPort);
  objectStore = await relayTo(Number(new URL(store.endpoint).port));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-readiness-'));
  database = await createTestDatabase();
  app = await buildApp(
    configFrom({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      LIVE_UPDATES_CHANNEL: `keyhaven-test:readiness:${path.basename(dataDir)}`,
      ...store.env(),
      S3_ENDPOINT: `http://127.0.0.1:${objectStore.port}`,
    }),
    { database, logStream },
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  await redis?.close();
  await objectStore?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** /readyz's answer and how long it took. */
async function readiness() {
  const started = Date.now();
  const response = await app.inject({ method: 'GET', url: '/readyz' });
  return { status: response.statusCode, body: response.json(), ms: Date.now() - started };
}

/** Waits until the answer is `status` (a dropped client reconnects on its own schedule). */
async function readinessBecomes(status: number) {
  const deadline = Date.now() + 20_000;
  let answer = await readiness();
  while (answer.status !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    answer = await readiness();
  }
  return answer;
}

describe('readiness with Redis and an object store', { timeout: 60_000 }, () => {
  it('is ready when the database, Redis and the object store all answer', async () => {
    const answer = await readinessBecomes(200);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok' });
  });

  it('says only "not ready", within about a second, when Redis does not answer', async () => {
    redis.silence();
    try {
      const answer = await readiness();
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ error: 'Not ready', code: 'UNAVAILABLE' });
      expect(answer.ms).toBeLessThan(3000);
      // The log says which.
      expect(warningsAbout('redis').at(-1)?.msg).toBe('redis does not answer');
    } finally {
      redis.restore();
    }
    expect((await readinessBecomes(200)).status).toBe(200);
  });

  it('says only "not ready", within about a second, when the object store does not answer', async () => {
    objectStore.silence();
    try {
      const answer = await readiness();
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ error: 'Not ready', code: 'UNAVAILABLE' });
      expect(answer.ms).toBeLessThan(3000);
      expect(warningsAbout('object store').at(-1)?.msg).toBe('object store does not answer');
    } finally {
      objectStore.restore();
    }
    expect((await readinessBecomes(200)).status).toBe(200);
  });

  it('asks them at once: both silent, still one answer within about a second', async () => {
    redis.silence();
    objectStore.silence();
    try {
      const answer = await readiness();
      expect(answer.status).toBe(503);
      expect(answer.ms).toBeLessThan(3000);
    } finally {
      redis.restore();
      objectStore.restore();
    }
    expect((await readinessBecomes(200)).status).toBe(200);
  });
});
