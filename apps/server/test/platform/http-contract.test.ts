import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { configFrom } from '../../src/config.js';
import { queryRows } from '../../src/db/client.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

let app: FastifyInstance;
let database: TestDatabase;

/** As the built page starts the app: a few lines inside the page. */
const PAGE_LOADER = 'import("/assets/app-abc123.js");';

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-http-'));
  const webDist = path.join(dataDir, 'web-dist');
  await mkdir(path.join(webDist, 'assets'), { recursive: true });
  await writeFile(
    path.join(webDist, 'index.html'),
    `<!doctype html><html><head><title>%BRAND_NAME%</title><script type="application/ld+json">{}</script><script type="module">${PAGE_LOADER}</script></head><body><div id="root"></div></body></html>`,
  );
  await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
  database = await createTestDatabase();
  app = await buildApp(
    configFrom({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', BRAND_NAME: 'Keyhaven & Co' }),
    { database, webDistDir: webDist },
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.destroy();
});

describe('migrations', () => {
  it('create every table of the data model and enable pg_trgm', async () => {
    const tables = await queryRows<{ tablename: string }>(
      database.db,
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    expect(tables.map((t) => t.tablename)).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'accounts',
        'verifications',
        'properties',
        'wishlist_items',
        'offers',
        'payments',
        'payment_events',
        'reviews',
        'newsletter_subscribers',
        'uploads',
        'audit_log',
      ]),
    );
    const extensions = await queryRows<{ extname: string }>(
      database.db,
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(extensions).toHaveLength(1);
  });

  it('are idempotent when applied again', async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });
});

describe('unknown routes', () => {
  it('answer JSON 404 under /api', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      error: 'No route GET /api/does-not-exist',
      code: 'NOT_FOUND',
    });
  });

  it('answer JSON 404 to unsafe methods anywhere but a form posted to its page', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/somewhere' });
      expect(response.statusCode, method).toBe(404);
      expect(response.json().code, method).toBe('NOT_FOUND');
    }
    const api = await app.inject({ method: 'POST', url: '/api/somewhere' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
  });

  it('serve the web app with the brand for every other page', async () => {
    const response = await app.inject({ method: 'GET', url: '/no/such/page' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>Keyhaven &#38; Co</title>');
  });

  it('serve hashed assets as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('errors', () => {
  it('never leak a stack trace for malformed JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(js|ts):\d+/);
  });
});

describe('security headers', () => {
  it('are set on API and page responses', async () => {
    for (const url of ['/healthz', '/']) {
      const response = await app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      // Our own files, and the page's loader by its hash: no other inline script may run.
      const loaderHash = createHash('sha256').update(PAGE_LOADER).digest('base64');
      expect(csp).toContain(`script-src 'self' 'sha256-${loaderHash}';`);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBeDefined();
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('give each request an id', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    const echoed = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'client-trace-0001' },
    });
    expect(echoed.headers['x-request-id']).toBe('client-trace-0001');
    const hostile = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(hostile.headers['x-request-id']).not.toContain('bad id');
  });

  it('refuse unsafe requests from another origin', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { origin: 'https://evil.example', cookie: 'keyhaven.session_token=abc' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });

  it('accept unsafe requests from the app itself', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the routes and serves the UI', async () => {
    const document = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const paths = Object.keys(document.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/healthz', '/readyz', '/auth/session']));
    const ui = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
