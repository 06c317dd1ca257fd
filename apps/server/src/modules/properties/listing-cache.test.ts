import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { ListingCache } from './listing-cache.js';

// The cache is off in tests by default (helpers change rows directly); these turn it on.
const ctx = useTestApp({ SEARCH_CACHE_SECONDS: '60' });

const search = (headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: '/properties/search?location=Austin', headers });

describe('public search cache', () => {
  it('answers with an ETag and 304 when the client already has the page', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    await createListing(ctx.app, agent, { title: 'Cached home' });
    const first = await search();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['x-total-count']).toBe('1');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+-1"$/);
    expect(first.json()).toMatchObject([{ title: 'Cached home', availability: 'Available' }]);

    const again = await search({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await search({ 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('shows a listing change made through the API on the very next search', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    await createListing(ctx.app, agent, { title: 'First home' });
    const pendingId = await createListing(ctx.app, agent, { title: 'Second home' }, 'pending');
    expect((await search()).json()).toHaveLength(1);

    const approved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/admin-approval/${pendingId}/true`,
      headers: admin.bearer,
    });
    expect(approved.statusCode).toBe(200);
    const after = await search();
    expect(after.headers['x-total-count']).toBe('2');
    expect(after.json().map((p: { title: string }) => p.title)).toContain('Second home');

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/properties/${pendingId}`,
      headers: admin.bearer,
    });
    expect(removed.statusCode).toBe(200);
    expect((await search()).json()).toHaveLength(1);
  });
});

describe('ListingCache', () => {
  it('shares one load between concurrent misses and keeps nothing loaded across a change', async () => {
    const cache = new ListingCache(60_000);
    let loads = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const load = async () => {
      loads++;
      await gate;
      return { body: `[${loads}]`, total: loads };
    };
    const a = cache.get('k', load);
    const b = cache.get('k', load);
    cache.invalidate();
    release();
    expect(await a).toBe(await b);
    expect(loads).toBe(1);
    // Loaded before the change finished: served to its waiters, not kept.
    const c = await cache.get('k', async () => ({ body: '[2]', total: 2 }));
    expect(c.total).toBe(2);
    const d = await cache.get('k', async () => ({ body: '[3]', total: 3 }));
    expect(d.total).toBe(2);
  });

  it('loads every time when its lifetime is zero', async () => {
    const cache = new ListingCache(0);
    let loads = 0;
    const load = async () => ({ body: '[]', total: ++loads });
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads).toBe(2);
  });
});
