import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { configFrom } from '../../src/config.js';
import { MATRIX } from '../authz/matrix.js';
import { productionEnv } from '../helpers/production-env.js';
import { type StripeApi, startStripeApi } from '../helpers/stripe-api.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { type Actor, buildWorld, callAs, type World } from './support/world.js';

/*
 * Every kind of response (pages, API answers, errors of every status, uploaded files, the API
 * docs) carries the security headers, and no other origin is ever allowed to read or call.
 */

let app: FastifyInstance;
let production: FastifyInstance;
let database: TestDatabase;
let productionDatabase: TestDatabase;
let stripeApi: StripeApi;
let dataDir: string;
let world: World;

async function webDist(dir: string) {
  const dist = path.join(dir, 'web-dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>%BRAND_NAME%</title>');
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'export {}');
  return dist;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-headers-'));
  const dist = await webDist(dataDir);
  [database, productionDatabase, stripeApi] = await Promise.all([
    createTestDatabase(),
    createTestDatabase(),
    startStripeApi(),
  ]);
  app = await buildApp(configFrom({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), {
    database,
    webDistDir: dist,
  });
  production = await buildApp(
    configFrom({
      ...productionEnv(stripeApi),
      DATA_DIR: path.join(dataDir, 'production'),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    }),
    { database: productionDatabase, webDistDir: dist },
  );
  await Promise.all([app.ready(), production.ready()]);
  world = await buildWorld(app);
});

afterAll(async () => {
  await app?.close();
  await production?.close();
  await database?.destroy();
  await productionDatabase?.destroy();
  await stripeApi?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The headers every response must carry, whatever it is; answers what is wrong. */
function headerProblems(response: LightMyRequestResponse, isDocs = false): string[] {
  const h = response.headers;
  const problems: string[] = [];
  const csp = String(h['content-security-policy'] ?? '');
  const directive = (name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `)) ?? '';
  if (!csp) problems.push('no Content-Security-Policy');
  const scripts = directive('script-src') || directive('default-src');
  if (!scripts) problems.push('CSP without script-src or default-src');
  if (/'unsafe-inline'|'unsafe-eval'|\*|data:|https?:/.test(scripts))
    problems.push(`CSP scripts too open: ${scripts}`);
  if (!isDocs && directive('object-src') !== "object-src 'none'")
    problems.push('CSP object-src is not none');
  if (!/frame-ancestors 'none'|frame-ancestors 'self'/.test(csp) && !isDocs)
    problems.push('CSP without frame-ancestors');
  if (h['x-content-type-options'] !== 'nosniff')
    problems.push('no X-Content-Type-Options: nosniff');
  if (
    !['no-referrer', 'strict-origin-when-cross-origin', 'same-origin'].includes(
      String(h['referrer-policy']),
    )
  ) {
    problems.push(`Referrer-Policy ${h['referrer-policy']}`);
  }
  if (!['DENY', 'SAMEORIGIN'].includes(String(h['x-frame-options']).toUpperCase()))
    problems.push('no X-Frame-Options');
  const permissions = String(h['permissions-policy'] ?? '');
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
    if (!permissions.split(/,\s*/).includes(`${feature}=()`))
      problems.push(`Permissions-Policy does not deny ${feature}: ${permissions || 'none'}`);
  }
  if (h['x-powered-by'] !== undefined) problems.push(`X-Powered-By: ${h['x-powered-by']}`);
  if (h.server !== undefined) problems.push(`Server: ${h.server}`);
  if (h['access-control-allow-origin'] !== undefined)
    problems.push(`Access-Control-Allow-Origin: ${h['access-control-allow-origin']}`);
  if (h['access-control-allow-credentials'] !== undefined)
    problems.push('Access-Control-Allow-Credentials');
  return problems;
}

describe('security headers', () => {
  it('are on every API answer, allowed or refused, as every actor', async () => {
    const failures: string[] = [];
    const actors: Actor[] = ['anonymous', 'user', 'admin'];
    for (const row of MATRIX.filter((r) => r.method === 'GET' && r.app !== 'stripe')) {
      for (const cell of row.cases) {
        for (const actor of actors) {
          const request = cell.request(world);
          const response = await callAs(app, world, actor, {
            method: 'GET',
            url: request.url as string,
          });
          failures.push(
            ...headerProblems(response).map(
              (p) => `GET ${request.url} as ${actor} (${response.statusCode}): ${p}`,
            ),
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('are on errors of every kind: 400, 404, 413, 414, 415, 403 and 429', async () => {
    const responses: Array<[string, LightMyRequestResponse]> = [
      [
        'malformed JSON',
        await app.inject({
          method: 'POST',
          url: '/api/subscribe',
          headers: { 'content-type': 'application/json' },
          payload: '{"x":',
        }),
      ],
      ['an unknown API route', await app.inject({ method: 'GET', url: '/api/nothing-here' })],
      [
        'an over-long path parameter',
        await app.inject({ method: 'GET', url: `/api/properties/${'a'.repeat(2000)}` }),
      ],
      [
        'a body over 1 MB',
        await app.inject({
          method: 'POST',
          url: '/api/subscribe',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email: 'x'.repeat(1_100_000) }),
        }),
      ],
      [
        'a wrong content type',
        await app.inject({
          method: 'POST',
          url: '/api/subscribe',
          headers: { 'content-type': 'application/xml' },
          payload: '<x/>',
        }),
      ],
      [
        'a cross-site POST',
        await app.inject({
          method: 'POST',
          url: '/auth/logout',
          headers: { origin: 'https://evil.example' },
        }),
      ],
    ];
    for (let i = 0; i < 11; i++) {
      const limited = await app.inject({
        method: 'POST',
        url: '/api/subscribe',
        payload: { email: `h${i}@example.test` },
        remoteAddress: '10.99.0.1',
      });
      if (limited.statusCode === 429) {
        responses.push(['a rate-limited request', limited]);
        break;
      }
    }
    expect(responses.map(([, r]) => r.statusCode).sort()).toEqual([
      400, 403, 404, 413, 414, 415, 429,
    ]);
    const failures = responses.flatMap(([name, response]) =>
      headerProblems(response).map((p) => `${name}: ${p}`),
    );
    expect(failures).toEqual([]);
  });

  it('are on pages, built assets, uploaded images and the API docs', async () => {
    const failures: string[] = [];
    for (const url of [
      '/',
      '/dashboard/anything',
      '/assets/app-abc123.js',
      `/uploads/${world.imageKey}`,
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      failures.push(...headerProblems(response).map((p) => `${url}: ${p}`));
    }
    for (const url of ['/api/docs/', '/api/docs/json', '/api/docs/static/swagger-initializer.js']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      failures.push(...headerProblems(response, true).map((p) => `${url}: ${p}`));
    }
    expect(failures).toEqual([]);
  });

  it('keep personal API answers out of caches', async () => {
    const failures: string[] = [];
    for (const url of [
      `/auth/users/${world.accounts.user.id}`,
      '/auth/session',
      `/api/properties/user-requests/${world.accounts.user.id}`,
      `/wishlist-properties/${world.accounts.user.id}`,
      `/api/payment/verify?session_id=${world.openSessionId}`,
    ]) {
      const response = await callAs(app, world, 'user', { method: 'GET', url });
      if (!/no-store/.test(String(response.headers['cache-control']))) {
        failures.push(`${url}: Cache-Control ${response.headers['cache-control']}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('in production also demand HTTPS (HSTS, upgrade-insecure-requests)', async () => {
    for (const url of ['/', '/healthz', '/api/nothing-here']) {
      const response = await production.inject({ method: 'GET', url });
      expect(headerProblems(response), url).toEqual([]);
      expect(String(response.headers['strict-transport-security']), url).toMatch(/max-age=\d{7,}/);
      expect(String(response.headers['content-security-policy']), url).toContain(
        'upgrade-insecure-requests',
      );
    }
  });
});

describe('information leaks', () => {
  it('answer TRACE with nothing of the request, and list no directories', async () => {
    const trace = await app.inject({
      method: 'TRACE' as 'GET',
      url: '/api/properties',
      headers: { cookie: 'keyhaven.session_token=secret-cookie-value' },
    });
    expect(trace.statusCode).toBeGreaterThanOrEqual(400);
    expect(trace.body).not.toContain('secret-cookie-value');
    for (const url of ['/uploads/', '/assets/', '/api/docs/static/']) {
      const listing = await app.inject({ method: 'GET', url });
      expect(listing.body, url).not.toContain('app-abc123.js');
      expect(listing.body, url).not.toContain(world.imageKey);
    }
  });
});

describe('CORS', () => {
  it('is closed: a preflight from another origin is answered without any allow-origin', async () => {
    for (const url of [
      '/api/properties',
      '/auth/login',
      '/api/reviews',
      `/api/users/${world.accounts.user.id}`,
    ]) {
      for (const method of ['POST', 'PATCH', 'DELETE', 'GET']) {
        const response = await app.inject({
          method: 'OPTIONS',
          url,
          headers: {
            origin: 'https://evil.example',
            'access-control-request-method': method,
            'access-control-request-headers': 'authorization, content-type',
          },
        });
        const where = `OPTIONS ${url} for ${method}`;
        expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
        expect(response.headers['access-control-allow-origin'], where).toBeUndefined();
        expect(response.headers['access-control-allow-credentials'], where).toBeUndefined();
        expect(response.headers['access-control-allow-methods'], where).toBeUndefined();
      }
    }
  });

  it('grants no other origin a read, even of public data', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3000.evil.example']) {
      const response = await callAs(app, world, 'user', {
        method: 'GET',
        url: `/auth/users/${world.accounts.user.id}`,
        headers: { origin },
      });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      const publicList = await app.inject({
        method: 'GET',
        url: '/properties/search',
        headers: { origin },
      });
      expect(publicList.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});
