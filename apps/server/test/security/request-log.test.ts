import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { configFrom } from '../../src/config.js';
import { redactedUrl } from '../../src/lib/request-log.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

/*
 * The request log is read by operators and kept by log services: a reset link, a sign-in code or
 * an e-mail address in a requested URL must never be written there.
 */

let app: FastifyInstance;
let database: TestDatabase;
let dataDir: string;
const lines: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-request-log-'));
  database = await createTestDatabase();
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp(configFrom({ DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: 'false' }), {
    database,
    logStream,
  });
  await app.ready();
});

beforeEach(() => {
  lines.length = 0;
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The URL of every request the log says came in, in order. */
const loggedUrls = () =>
  lines
    .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } })
    .filter((entry) => entry.msg === 'incoming request')
    .map((entry) => entry.req?.url);

describe('the request log', () => {
  it('writes no token, code, password or e-mail address a requested URL carries', async () => {
    const secrets = [
      'RESET-TOKEN-4242',
      'OAUTH-CODE-4242',
      'OAUTH-STATE-4242',
      'UNSUB-TOKEN-4242',
      'Hunter2-4242',
      'buyer@example.test',
      'buyer%40example.test',
      'agent@example.test',
      'agent%40example.test',
    ];
    const urls = [
      '/reset-password?token=RESET-TOKEN-4242&email=buyer@example.test',
      '/verify-email?Token=RESET-TOKEN-4242',
      '/api/auth/callback/google?code=OAUTH-CODE-4242&state=OAUTH-STATE-4242',
      '/api/unsubscribe?token=UNSUB-TOKEN-4242',
      '/api/properties/requested/agent@example.test?page=2',
      '/api/properties/requested/agent%40example.test',
      '/api/offers/accept?email=buyer%40example.test&password=Hunter2-4242',
      '/search?q=ask%20agent%40example.test',
    ];
    for (const url of urls) await app.inject({ method: 'GET', url });

    // Pages rendered on the server also ask the API for their data: those requests come in too.
    expect(loggedUrls()).toEqual(
      expect.arrayContaining([
        '/reset-password?token=[redacted]&email=[redacted]',
        '/verify-email?Token=[redacted]',
        '/api/auth/callback/google?code=[redacted]&state=[redacted]',
        '/api/unsubscribe?token=[redacted]',
        '/api/properties/requested/[redacted]?page=2',
        '/api/properties/requested/[redacted]',
        '/api/offers/accept?email=[redacted]&[redacted]',
        '/search?q=[redacted]',
      ]),
    );
    const log = lines.join('\n');
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
  });

  it('keeps every other part of a URL as it was requested', async () => {
    const urls = ['/api/properties?page=2&limit=12&location=Austin%2C%20TX', '/about', '/?a&b='];
    for (const url of urls) await app.inject({ method: 'GET', url });
    expect(loggedUrls()).toEqual(expect.arrayContaining(urls));
  });
});

describe('the request log of page forms', () => {
  it('never has a line with `password=`: forms posted to their page, and old pages that sent one by GET', async () => {
    const form = (fields: Record<string, string>) => ({
      method: 'POST' as const,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    const email = `log-${Date.now()}@example.test`;
    const password = 'Hunter2-4242';
    const details = { name: 'Log Reader', phone: '+1 555 010 0000', country: 'United States' };
    await app.inject({
      url: '/register',
      ...form({ _form: 'register', email, password, ...details, birth: '1990-04-12' }),
    });
    await app.inject({ url: '/login', ...form({ _form: 'sign-in', email, password }) });
    await app.inject({ url: '/login', ...form({ _form: 'sign-in', email, password: 'Wrong1x' }) });
    await app.inject({
      url: '/reset-password',
      ...form({ _form: 'reset-password', token: 'T0KEN', password, confirmPassword: password }),
    });
    // As a form without method and action sent them, before the app took over.
    for (const url of [
      `/login?email=${encodeURIComponent(email)}&password=${password}`,
      `/register?name=Log&password=${password}&birth=1990-04-12`,
      `/reset-password?token=T0KEN&password=${password}&confirmPassword=${password}`,
      `/login?PassWord=${password}&passwd=${password}`,
    ]) {
      await app.inject({ method: 'GET', url });
    }

    expect(loggedUrls()).toEqual(expect.arrayContaining(['/login', '/register', '/auth/login']));
    const offending = lines.filter((line) => /password=|passwd=/i.test(line));
    expect(offending).toEqual([]);
    expect(lines.join('\n')).not.toContain(password);
  });
});

describe('redactedUrl', () => {
  it('finds an address in a part it cannot decode', () => {
    expect(redactedUrl('/api/users/%E0%A4%A@x?next=%ZZ@y&q=100%')).toBe(
      '/api/users/[redacted]?next=[redacted]&q=100%',
    );
  });
});
