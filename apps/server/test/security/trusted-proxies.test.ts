import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema.js';
import { MAX_ADDRESS_FAILURES } from '../../src/modules/auth/login-throttle.js';
import { registrationBody } from '../helpers/accounts.js';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/postgres-server.js';
import { type ServerProcess, startServer } from '../helpers/server-process.js';
import { useTestApp } from '../helpers/test-app.js';
import { testDatabaseUrl } from '../helpers/test-database.js';

/*
 * A real server process behind a real proxy hop, over real sockets. The proxy does what nginx's
 * `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for` does: it appends the address it
 * sees to whatever X-Forwarded-For the client sent. The server trusts that proxy's address only,
 * so a client's own X-Forwarded-For never decides its address: not in the log, not in the
 * sign-in throttle. Loopback is all of 127.0.0.0/8, so each party has an address of its own.
 * The address kept with each new session is the same one, whatever the client wrote.
 */

const PROXY_ADDRESS = '127.0.0.1';
const CLIENT_ADDRESS = '127.0.0.2';
const OTHER_CLIENT_ADDRESS = '127.0.0.3';
const DIRECT_CLIENT_ADDRESS = '127.0.0.4';
const FORGED_ADDRESS = '9.9.9.9';

let dataDir: string;
let database: ScratchDatabase | undefined;
let server: ServerProcess;
let proxy: http.Server;
let proxyPort: number;

/** The reverse proxy: forwards every request to the server, appending the client's address. */
function startProxy(target: number): Promise<http.Server> {
  const forwarding = http.createServer((request, response) => {
    const seen = request.socket.remoteAddress ?? '';
    const given = request.headers['x-forwarded-for'];
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target,
        localAddress: PROXY_ADDRESS,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, 'x-forwarded-for': given ? `${given}, ${seen}` : seen },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  return new Promise((resolve) => forwarding.listen(0, '127.0.0.1', () => resolve(forwarding)));
}

/** One HTTP call from a chosen loopback address; answers the status and the body. */
function callFrom(
  localAddress: string,
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<{ status: number; body: string }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method: options.method,
        path: options.path,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

interface RequestLogLine {
  msg: string;
  req?: { remoteAddress?: string };
}

/** The server's "incoming request" log line for a request, once its output has arrived. */
async function incomingRequestLine(requestId: string): Promise<RequestLogLine | undefined> {
  const find = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{') && line.includes(`"reqId":"${requestId}"`))
      .map((line) => JSON.parse(line) as RequestLogLine)
      .find((line) => line.msg === 'incoming request');
  // The process writes its log through a pipe: the line may arrive after the answer.
  for (let tries = 0; tries < 100 && !find(); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return find();
}

describe('behind a trusted reverse proxy', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-proxies-'));
    database = testDatabaseUrl
      ? await createScratchDatabase('keyhaven_proxies', testDatabaseUrl)
      : undefined;
    server = await startServer({
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      TRUST_PROXY: PROXY_ADDRESS,
      // Every request is logged with its client address at info.
      LOG_LEVEL: 'info',
      LOGIN_SLOWDOWN_MS: '0',
    });
    proxy = await startProxy(server.port);
    proxyPort = (proxy.address() as AddressInfo).port;
  }, 150_000);

  afterAll(async () => {
    await new Promise((resolve) => proxy?.close(resolve));
    await server?.stop();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('logs the address the proxy saw, not the X-Forwarded-For the client sent', async () => {
    const answer = await callFrom(CLIENT_ADDRESS, proxyPort, {
      method: 'GET',
      path: '/healthz',
      headers: { 'x-forwarded-for': FORGED_ADDRESS, 'x-request-id': 'proxied-forged-address' },
    });
    expect(answer.status).toBe(200);
    // Straight to the server from an address that is not a proxy: its header is not believed.
    const direct = await callFrom(DIRECT_CLIENT_ADDRESS, server.port, {
      method: 'GET',
      path: '/healthz',
      headers: { 'x-forwarded-for': FORGED_ADDRESS, 'x-request-id': 'direct-forged-address' },
    });
    expect(direct.status).toBe(200);

    const proxied = await incomingRequestLine('proxied-forged-address');
    expect(proxied?.req?.remoteAddress).toBe(CLIENT_ADDRESS);
    const straight = await incomingRequestLine('direct-forged-address');
    expect(straight?.req?.remoteAddress).toBe(DIRECT_CLIENT_ADDRESS);
  });

  it('throttles sign-ins by the real client address, however the client rotates X-Forwarded-For', async () => {
    const signIn = (from: string, attempt: number) =>
      callFrom(from, proxyPort, {
        method: 'POST',
        path: '/auth/login',
        // A fresh forged address and a fresh account each time: only the address can add up.
        headers: { 'x-forwarded-for': `203.0.113.${attempt % 250}, 198.51.100.${attempt % 250}` },
        body: { email: `nobody-${attempt}@keyhaven.test`, password: 'Wrong123' },
      });
    for (let attempt = 1; attempt <= MAX_ADDRESS_FAILURES; attempt++) {
      expect((await signIn(CLIENT_ADDRESS, attempt)).status).toBe(401);
    }
    const refused = await signIn(CLIENT_ADDRESS, MAX_ADDRESS_FAILURES + 1);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'RATE_LIMITED' });
    // Another client behind the same proxy is counted on its own, not as the proxy.
    expect((await signIn(OTHER_CLIENT_ADDRESS, MAX_ADDRESS_FAILURES + 2)).status).toBe(401);
  });
});

describe('the address kept with a new session', () => {
  const ctx = useTestApp();

  it('is the client address the server settled on, never the X-Forwarded-For the client wrote', async () => {
    const body = registrationBody();
    const fromClient = (url: string, payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url,
        payload,
        remoteAddress: '192.0.2.44',
        headers: { 'x-forwarded-for': FORGED_ADDRESS },
      });
    const registered = await fromClient('/auth/register', body);
    expect(registered.statusCode).toBe(200);
    const signedIn = await fromClient('/auth/login', {
      email: body.email,
      password: body.password,
    });
    expect(signedIn.statusCode).toBe(200);
    const kept = await ctx.database.db
      .select({ ipAddress: sessions.ipAddress })
      .from(sessions)
      .where(eq(sessions.userId, registered.json().user._id));
    expect(kept.map((session) => session.ipAddress)).toEqual(['192.0.2.44', '192.0.2.44']);
  });
});
