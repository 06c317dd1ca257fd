import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { configFrom } from '../../src/config.js';
import { createAccount, nextAddress, type TestAccount } from '../helpers/accounts.js';
import { requireBuiltWebApp, webDist } from '../helpers/built-web-app.js';
import { createListing } from '../helpers/listings.js';
import { useTestApp } from '../helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { NASTY_STRINGS } from '../security/support/hostile.js';

/*
 * Pages are rendered on the server with their data, through the built web app (apps/web/dist and
 * its renderer, apps/web/dist-ssr): what they hold, how they may be cached, their status, and the
 * plain shell when rendering fails.
 */

requireBuiltWebApp();

const TITLE = 'Lakeside cottage with a jetty';
const UNSAFE_DESCRIPTION = 'A quiet cove. </script><script>alert("owned")</script> Bring a boat.';

const context = useTestApp();
let agent: TestAccount;
let buyer: TestAccount;
let listingId: string;

const page = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers, remoteAddress: nextAddress() });

/** The query keys of the data a page was rendered with, each as JSON. */
const queryKeysOf = (body: string): string[] => {
  const state = /<script id="keyhaven-query-state" type="application\/json">(.*?)<\/script>/s.exec(
    body,
  )?.[1];
  return JSON.parse(state ?? '{}').queries.map((query: { queryKey: unknown }) =>
    JSON.stringify(query.queryKey),
  );
};

const seed = async () => {
  agent = await createAccount(context.app, 'agent');
  buyer = await createAccount(context.app, 'user');
  listingId = await createListing(context.app, agent, {
    title: TITLE,
    description: UNSAFE_DESCRIPTION,
  });
};

describe('a page rendered on the server', () => {
  it('Home holds the featured listings from the database, cacheable with an ETag', async () => {
    await seed();
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/^<!doctype html>\s*<html lang="en">/);
    // The page's title in the head, as the only one.
    const head = /<head>([\s\S]*)<\/head>/.exec(response.body)?.[1] ?? '';
    expect(head.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Home</title>']);
    // The styles are in the page itself, so painting waits for no second request.
    expect(head).toMatch(/<style>\/\*! tailwindcss[\s\S]*?<\/style>/);
    expect(response.body).toContain(TITLE);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    // The same page again: the browser's copy stands.
    const again = await page('/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // Compressed, it is the same page under the same weak tag, and either copy's tag stands.
    const compressed = await page('/', { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.etag).toBe(etag);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain(TITLE);
    const plainTag = etag.replace(/^W\//, '');
    for (const tag of [etag, plainTag]) {
      const current = await page('/', { 'if-none-match': tag, 'accept-encoding': 'br' });
      expect(current.statusCode).toBe(304);
    }
  });

  it("All Properties holds a signed-in buyer's listings, for them alone", async () => {
    await seed();
    const response = await page('/all-properties', { cookie: buyer.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(TITLE);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.etag).toBeUndefined();
  });

  it("My Wish List holds the buyer's saved homes and the form to shop together, ready to hold a click", async () => {
    await seed();
    const saved = await context.app.inject({
      method: 'PATCH',
      url: `/properties/${listingId}/wishlist`,
      headers: { cookie: buyer.cookie },
      payload: { wishlistStatus: 'true' },
    });
    expect(saved.statusCode).toBe(200);

    const response = await page('/dashboard/wishlist', { cookie: buyer.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(TITLE);
    expect(response.body).toContain('1 saved property');
    expect(response.body).not.toMatch(/Loading your (shared )?wishlist/);
    // The invitation is sent by the app alone: a submit before it runs is held for it.
    expect(response.body).toMatch(/<form[^>]*aria-label="Invite someone"[^>]*>/);
    expect(/<form[^>]*aria-label="Invite someone"[^>]*>/.exec(response.body)?.[0]).toContain(
      'data-app-form=""',
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it("the agents' directory and an agent's profile hold their data, with no loading state", async () => {
    await seed();
    const bio = 'Twenty years selling cottages by the lake.';
    const saved = await context.app.inject({
      method: 'PUT',
      url: '/api/agent-profile',
      headers: { cookie: agent.cookie },
      payload: { bio, serviceAreas: ['Lakeside County'], showEmail: true, showPhone: false },
    });
    expect(saved.statusCode).toBe(200);

    const directory = await page('/agents?search=Lakeside');
    expect(directory.statusCode).toBe(200);
    expect(directory.body).toContain('Lakeside County');
    expect(directory.body).not.toContain('Loading agents');
    expect(queryKeysOf(directory.body)).toContainEqual(
      JSON.stringify([
        'agents',
        'directory',
        { search: 'Lakeside', sort: 'sales', page: 1, limit: 12 },
      ]),
    );

    const profile = await page(`/agents/${agent.id}`, { cookie: buyer.cookie });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain(bio);
    // The first page of their homes for sale, and where their sales and reviews would be.
    expect(profile.body).toContain(TITLE);
    expect(profile.body).toContain('No homes sold yet.');
    expect(profile.body).toContain('No reviews found');
    expect(profile.body).not.toMatch(/Loading (the agent|properties|sold homes|reviews)/);
    expect(profile.headers['cache-control']).toBe('private, no-store');
  });

  it('every page goes out compressed to a browser that accepts it', async () => {
    await seed();
    for (const url of ['/', '/about', '/all-properties', `/propertyDetails/${listingId}`]) {
      const response = await page(url, { cookie: buyer.cookie, 'accept-encoding': 'br, gzip' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
    }
  });

  it("runs no inline script but the page's two own, which the policy allows by their hashes", async () => {
    const response = await page('/');
    const scripts = [...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    const executable = scripts.filter(
      ([, attributes]) => !/type="application\//.test(attributes ?? ''),
    );
    // The early-click holder, first in the head, then the loader that starts the app.
    expect(executable.map(([, attributes]) => attributes)).toEqual(['', ' type="module"']);
    const [[, , holder], [, , loader]] = executable as [RegExpExecArray, RegExpExecArray];
    expect(response.body.indexOf(holder ?? '')).toBeLessThan(response.body.indexOf('<style>'));
    expect(holder).toContain('holdEarlyInteractions');
    const hashOf = (code = '') => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
    const scriptSources = /script-src ([^;]*)/.exec(
      String(response.headers['content-security-policy']),
    );
    expect(scriptSources?.[1]).toBe(`'self' ${hashOf(holder)} ${hashOf(loader)}`);

    // What the loader asks for is served.
    const appScripts = [...(loader ?? '').matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(appScripts.length).toBeGreaterThan(0);
    for (const url of appScripts) {
      const script = await page(url ?? '');
      expect(script.statusCode, url).toBe(200);
      expect(script.headers['content-type'], url).toMatch(/javascript/);
    }
  });

  it('an unknown API address answers JSON 404, not a page', async () => {
    const response = await page('/api/no-such-route');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it("a listing's page holds the listing, and its text cannot break out of the page's data", async () => {
    await seed();
    const response = await page(`/propertyDetails/${listingId}`, { cookie: buyer.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`>${TITLE}</h1>`);
    expect(response.body).toContain('$250,000');
    expect(response.body).not.toContain('<script>alert');
    // The data the page was rendered with, for the browser to take over without asking again.
    expect(response.body).toContain('\\u003c/script>');
    const keys = queryKeysOf(response.body);
    expect(keys).toContain('["session"]');
    expect(keys).toContain(JSON.stringify(['properties', 'detail', listingId]));
  });

  it('the API document is still served once pages that show listings have been rendered', async () => {
    await seed();
    expect((await page(`/propertyDetails/${listingId}`, { cookie: buyer.cookie })).statusCode).toBe(
      200,
    );
    expect((await page('/dashboard/add-property')).statusCode).toBe(302);
    // Asked for the first time only now: the renderer's code is loaded, and shares the server's
    // schemas rather than naming its own copies of them again.
    const document = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    expect(document.json().components.schemas).toHaveProperty('ListingPhoto');
  });

  it('a signed-in page sends a visitor without a session to sign in, and back after', async () => {
    await seed();
    const response = await page('/all-properties?location=Austin&page=2');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      '/login?returnTo=%2Fall-properties%3Flocation%3DAustin%26page%3D2',
    );
    expect(response.body).not.toContain(TITLE);
    expect(response.headers['cache-control']).toBe('private, no-store');

    const details = await page(`/propertyDetails/${listingId}`);
    expect(details.statusCode).toBe(302);
    expect(details.headers.location).toBe(
      `/login?returnTo=${encodeURIComponent(`/propertyDetails/${listingId}`)}`,
    );
    // A session that has ended is no session.
    const ended = await page('/dashboard', { cookie: 'keyhaven.session_token=ended.session' });
    expect(ended.statusCode).toBe(302);
    expect(ended.headers.location).toBe('/login?returnTo=%2Fdashboard');
  });

  it("a page of another role's sends a signed-in visitor to Forbidden, and a moved page on", async () => {
    await seed();
    const agentsOnly = await page('/dashboard/add-property', { cookie: buyer.cookie });
    expect(agentsOnly.statusCode).toBe(302);
    expect(agentsOnly.headers.location).toBe('/forbidden-page');
    expect(agentsOnly.headers['cache-control']).toBe('private, no-store');

    const adminsOnly = await page('/dashboard/manage-users', { cookie: agent.cookie });
    expect(adminsOnly.headers.location).toBe('/forbidden-page');

    const own = await page('/dashboard/add-property', { cookie: agent.cookie });
    expect(own.statusCode).toBe(200);

    const moved = await page('/properties', { cookie: buyer.cookie });
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/all-properties');
  });

  it("a listing's edit page sends a visitor who may not edit it to Forbidden, and shows its agent the form", async () => {
    await seed();
    const otherAgent = await createAccount(context.app, 'agent');
    const other = await page(`/EditPropertyDetails/${listingId}`, { cookie: otherAgent.cookie });
    expect(other.statusCode).toBe(302);
    expect(other.headers.location).toBe('/forbidden-page');
    expect(other.body).not.toContain(TITLE);

    const buyers = await page(`/EditPropertyDetails/${listingId}`, { cookie: buyer.cookie });
    expect(buyers.headers.location).toBe('/forbidden-page');

    const own = await page(`/EditPropertyDetails/${listingId}`, { cookie: agent.cookie });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.body).toContain('Edit Property</h1>');
    expect(own.body).toContain(TITLE);
  });

  it('any page asked for with a session cookie is private', async () => {
    await seed();
    const response = await page('/about', { cookie: buyer.cookie });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('answers hostile page addresses with a page, never a server error or a header of theirs', async () => {
    for (const nasty of NASTY_STRINGS) {
      // Every byte percent-encoded: some of these strings are not valid UTF-16 for encodeURI.
      const encoded = [...Buffer.from(nasty, 'utf8')]
        .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
        .join('');
      const response = await page(`/${encoded}?q=${encoded}`);
      // A page, or the API's refusal of an address it cannot read (400, 414): never a 5xx.
      expect(response.statusCode, nasty).toBeLessThan(500);
      if (response.statusCode === 200 || response.statusCode === 404) {
        expect(response.headers['content-type'], nasty).toMatch(/^text\/html/);
      }
      expect(response.headers['set-cookie'], nasty).toBeUndefined();
      expect(response.body, nasty).not.toContain('<script>alert');
    }
  });

  it('a page address with a broken percent-encoding answers 404 with the Not Found page', async () => {
    for (const url of ['/%E0%A4%A', '/propertyDetails/%E0%A4%A?from=mail', '/about%']) {
      const response = await page(url, { accept: 'text/html,application/xhtml+xml' });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(response.body, url).toContain('<title>Keyhaven | Not Found</title>');
      expect(response.body, url).toMatch(/<h1[^>]*>Page Not Found<\/h1>/);
    }
    // The API's paths, and a request that does not ask for a page, keep the API's refusal.
    for (const [url, accept] of [
      ['/api/properties/%E0%A4%A', 'text/html'],
      ['/%E0%A4%A', 'application/json'],
    ] as const) {
      const response = await page(url, { accept });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        error: 'This address is not valid',
        code: 'VALIDATION_FAILED',
      });
    }
  });

  it('Login and Register leave out Google sign-in, and any room for it, when it is not configured', async () => {
    for (const url of ['/login', '/register']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toMatch(/<button[^>]*type="submit"[^>]*>/);
      expect(response.body, url).not.toContain('Continue with Google');
      expect(response.body, url).not.toContain('/auth/google');
      // The page's data says so too, so the browser takes the page over as it is.
      expect(response.body, url).toContain('"queryKey":["auth-providers"]');
    }
  });

  it('an unknown address answers 404 with the Not Found page', async () => {
    const response = await page('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>Keyhaven | Not Found</title>');
    expect(response.body).toMatch(/<h1[^>]*>Page Not Found<\/h1>/);
  });
});

describe('when rendering fails', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-ssr-failure-'));
    // The built shell, beside a renderer that fails every page.
    const dist = path.join(dataDir, 'dist');
    await mkdir(dist, { recursive: true });
    await copyFile(path.join(webDist, 'index.html'), path.join(dist, 'index.html'));
    await mkdir(path.join(dataDir, 'dist-ssr'));
    await writeFile(
      path.join(dataDir, 'dist-ssr', 'entry-server.js'),
      // A page under /slow never finishes; any other throws.
      `export const createPageRenderer = () => ({
        render: async ({ url }) => {
          if (url.startsWith('/slow')) return new Promise(() => {});
          throw new Error('the renderer broke');
        },
      });`,
    );
    database = await createTestDatabase();
    app = await buildApp(
      configFrom({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        PAGE_RENDER_TIMEOUT_MS: '250',
      }),
      { database, webDistDir: dist },
    );
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the plain shell goes out instead, with 200, and renders in the browser', async () => {
    const response = await app.inject({ method: 'GET', url: '/all-properties' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('%BRAND_NAME%');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('a page that never finishes rendering is given up for the shell', async () => {
    const response = await app.inject({ method: 'GET', url: '/slow-page' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  });
});
