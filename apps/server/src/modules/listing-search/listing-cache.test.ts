import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { BUSINESS_LIMITS, PAYMENT_MESSAGES } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing, listingBody } from '../../../test/helpers/listings.js';
import { accept, offer, openCheckout, payDemo } from '../../../test/helpers/offers.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { uploadAs } from '../../../test/helpers/uploads.js';
import { offers, properties } from '../../db/schema.js';
import { conflict, forbidden } from '../../lib/app-error.js';
import { listingCachePlugin } from '../../plugins/app/listing-cache.js';
import { sweepOverdueOffers } from '../offers/overdue-offers.js';

// The cache is off in tests by default (helpers change rows directly); these turn it on.
const ctx = useTestApp({ SEARCH_CACHE_SECONDS: '60' });

const approveThroughApi = async (admin: TestAccount, id: string) => {
  const approved = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/properties/admin-approval/${id}/true`,
    headers: admin.bearer,
  });
  expect(approved.statusCode).toBe(200);
};

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

  it('compresses a page as a browser asks, once for each coding, and knows its copies by their ETags', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    await createListing(ctx.app, agent, { title: 'Compressed home' });
    await createListing(ctx.app, agent, { title: 'Another compressed home' });
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };

    // Its first send is zstd, its next ones Brotli: the same JSON in every coding.
    const first = await search(browser);
    expect(first.headers['content-encoding']).toBe('zstd');
    expect(first.headers.vary).toBe('accept-encoding');
    const plain = await search();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(first.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-zstd"`);
    expect(zstdDecompressSync(first.rawPayload).toString()).toBe(plain.body);
    const second = await search(browser);
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(second.rawPayload).toString()).toBe(plain.body);
    expect(Number(second.headers['content-length'])).toBe(second.rawPayload.length);
    const zstdOnly = await search({ 'accept-encoding': 'zstd, br;q=0' });
    expect(zstdOnly.rawPayload.equals(first.rawPayload)).toBe(true);

    // A browser without zstd (Safari) gets gzip where it cannot take the kept Brotli copy.
    const gzipOnly = await search({ 'accept-encoding': 'gzip, deflate' });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gzipOnly.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-gzip"`);
    expect(gunzipSync(gzipOnly.rawPayload).toString()).toBe(plain.body);

    // A copy in any coding is current while the page is.
    const tags = [first, second, gzipOnly, plain].map((answer) => answer.headers.etag);
    for (const etag of tags) {
      const unchanged = await search({ ...browser, 'if-none-match': String(etag) });
      expect(unchanged.statusCode).toBe(304);
    }
  });

  it('sends a page under a kilobyte as it is', async () => {
    const empty = await ctx.app.inject({
      method: 'GET',
      url: '/properties/search?location=Nowhere',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-encoding']).toBeUndefined();
    expect(empty.body).toBe('[]');
  });

  it('shows a listing change made through the API on the very next search', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    await createListing(ctx.app, agent, { title: 'First home' });
    const pendingId = await createListing(ctx.app, agent, { title: 'Second home' }, 'pending');
    expect((await search()).json()).toHaveLength(1);

    await approveThroughApi(admin, pendingId);
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

describe('cached counts', () => {
  const total = (response: { headers: Record<string, unknown> }) =>
    Number(response.headers['x-total-count']);
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });
  /** A copy of a listing written straight to the database, as test helpers change rows. */
  const copyBehindTheApi = async (id: string) => {
    const [row] = await ctx.app.db.select().from(properties).where(eq(properties.id, id));
    if (!row) throw new Error('the listing is missing');
    const { id: _id, ...copy } = row;
    await ctx.app.db.insert(properties).values({ ...copy, title: 'Behind the API' });
  };

  it('serve every page, sort and type of a search, and count a listing approved through the API on the very next request', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    const first = await createListing(ctx.app, agent, { title: 'First home' });
    expect(total(await search())).toBe(1);

    // The cached count does not see a listing added behind the API yet, on any page, sort or
    // type of this search, while the uncached page does.
    await copyBehindTheApi(first);
    const sorted = await get('/properties/search?location=Austin&sort=price-asc');
    expect(sorted.json()).toHaveLength(2);
    expect(total(sorted)).toBe(1);
    expect(total(await get('/properties/search?location=Austin&propertyType=House'))).toBe(1);

    const pendingId = await createListing(ctx.app, agent, { title: 'Second home' }, 'pending');
    await approveThroughApi(admin, pendingId);
    expect(total(await get('/properties/search?location=Austin&sort=price-desc'))).toBe(3);
  });

  it('are shared by every viewer of the catalogue, and count a listing approved through the API on the very next request', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    const buyer = await createAccount(ctx.app);
    const other = await createAccount(ctx.app);
    const listed = await createListing(ctx.app, agent, { title: 'Listed' });
    const first = await get('/api/all-properties', buyer.bearer);
    expect(total(first)).toBe(1);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    // Added behind the API: another viewer gets the same page and count, without it yet.
    await copyBehindTheApi(listed);
    const shared = await get('/api/all-properties', other.bearer);
    expect(shared.body).toBe(first.body);
    expect(total(shared)).toBe(1);
    const unchanged = await get('/api/all-properties', {
      ...other.bearer,
      'if-none-match': String(first.headers.etag),
    });
    expect(unchanged.statusCode).toBe(304);

    const pendingId = await createListing(ctx.app, agent, { title: 'Reviewed' }, 'pending');
    await approveThroughApi(admin, pendingId);
    const after = await get('/api/all-properties', buyer.bearer);
    expect(total(after)).toBe(3);
    expect(after.json()).toHaveLength(3);
  });
});

describe('cached catalogue pages and listing details', () => {
  const get = (url: string, account: TestAccount) =>
    ctx.app.inject({ method: 'GET', url, headers: account.bearer });

  /** A home sold through the demo checkout: an accepted offer, paid with the test card. */
  async function soldHome(agent: TestAccount, buyer: TestAccount) {
    const id = await createListing(ctx.app, agent, { title: 'Sold home' });
    expect((await offer(ctx.app, buyer, id)).statusCode).toBe(200);
    expect((await accept(ctx.app, agent, id, buyer.email)).statusCode).toBe(200);
    const { sessionId } = await openCheckout(ctx.app, buyer, id);
    expect((await payDemo(ctx.app, buyer, sessionId)).statusCode).toBe(200);
    return id;
  }

  it("show a sale's details to its agent, its buyer and admins only, from one cached page", async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const otherAgent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    const buyer = await createAccount(ctx.app);
    const stranger = await createAccount(ctx.app);
    const id = await soldHome(agent, buyer);
    await createListing(ctx.app, otherAgent, { title: 'Open home' });

    const soldOn = async (account: TestAccount) => {
      const page = (await get('/api/all-properties', account)).json() as Array<{
        _id: string;
        soldDetails: unknown;
      }>;
      const onPage = page.find((p) => p._id === id);
      const details = (await get(`/api/properties/${id}`, account)).json();
      expect(details.soldStatus).toBe('true');
      expect(onPage?.soldDetails ?? null).toEqual(details.soldDetails);
      return details.soldDetails as { buyerEmail: string } | null;
    };
    expect(await soldOn(stranger)).toBeNull();
    expect(await soldOn(otherAgent)).toBeNull();
    expect((await soldOn(buyer))?.buyerEmail).toBe(buyer.email);
    expect((await soldOn(agent))?.buyerEmail).toBe(buyer.email);
    expect((await soldOn(admin))?.buyerEmail).toBe(buyer.email);
    expect(await soldOn(stranger)).toBeNull();
  });

  /** A listing with three photos and a map position near Austin, as its agent lists it. */
  async function pictured(agent: TestAccount, title: string, lng: number) {
    const photos = [];
    for (const alt of ['The front', 'The kitchen', 'The garden']) {
      photos.push({ url: (await uploadAs(ctx.app, agent)).url, alt });
    }
    return createListing(ctx.app, agent, { title, image: undefined, photos, lng, lat: 30.3 });
  }

  /**
   * What a card holds of a whole listing: all but its description, its history and the photos
   * after its cover.
   */
  const cardOfWhole = ({
    description: _description,
    history: _history,
    ...listing
  }: Record<string, unknown>) => ({
    ...listing,
    photos: (listing.photos as unknown[]).slice(0, 1),
  });

  it('give cards (fields=card) of the listings a whole answer gives, from the database and from the map index alike', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    await pictured(agent, 'Lake house', -97.7);
    await pictured(agent, 'Hill house', -97.8);
    const area = 'bbox=-98,30,-97,31';
    for (const path of ['/properties/search', '/api/all-properties']) {
      // With a location the database answers; an area alone, once the map index is built.
      const whole = (await get(`${path}?location=Austin&${area}`, buyer)).json();
      expect(whole.map((listing: { photos: unknown[] }) => listing.photos.length)).toEqual([3, 3]);
      const fromDatabase = await get(`${path}?location=Austin&${area}&fields=card`, buyer);
      expect(fromDatabase.statusCode).toBe(200);
      expect(fromDatabase.body).toBe(JSON.stringify(whole.map(cardOfWhole)));
      expect(fromDatabase.body.length).toBeLessThan(JSON.stringify(whole).length * 0.7);

      // Asking for the index starts its build (builds are spaced), as a map view after a change does.
      await vi.waitFor(() => expect(ctx.app.listingCache.map.current()).toBeDefined(), {
        timeout: 25_000,
        interval: 50,
      });
      const fromIndex = await get(`${path}?${area}&fields=card`, buyer);
      expect(fromIndex.body).toBe(fromDatabase.body);
      const wholeFromIndex = await get(`${path}?${area}`, buyer);
      expect(wholeFromIndex.body).toBe(JSON.stringify(whole));
      // Each its own page: a client's copy of one is not current for the other.
      expect(fromIndex.headers.etag).not.toBe(wholeFromIndex.headers.etag);
      const stale = await ctx.app.inject({
        method: 'GET',
        url: `${path}?${area}&fields=card`,
        headers: { ...buyer.bearer, 'if-none-match': String(wholeFromIndex.headers.etag) },
      });
      expect(stale.statusCode).toBe(200);
    }
  }, 60_000);

  it("give a sale's parties its details on its card too, and everyone else the shared cards", async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const stranger = await createAccount(ctx.app);
    const id = await soldHome(agent, buyer);
    const cardOn = async (account: TestAccount) => {
      const page = (await get('/api/all-properties?fields=card', account)).json() as Array<
        Record<string, unknown> & { _id: string }
      >;
      const card = page.find((listing) => listing._id === id);
      const details = (await get(`/api/properties/${id}`, account)).json();
      expect(card).toEqual(cardOfWhole(details));
      return card?.soldDetails as { buyerEmail: string } | null;
    };
    expect(await cardOn(stranger)).toBeNull();
    expect((await cardOn(buyer))?.buyerEmail).toBe(buyer.email);
    expect((await cardOn(agent))?.buyerEmail).toBe(buyer.email);
    expect(await cardOn(stranger)).toBeNull();
  });

  it("compress a listing's details once per coding, Brotli at once for browsers, and count the copy in the cache", async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    // A listing's details run to about 1.6 KB with its photos: this one is over the kilobyte too.
    const description =
      'A bright corner home with a garden, a garage and room for a family. '.repeat(12);
    const id = await createListing(ctx.app, agent, {
      title: 'Details sent compressed',
      description,
    });
    const details = (encoding?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/properties/${id}`,
        headers: { ...buyer.bearer, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });

    const plain = await details();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.json()).toMatchObject({ _id: id, title: 'Details sent compressed' });
    const heldBefore = ctx.app.listingCache.listings.heldBytes;

    const browser = await details('gzip, deflate, br, zstd');
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(browser.rawPayload).toString()).toBe(plain.body);
    const copy = browser.rawPayload.length;
    expect(ctx.app.listingCache.listings.heldBytes).toBe(heldBefore + copy);
    // The next browser gets the kept copy, which the cache counted once.
    const again = await details('gzip, deflate, br, zstd');
    expect(again.rawPayload.equals(browser.rawPayload)).toBe(true);
    expect(ctx.app.listingCache.listings.heldBytes).toBe(heldBefore + copy);

    const zstdOnly = await details('zstd');
    expect(zstdOnly.headers['content-encoding']).toBe('zstd');
    expect(zstdDecompressSync(zstdOnly.rawPayload).toString()).toBe(plain.body);
    const gzipOnly = await details('gzip');
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipOnly.rawPayload).toString()).toBe(plain.body);
    expect(ctx.app.listingCache.listings.heldBytes).toBe(
      heldBefore + copy + zstdOnly.rawPayload.length + gzipOnly.rawPayload.length,
    );
  });

  it('keep a listing that is not public for its agent and admins, and show an edit on the very next request', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    const buyer = await createAccount(ctx.app);
    const pendingId = await createListing(ctx.app, agent, { title: 'Waiting' }, 'pending');
    const publicId = await createListing(ctx.app, agent, { title: 'Public' });
    for (let i = 0; i < 2; i++) {
      expect((await get(`/api/properties/${pendingId}`, buyer)).statusCode).toBe(404);
      expect((await get(`/api/properties/${pendingId}`, agent)).json().title).toBe('Waiting');
      expect((await get(`/api/properties/${pendingId}`, admin)).json().title).toBe('Waiting');
      expect((await get(`/api/properties/${publicId}`, buyer)).json().title).toBe('Public');
    }

    // An admin's edit of the public listing stands as reviewed: every viewer sees it at once.
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/${publicId}`,
      headers: admin.bearer,
      payload: { ...listingBody({ title: 'Public, renamed' }), availability: 'Available' },
    });
    expect(edited.statusCode).toBe(200);
    expect((await get(`/api/properties/${publicId}`, buyer)).json().title).toBe('Public, renamed');
    const page = (await get('/api/all-properties', buyer)).json() as Array<{ title: string }>;
    expect(page.map((p) => p.title)).toEqual(['Public, renamed']);

    // Its agent marked fraud: the listing leaves everyone but its agent and admins at once.
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/user-role-update/${agent.id}/fraud`,
      headers: admin.bearer,
    });
    expect((await get(`/api/properties/${publicId}`, buyer)).statusCode).toBe(404);
    expect((await get(`/api/properties/${publicId}`, admin)).statusCode).toBe(200);
    expect((await get('/api/all-properties', buyer)).json()).toEqual([]);
  });
});

describe('routes that change listings', () => {
  it('empty the caches with their answer, a refusal included, once their handler ran', async () => {
    const app = Fastify();
    await app.register(listingCachePlugin, { ttlSeconds: 60 });
    const declared = { config: { changesListings: true } };
    app.post('/changes', declared, async () => ({ ok: true }));
    app.post('/changes-then-refuses', declared, async () => {
      throw conflict('Refused after a change');
    });
    app.post(
      '/refused-first',
      {
        ...declared,
        preValidation: async () => {
          throw forbidden();
        },
      },
      async () => ({ ok: true }),
    );
    app.post('/changed-nothing-this-time', declared, async (request) => {
      request.listingsUnchanged();
      return { ok: true };
    });
    app.post('/keeps', async () => ({ ok: true }));
    await app.ready();

    let loads = 0;
    const read = () =>
      app.listingCache.counts.get('k', async () => [
        { propertyType: 'House', all: ++loads, inPriceRange: [] },
      ]);
    const emptiedBy = async (url: string) => {
      const before = await read();
      await app.inject({ method: 'POST', url });
      return (await read()) !== before;
    };
    expect(await emptiedBy('/keeps')).toBe(false);
    expect(await emptiedBy('/refused-first')).toBe(false);
    expect(await emptiedBy('/changes')).toBe(true);
    expect(await emptiedBy('/changes-then-refuses')).toBe(true);
    expect(await emptiedBy('/changed-nothing-this-time')).toBe(false);
    await app.close();
  });

  it('that name the one listing they change forget that listing alone, and every page and count', async () => {
    const app = Fastify();
    await app.register(listingCachePlugin, { ttlSeconds: 60 });
    app.post(
      '/listings/:id/change',
      { config: { changesListings: { listingParam: 'id' } } },
      async () => ({
        ok: true,
      }),
    );
    app.post('/changes', { config: { changesListings: true } }, async () => ({ ok: true }));
    await app.ready();

    const loads = new Map<string, number>();
    const listing = (id: string) =>
      app.listingCache.listings.get(id, async () => {
        loads.set(id, (loads.get(id) ?? 0) + 1);
        return null;
      });
    let countLoads = 0;
    const counts = () =>
      app.listingCache.counts.get('k', async () => [
        { propertyType: 'House', all: ++countLoads, inPriceRange: [] },
      ]);
    const readAll = async () => {
      await listing('a');
      await listing('b');
      await counts();
    };
    await readAll();
    await app.inject({ method: 'POST', url: '/listings/a/change' });
    await readAll();
    expect(Object.fromEntries(loads)).toEqual({ a: 2, b: 1 });
    expect(countLoads).toBe(2);

    await app.inject({ method: 'POST', url: '/changes' });
    await readAll();
    expect(Object.fromEntries(loads)).toEqual({ a: 3, b: 2 });
    expect(countLoads).toBe(3);
    await app.close();
  });

  it("keep every other listing's details through an edit or an offer's answer, and forget them all when a change may touch any", async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const otherAgent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    const buyer = await createAccount(ctx.app);
    const edited = await createListing(ctx.app, agent, { title: 'Edited' });
    const offered = await createListing(ctx.app, agent, { title: 'Offered' });
    const untouched = await createListing(ctx.app, agent, { title: 'Untouched' });
    const titleOf = async (id: string) => {
      const details = await ctx.app.inject({
        method: 'GET',
        url: `/api/properties/${id}`,
        headers: buyer.bearer,
      });
      expect(details.statusCode).toBe(200);
      return details.json().title as string;
    };
    for (const id of [edited, offered, untouched]) await titleOf(id);

    // Renamed behind the API, which no process hears of here: a kept listing shows its old title
    // until something forgets it.
    const renameBehindTheApi = (id: string, title: string) =>
      ctx.app.db.update(properties).set({ title }).where(eq(properties.id, id));
    await renameBehindTheApi(offered, 'Offered, renamed behind the API');
    await renameBehindTheApi(untouched, 'Untouched, renamed behind the API');

    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/${edited}`,
      headers: admin.bearer,
      payload: { ...listingBody({ title: 'Edited, renamed' }), availability: 'Available' },
    });
    expect(edit.statusCode).toBe(200);
    expect(await titleOf(edited)).toBe('Edited, renamed');
    expect(await titleOf(offered)).toBe('Offered');
    expect(await titleOf(untouched)).toBe('Untouched');

    expect((await offer(ctx.app, buyer, offered)).statusCode).toBe(200);
    expect((await accept(ctx.app, agent, offered, buyer.email)).statusCode).toBe(200);
    expect(await titleOf(offered)).toBe('Offered, renamed behind the API');
    expect(await titleOf(untouched)).toBe('Untouched');

    // An agent marked fraud takes all their listings out at once: every listing is forgotten.
    const marked = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/user-role-update/${otherAgent.id}/fraud`,
      headers: admin.bearer,
    });
    expect(marked.statusCode).toBe(200);
    expect(await titleOf(untouched)).toBe('Untouched, renamed behind the API');
  });

  it('show a home offered again by a refused checkout on the very next search, while other writes keep the cache', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const held = await createListing(ctx.app, agent, { title: 'Held home' });
    await createListing(ctx.app, agent, { title: 'Open home' });
    expect((await offer(ctx.app, buyer, held)).statusCode).toBe(200);
    expect((await accept(ctx.app, agent, held, buyer.email)).statusCode).toBe(200);
    const titles = async () =>
      (await search())
        .json()
        .map((p: { title: string }) => p.title)
        .sort();
    expect(await titles()).toEqual(['Open home']);

    // A write that leaves listings alone keeps the cached page: a change made behind the API
    // does not show yet.
    await ctx.app.db
      .update(properties)
      .set({ title: 'Renamed behind the API' })
      .where(eq(properties.title, 'Open home'));
    const subscribed = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      payload: { email: buyer.email },
    });
    expect(subscribed.statusCode).toBe(200);
    expect(await titles()).toEqual(['Open home']);

    // The buyer's payment deadline passes; opening a checkout lapses the offer, which offers the
    // home again, and is refused.
    await ctx.app.db
      .update(offers)
      .set({ payBy: new Date(Date.now() - 1000) })
      .where(eq(offers.propertyId, held));
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      headers: buyer.bearer,
      payload: { offer: { _id: held, property: { _id: held } } },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(PAYMENT_MESSAGES.deadlinePassed);
    expect(await titles()).toEqual(['Held home', 'Renamed behind the API']);
  });

  it('are kept by reports of a listing until the one that hides it, which takes it out of the very next search', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const reported = await createListing(ctx.app, agent, { title: 'Reported home' });
    await createListing(ctx.app, agent, { title: 'Quiet home' });
    const titles = async () =>
      (await search())
        .json()
        .map((p: { title: string }) => p.title)
        .sort();
    expect(await titles()).toEqual(['Quiet home', 'Reported home']);

    // A change made behind the API shows only once something empties the caches.
    await ctx.app.db
      .update(properties)
      .set({ title: 'Renamed behind the API' })
      .where(eq(properties.title, 'Quiet home'));
    const report = async () => {
      // Established buyers, whose reports count toward hiding a listing.
      const reporter = await createAccount(ctx.app, 'user', {}, { joinedDaysAgo: 30 });
      const filed = await ctx.app.inject({
        method: 'POST',
        url: `/api/properties/${reported}/reports`,
        headers: reporter.bearer,
        payload: { reason: 'suspected_fraud', note: 'Asks for a deposit by wire' },
      });
      expect(filed.statusCode, filed.body).toBe(201);
    };
    for (let i = 1; i < BUSINESS_LIMITS.reportsToHide; i++) {
      await report();
      expect(await titles()).toEqual(['Quiet home', 'Reported home']);
    }
    await report();
    expect(await titles()).toEqual(['Renamed behind the API']);
  });

  it('show a home offered again by the overdue-offer sweep on the very next search', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const held = await createListing(ctx.app, agent, { title: 'Unpaid home' });
    expect((await offer(ctx.app, buyer, held)).statusCode).toBe(200);
    expect((await accept(ctx.app, agent, held, buyer.email)).statusCode).toBe(200);
    expect((await search()).json()).toEqual([]);

    const [accepted] = await ctx.app.db.select().from(offers).where(eq(offers.propertyId, held));
    const afterDeadline = new Date((accepted?.payBy?.getTime() ?? 0) + 1000);
    await sweepOverdueOffers(ctx.app, afterDeadline);
    expect((await search()).json()).toMatchObject([
      { title: 'Unpaid home', availability: 'Available' },
    ]);
  });
});
