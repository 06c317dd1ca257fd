import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { configFrom } from '../../src/config.js';
import { createInstanceServer } from '../../src/lib/instance-server.js';
import { call, spawnServer } from '../helpers/server-process.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

/*
 * An instance answers from the moment it starts: alive at /healthz, "starting" at /readyz and
 * everywhere else, never a refused connection, and then, once its database is open and
 * migrated, as the app.
 */

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-starting-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('a starting instance', { timeout: 150_000 }, () => {
  it('answers "starting" on a new embedded database until it is ready, and never refuses a connection once it answers', async () => {
    const server = await spawnServer({ DATA_DIR: path.join(dataDir, 'new') });
    try {
      const startingAnswers: Array<{ ready: number; body: unknown; retryAfter: string | null }> =
        [];
      const alive: number[] = [];
      let answered = false;
      let refusedAfterAnswering = 0;
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        if (server.child.exitCode !== null) throw new Error(`exited:\n${server.output()}`);
        const [ready, health] = await Promise.all([
          call(server, 'GET', '/readyz'),
          call(server, 'GET', '/healthz'),
        ]);
        if (ready.status === 0 || health.status === 0) {
          if (answered) refusedAfterAnswering += 1;
        } else {
          answered = true;
          alive.push(health.status);
          if (ready.status === 200) break;
          startingAnswers.push({
            ready: ready.status,
            body: ready.body,
            retryAfter: ready.headers.get('retry-after'),
          });
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Seen starting, then ready.
      expect(startingAnswers.length).toBeGreaterThan(0);
      for (const answer of startingAnswers) {
        expect(answer).toEqual({
          ready: 503,
          body: { error: 'Starting', code: 'UNAVAILABLE' },
          retryAfter: '5',
        });
      }
      expect((await call(server, 'GET', '/readyz')).status).toBe(200);
      expect(new Set(alive)).toEqual(new Set([200]));
      expect(refusedAfterAnswering).toBe(0);
    } finally {
      await server.stop();
    }
    expect(await server.exited).toBe(0);
  });

  it('while its app is being built, answers pages with a short page in the brand and the API with 503, both with Retry-After', async () => {
    const instance = createInstanceServer({ brandName: 'Harbor & Homes' });
    await instance.listen('127.0.0.1', 0);
    const address = instance.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    let database: TestDatabase | undefined;
    try {
      const page = await fetch(`${url}/properties?city=Austin`, {
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('5');
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('Harbor &#38; Homes is starting, try again in a moment');

      const write = await call({ url }, 'POST', '/api/saved-searches', {
        body: { name: 'Austin', filters: {}, alert: 'off' },
      });
      expect(write.status).toBe(503);
      expect(write.body).toEqual({ error: 'Starting', code: 'UNAVAILABLE' });
      expect(write.headers.get('retry-after')).toBe('5');
      expect((await call({ url }, 'GET', '/healthz')).body).toEqual({ status: 'ok' });

      // The app, built on the server that has been answering all along, takes over.
      database = await createTestDatabase();
      const app = await buildApp(
        configFrom({ DATA_DIR: path.join(dataDir, 'in-process'), LOG_LEVEL: 'silent' }),
        { database, serverFactory: instance.serverFactory },
      );
      await app.ready();
      // Still "starting" until the app is handed the requests.
      expect((await call({ url }, 'GET', '/readyz')).status).toBe(503);
      instance.serve();
      expect(await call({ url }, 'GET', '/readyz')).toMatchObject({
        status: 200,
        body: { status: 'ok' },
      });
      expect((await call({ url }, 'POST', '/api/saved-searches', { body: {} })).status).toBe(401);

      app.leaving.start();
      await instance.close();
      await app.close();
    } finally {
      if (instance.server.listening) await instance.close();
      await database?.destroy();
    }
  });
});
