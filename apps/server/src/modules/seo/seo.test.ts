import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { properties, users } from '../../db/schema.js';

const PUBLIC_URL = 'https://homes.example.com';
const ctx = useTestApp({ PUBLIC_URL });

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

/** The sitemap's entries: each page's address and, when it has one, its last change. */
function entriesOf(xml: string) {
  return [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map(
    ([, loc, lastmod]) => ({ loc, lastmod }),
  );
}

describe('GET /sitemap.xml', () => {
  it('lists the public pages at absolute addresses under PUBLIC_URL, as XML anyone may cache briefly', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    expect(entriesOf(response.body).map((entry) => entry.loc)).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/about`,
      `${PUBLIC_URL}/login`,
      `${PUBLIC_URL}/register`,
    ]);
  });

  it('names no listing page: they ask visitors to sign in', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const id = await createListing(ctx.app, agent);
    const response = await get('/sitemap.xml');
    expect(response.body).not.toContain(id);
    expect(response.body).not.toMatch(/propertyDetails|all-properties|dashboard/);
  });

  it('dates Home by the newest change to a listing buyers can see, and no other page', async () => {
    const empty = entriesOf((await get('/sitemap.xml')).body);
    expect(empty.every((entry) => entry.lastmod === undefined)).toBe(true);

    const agent = await createAccount(ctx.app, 'agent');
    const seen = await createListing(ctx.app, agent);
    const pending = await createListing(ctx.app, agent, {}, 'pending');
    const changedAt = new Date('2026-03-01T10:00:00.000Z');
    await ctx.app.db
      .update(properties)
      .set({ updatedAt: changedAt })
      .where(eq(properties.id, seen));
    // A listing still under review changed later, and does not count: Home does not show it.
    await ctx.app.db
      .update(properties)
      .set({ updatedAt: new Date('2026-04-01T10:00:00.000Z') })
      .where(eq(properties.id, pending));

    const entries = entriesOf((await get('/sitemap.xml')).body);
    expect(entries[0]).toEqual({ loc: `${PUBLIC_URL}/`, lastmod: changedAt.toISOString() });
    expect(entries.slice(1).every((entry) => entry.lastmod === undefined)).toBe(true);
  });

  it('leaves out the listings of an agent marked as fraud: they are hidden', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    await createListing(ctx.app, agent);
    await ctx.app.db.update(users).set({ role: 'fraud' }).where(eq(users.id, agent.id));
    const entries = entriesOf((await get('/sitemap.xml')).body);
    expect(entries[0]).toEqual({ loc: `${PUBLIC_URL}/`, lastmod: undefined });
  });
});

describe('GET /robots.txt', () => {
  it('lets crawlers read the public pages, keeps them out of the API and signed-in pages, and points at the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const prefix of [
      '/dashboard',
      '/api/',
      '/auth/',
      '/all-properties',
      '/propertyDetails/',
      '/make-offer/',
    ]) {
      expect(lines).toContain(`Disallow: ${prefix}`);
    }
    for (const page of ['/about', '/login', '/register']) {
      expect(
        lines.filter((line) => line.startsWith('Disallow:') && page.startsWith(line.slice(10))),
      ).toEqual([]);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
