import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/* These start the real server process, as `npm start` does, to test what only a process shows. */

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

interface RunningServer {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): RunningServer {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitUntilReady(port: number, server: RunningServer) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not ready:\n${server.output()}`);
}

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
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    try {
      await waitUntilReady(port, first);
      const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `in use by another Keyhaven process (pid ${first.child.pid}`,
      );
      // The first process is unharmed.
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });

  it('shuts down gracefully on SIGTERM, finishing in-flight requests and releasing the lock', async () => {
    const port = await freePort();
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await waitUntilReady(port, server);
    // A request whose body is still arriving when the signal comes must still be answered.
    const body = JSON.stringify({ note: 'slow client' });
    const request = http.request({
      host: '127.0.0.1',
      port,
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
    const server = startServer({ DATA_DIR: dataDir, PORT: 'eighty', SEED_DEMO: 'maybe' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('PORT');
    expect(server.output()).toContain('SEED_DEMO');
  });
});
