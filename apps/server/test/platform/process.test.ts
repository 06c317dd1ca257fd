import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionEnv } from '../helpers/production-env.js';
import { call, spawnServer, startServer } from '../helpers/server-process.js';
import { startStripeApi } from '../helpers/stripe-api.js';

/* These start the real server process, as `npm start` does, to test what only a process shows. */

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-process-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

// Each test starts real processes; on a loaded machine a cold start can take a while.
describe('the server process', { timeout: 150_000 }, () => {
  it('refuses a second process on the same embedded data directory, naming the first', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    try {
      const second = await spawnServer({ DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `in use by another Keyhaven process (pid ${first.child.pid}`,
      );
      // The first process is unharmed.
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    } finally {
      await first.stop();
    }
  });

  it('shuts down gracefully on SIGTERM, finishing in-flight requests and releasing the lock', async () => {
    const server = await startServer({ DATA_DIR: dataDir });
    // A request whose body is still arriving when the signal comes must still be answered.
    const body = JSON.stringify({ note: 'slow client' });
    const request = http.request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: '/auth/logout',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<number | undefined>((resolve, reject) => {
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, 5));
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    request.end(body.slice(5));
    expect(await answered).toBe(200);
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'keyhaven.lock'))).toBe(false);
  });

  it('exits with code 1 and lists every problem on bad configuration', async () => {
    const server = await spawnServer({ DATA_DIR: dataDir, PORT: 'eighty', SEED_DEMO: 'maybe' });
    expect(await server.exited).toBe(1);
    // One JSON line, as every line of the log, with the list in a field of its own.
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] as string);
    expect(line.msg).toContain('Invalid configuration');
    expect(line.problems).toEqual([
      expect.stringMatching(/^PORT: /),
      expect.stringMatching(/^SEED_DEMO: /),
    ]);
  });

  it('refuses to start in production on any demo default, naming every setting to give', async () => {
    const server = await spawnServer({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      TRUST_PROXY: 'true',
    });
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output).toContain('Invalid configuration');
    for (const setting of [
      'SESSION_SECRET: is required in production',
      'STRIPE_SECRET_KEY: is required in production',
      'STRIPE_WEBHOOK_SECRET: is required in production',
      'SEED_DEMO: must not be true in production',
      'SMTP_URL: is required in production',
      'MAIL_TRANSPORT=outbox',
      'TRUST_PROXY: true is refused in production',
    ]) {
      expect(output).toContain(setting);
    }
    // A readable list, not a stack trace.
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('in production on a new embedded database, the demo accounts do not exist', async () => {
    const stripeApi = await startStripeApi();
    // SEED_DEMO unset: the embedded database's own default.
    const server = await startServer({
      ...productionEnv(stripeApi),
      DATA_DIR: path.join(dataDir, 'production'),
      SEED_DEMO: undefined,
    });
    try {
      const signIn = await call(server, 'POST', '/auth/login', {
        body: { email: 'admin@keyhaven.test', password: 'Admin123' },
      });
      expect(signIn.status).toBe(401);
      const listings = await call(server, 'GET', '/properties/search');
      expect(listings.status).toBe(200);
      expect(listings.body).toEqual([]);
    } finally {
      await server.stop();
      await stripeApi.close();
    }
  });

  it('npm run seed refuses to add the demo marketplace in production', async () => {
    const stripeApi = await startStripeApi();
    try {
      const outcome = await new Promise<{ code: number | null; output: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', '--conditions=source', 'src/cli/seed.ts'],
          {
            cwd: fileURLToPath(new URL('../..', import.meta.url)),
            env: {
              PATH: process.env.PATH,
              ...productionEnv(stripeApi),
              DATA_DIR: path.join(dataDir, 'seeded-in-production'),
            },
          },
          (error, stdout, stderr) =>
            resolve({ code: error ? (error.code as number) : 0, output: stdout + stderr }),
        );
      });
      expect(outcome.code).toBe(1);
      expect(outcome.output).toContain(
        'NODE_ENV: production never seeds the demo marketplace: its accounts would sign in with published passwords',
      );
      expect(existsSync(path.join(dataDir, 'seeded-in-production'))).toBe(false);
    } finally {
      await stripeApi.close();
    }
  });
});
