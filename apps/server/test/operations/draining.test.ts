import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationBody } from '../helpers/accounts.js';
import { call, type ServerProcess, startServer } from '../helpers/server-process.js';

/*
 * SIGTERM, as a platform sends it to replace an instance: every request already received is
 * answered (writes included, none with 503), and so is one arriving on a connection already open,
 * the live-update streams end so their pages connect elsewhere, idle connections close, no new
 * connection is taken, and the process exits 0 with the writes kept.
 */

const WRITES = 8;

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-draining-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a new connection to the port is refused. */
function connectionRefused(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** A saved search posted on the agent's kept-alive connections, its body held back until `finish`. */
function slowWrite(server: ServerProcess, agent: http.Agent, token: string, name: string) {
  const body = JSON.stringify({ name, filters: { location: 'Austin' }, alert: 'off' });
  const request = http.request({
    host: '127.0.0.1',
    port: server.port,
    agent,
    method: 'POST',
    path: '/api/saved-searches',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    },
  });
  const answered = new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }),
      );
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 10));
  return { answered, finish: () => request.end(body.slice(10)) };
}

// Two cold starts of a real process; on a loaded machine each can take a while.
/** A kept-alive connection that has answered one request and waits for the next. */
async function keptAliveConnection(server: ServerProcess) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let closed: Promise<void> | undefined;
  await new Promise<void>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: server.port, path: '/healthz', agent }, (response) => {
        response.resume();
        response.on('end', resolve);
      })
      .on('socket', (socket) => {
        closed = new Promise<void>((done) => socket.once('close', () => done()));
      })
      .on('error', reject);
  });
  return { agent, closed: closed as Promise<void> };
}

describe('an instance told to stop', { timeout: 240_000 }, () => {
  it('answers every request it has received, ends its streams and idle connections, takes no new connection, and exits 0', async () => {
    const settings = { DATA_DIR: path.join(dataDir, 'instance') };
    const server = await startServer(settings);
    const registration = await call(server, 'POST', '/auth/register', { body: registrationBody() });
    expect(registration.status).toBe(200);
    const token = registration.body.token as string;

    // Kept-alive connections, each used once already.
    const agent = new http.Agent({ keepAlive: true, maxSockets: WRITES });
    const warmed = await Promise.all(
      Array.from(
        { length: WRITES },
        () =>
          new Promise<number>((resolve, reject) => {
            http
              .get(
                { host: '127.0.0.1', port: server.port, path: '/healthz', agent },
                (response) => {
                  response.resume();
                  response.on('end', () => resolve(response.statusCode ?? 0));
                },
              )
              .on('error', reject);
          }),
      ),
    );
    expect(warmed).toEqual(Array(WRITES).fill(200));

    // An open page's live unread count, and two connections left idle after one request.
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port: server.port,
            path: '/api/notifications/stream',
            agent: false,
            headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
          },
          resolve,
        )
        .on('error', reject);
    });
    expect(stream.statusCode).toBe(200);
    stream.resume();
    const streamEnded = new Promise<void>((resolve) => stream.on('close', resolve));
    const idle = await keptAliveConnection(server);
    const late = await keptAliveConnection(server);

    const writes = Array.from({ length: WRITES }, (_, index) =>
      slowWrite(server, agent, token, `Austin ${index + 1}`),
    );
    // The requests have reached the server (their bodies have not) when the signal comes.
    await pause(500);
    server.child.kill('SIGTERM');
    // Leaving: no new connection is taken...
    const deadline = Date.now() + 10_000;
    while (!(await connectionRefused(server.port)) && Date.now() < deadline) await pause(20);
    expect(await connectionRefused(server.port)).toBe(true);
    // ...but a write arriving on a connection already open is answered, and closes it.
    const lateWrite = slowWrite(server, late.agent, token, 'Austin late');
    lateWrite.finish();
    expect(await lateWrite.answered).toEqual({ status: 201, reused: true });
    await late.closed;
    // The stream ends, the idle connection closes, and the writes in flight are all answered.
    await streamEnded;
    await idle.closed;
    for (const write of writes) write.finish();
    const answers = await Promise.all(writes.map((write) => write.answered));
    expect(answers).toEqual(Array(WRITES).fill({ status: 201, reused: true }));
    expect(await server.exited).toBe(0);
    for (const used of [agent, idle.agent, late.agent]) used.destroy();

    // Every write was kept.
    const again = await startServer(settings);
    try {
      const saved = await call(again, 'GET', '/api/saved-searches', { token });
      expect(saved.status).toBe(200);
      expect((saved.body as Array<{ name: string }>).map((search) => search.name).sort()).toEqual(
        [
          ...Array.from({ length: WRITES }, (_, index) => `Austin ${index + 1}`),
          'Austin late',
        ].sort(),
      );
    } finally {
      await again.stop();
    }
  });
});
