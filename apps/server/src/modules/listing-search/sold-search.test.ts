import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing, listingBody } from '../../../test/helpers/listings.js';
import { accept, offer, openCheckout, payDemo } from '../../../test/helpers/offers.js';
import { type TestContext, useTestApp } from '../../../test/helpers/test-app.js';
import { properties, users } from '../../db/schema.js';
import { forgetListings } from './listing-cache.js';
import { soldSince } from './listing-filters.js';

/*
 * The signed-in catalogue's sold mode (`sold=3|6|12`): which homes it finds, in what order, with
 * what prices, on the list, the map's pins and the counts, with the caches off and on; and that
 * no answer of it tells anyone but a sale's parties who bought.
 */

const DAY = 86_400_000;
const AUSTIN = { lat: 30.27, lng: -97.74 };
const AUSTIN_AREA = 'bbox=-98,30,-97.5,30.5';

type Listed = { _id: string; title: string; soldPrice: number | null; soldAt: string | null };

/** Marks a listing sold `daysAgo` for `price` dollars (null: sold by its agent, not here). */
async function sell(ctx: TestContext, id: string, daysAgo: number, price: number | null) {
  await ctx.app.db
    .update(properties)
    .set({
      availability: 'Sold',
      soldAt: new Date(Date.now() - daysAgo * DAY),
      soldPriceCents: price === null ? null : price * 100,
    })
    .where(eq(properties.id, id));
  // Written past the routes: the caches, where on, forget what they held.
  forgetListings(ctx.app.listingCache);
}

async function get(ctx: TestContext, url: string, viewer: TestAccount) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: viewer.bearer });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response;
}

async function titles(ctx: TestContext, query: string, viewer: TestAccount) {
  const response = await get(ctx, `/api/all-properties?${query}`, viewer);
  const listed = response.json() as Listed[];
  // A whole list's total is what it shows; a page's, the sold homes of the search.
  if (!query.includes('limit')) {
    expect(response.headers['x-total-count']).toBe(String(listed.length));
  } else expect(response.headers['x-total-count']).toBe('5');
  return listed.map((listing) => listing.title);
}

/**
 * Homes around Austin sold 10, 100, 200 and 400 days ago at different prices, one sold by hand
 * (no price) 20 days ago, and homes that must never show in sold mode: one for sale, one under
 * review that sold, one of a fraud agent that sold.
 */
async function market(ctx: TestContext) {
  const agent = await createAccount(ctx.app, 'agent');
  const fraud = await createAccount(ctx.app, 'agent');
  const buyer = await createAccount(ctx.app, 'user');
  const home = (title: string, extra: Record<string, unknown> = {}) =>
    createListing(ctx.app, agent, { title, ...AUSTIN, ...extra });
  const homes = {
    recent: await home('Sold 10 days ago', { propertyType: 'Condo', areaSize: 900 }),
    byHand: await home('Sold by hand', { areaSize: 1500 }),
    spring: await home('Sold 100 days ago', { bedrooms: 4, areaSize: 2600 }),
    winter: await home('Sold 200 days ago', { areaSize: 2000 }),
    old: await home('Sold 400 days ago'),
    forSale: await home('For sale'),
    noPin: await home('Sold without a pin', { lat: null, lng: null }),
  };
  const review = await createListing(ctx.app, agent, { title: 'Under review' }, 'pending');
  const fraudHome = await createListing(ctx.app, fraud, { title: 'Fraud sold', ...AUSTIN });
  await sell(ctx, homes.recent, 10, 410_000);
  await sell(ctx, homes.byHand, 20, null);
  await sell(ctx, homes.spring, 100, 650_000);
  await sell(ctx, homes.winter, 200, 250_000);
  await sell(ctx, homes.old, 400, 300_000);
  await sell(ctx, homes.noPin, 30, 520_000);
  await sell(ctx, review, 5, 300_000);
  await sell(ctx, fraudHome, 5, 300_000);
  await ctx.app.db.update(users).set({ role: 'fraud' }).where(eq(users.id, fraud.id));
  forgetListings(ctx.app.listingCache);
  return { agent, buyer, homes };
}

function soldModeFindsAndOrders(ctx: TestContext) {
  it('finds approved homes sold within the period, newest sale first, with their sale', async () => {
    const { buyer } = await market(ctx);
    expect(await titles(ctx, 'sold=3', buyer)).toEqual([
      'Sold 10 days ago',
      'Sold by hand',
      'Sold without a pin',
    ]);
    expect(await titles(ctx, 'sold=6', buyer)).toEqual([
      'Sold 10 days ago',
      'Sold by hand',
      'Sold without a pin',
      'Sold 100 days ago',
    ]);
    expect(await titles(ctx, 'sold=12', buyer)).toEqual([
      'Sold 10 days ago',
      'Sold by hand',
      'Sold without a pin',
      'Sold 100 days ago',
      'Sold 200 days ago',
    ]);
    const [recent, byHand] = (await get(ctx, '/api/all-properties?sold=3&fields=card', buyer))
      .json()
      .slice(0, 2) as Listed[];
    expect(recent?.soldPrice).toBe(410_000);
    expect(Date.parse(recent?.soldAt ?? '')).toBeGreaterThan(Date.now() - 11 * DAY);
    // Sold by its agent, not here: its date, no price.
    expect(byHand?.soldPrice).toBeNull();
    expect(byHand?.soldAt).not.toBeNull();
    // The catalogue itself still lists every approved home, the sold ones with their sale.
    const all = (await get(ctx, '/api/all-properties?limit=50', buyer)).json() as Listed[];
    expect(all).toHaveLength(7);
    expect(all.find((home) => home.title === 'For sale')).toMatchObject({
      soldPrice: null,
      soldAt: null,
    });
  });

  it('sorts by the sale price (no price last either way) and by size', async () => {
    const { buyer } = await market(ctx);
    expect(await titles(ctx, 'sold=12&sort=price-asc', buyer)).toEqual([
      'Sold 200 days ago',
      'Sold 10 days ago',
      'Sold without a pin',
      'Sold 100 days ago',
      'Sold by hand',
    ]);
    expect(await titles(ctx, 'sold=12&sort=price-desc', buyer)).toEqual([
      'Sold 100 days ago',
      'Sold without a pin',
      'Sold 10 days ago',
      'Sold 200 days ago',
      'Sold by hand',
    ]);
    expect(await titles(ctx, 'sold=12&sort=area-desc&limit=2', buyer)).toEqual([
      'Sold 100 days ago',
      'Sold 200 days ago',
    ]);
    expect(await titles(ctx, 'sold=12&limit=2&page=3', buyer)).toEqual(['Sold 200 days ago']);
  });

  it('reads every price filter and count as the sale price, leaving out sales without one', async () => {
    const { buyer } = await market(ctx);
    expect(await titles(ctx, 'sold=12&minPrice=400000&maxPrice=600000', buyer)).toEqual([
      'Sold 10 days ago',
      'Sold without a pin',
    ]);
    // The listing's own range (250k to 280k) is not what a sale is searched by.
    expect(await titles(ctx, 'sold=12&maxPrice=280000', buyer)).toEqual(['Sold 200 days ago']);
    expect(await titles(ctx, 'sold=12&priceBand=600k-plus', buyer)).toEqual(['Sold 100 days ago']);
    expect(
      await titles(ctx, `sold=12&priceRange=${encodeURIComponent('$100k - $300k')}`, buyer),
    ).toEqual(['Sold 200 days ago']);
    expect(await titles(ctx, 'sold=12&propertyType=Condo', buyer)).toEqual(['Sold 10 days ago']);
    expect(await titles(ctx, 'sold=12&minBeds=4', buyer)).toEqual(['Sold 100 days ago']);
    expect(await titles(ctx, 'sold=12&location=austin', buyer)).toHaveLength(5);
    const facets = (await get(ctx, '/api/all-properties/facets?sold=12', buyer)).json();
    expect(facets.total).toBe(5);
    expect(facets.types).toContainEqual({ propertyType: 'Condo', count: 1 });
    expect(facets.types).toContainEqual({ propertyType: 'House', count: 4 });
    const bands = Object.fromEntries(
      facets.priceBands.map((band: { id: string; count: number }) => [band.id, band.count]),
    );
    // 250k; 410k and 520k; 650k; the sale by hand is under none.
    expect(bands).toEqual({ 'under-100k': 0, '100k-300k': 1, '300k-600k': 2, '600k-plus': 1 });
  });

  it('answers a map view: its page, its pins with their sale, its counts', async () => {
    const { buyer, homes } = await market(ctx);
    expect(await titles(ctx, `sold=6&${AUSTIN_AREA}`, buyer)).toEqual([
      'Sold 10 days ago',
      'Sold by hand',
      'Sold 100 days ago',
    ]);
    const polygon = 'polygon=-98,30;-97.5,30;-97.5,30.5;-98,30.5';
    expect(await titles(ctx, `sold=6&${polygon}&sort=price-desc`, buyer)).toEqual([
      'Sold 100 days ago',
      'Sold 10 days ago',
      'Sold by hand',
    ]);
    const pins = await get(ctx, `/api/all-properties/pins?sold=6&${AUSTIN_AREA}`, buyer);
    const body = pins.json();
    expect(body.total).toBe(3);
    expect(pins.headers['x-total-count']).toBe('3');
    expect(body.pins.map((pin: { _id: string }) => pin._id)).toEqual([
      homes.recent,
      homes.byHand,
      homes.spring,
    ]);
    expect(body.pins[0]).toMatchObject({ soldPrice: 410_000, minPrice: 250_000 });
    expect(body.pins[1].soldPrice).toBeNull();
    expect(new Date(body.pins[2].soldAt).getTime()).toBeGreaterThan(Date.now() - 101 * DAY);
    // Without an area, the whole map's sold homes: the one without a pin is not among them.
    expect((await get(ctx, '/api/all-properties/pins?sold=12', buyer)).json().total).toBe(4);
    const facets = (
      await get(ctx, `/api/all-properties/facets?sold=6&${AUSTIN_AREA}`, buyer)
    ).json();
    expect(facets.total).toBe(3);
    // Outside sold mode the same view's pins carry no sale.
    const catalogue = (await get(ctx, `/api/all-properties/pins?${AUSTIN_AREA}`, buyer)).json();
    expect(catalogue.total).toBe(6);
    expect(catalogue.pins.some((pin: object) => 'soldPrice' in pin)).toBe(false);
  });

  it('forgets a home sold and then offered again', async () => {
    const { buyer, homes } = await market(ctx);
    expect(await titles(ctx, 'sold=3', buyer)).toContain('Sold 10 days ago');
    // An admin's edit is live at once: the home is approved and Available again.
    const admin = await createAccount(ctx.app, 'admin');
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/${homes.recent}`,
      headers: admin.bearer,
      payload: listingBody({
        title: 'Sold 10 days ago',
        propertyType: 'Condo',
        areaSize: 900,
        ...AUSTIN,
        availability: 'Available',
      }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await titles(ctx, 'sold=3', buyer)).toEqual(['Sold by hand', 'Sold without a pin']);
    expect(
      (await get(ctx, `/api/all-properties/pins?sold=3&${AUSTIN_AREA}`, buyer)).json().total,
    ).toBe(1);
    const again = (await get(ctx, `/api/properties/${homes.recent}`, buyer)).json();
    expect(again).toMatchObject({ availability: 'Available', soldPrice: null, soldAt: null });
  });

  it('refuses a period it does not know, and leaves the public search without sold mode', async () => {
    const { buyer } = await market(ctx);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/all-properties?sold=24',
      headers: buyer.bearer,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('sold');
    const stranger = await ctx.app.inject({ method: 'GET', url: '/api/all-properties?sold=6' });
    expect(stranger.statusCode).toBe(401);
    const open = await ctx.app.inject({ method: 'GET', url: '/properties/search?sold=6' });
    expect(open.json().map((home: Listed) => home.title)).toEqual(['For sale']);
  });
}

describe('sold mode, caches off', () => {
  const ctx = useTestApp();
  soldModeFindsAndOrders(ctx);

  it('is declared in the OpenAPI document on the catalogue, its pins and counts alone', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const soldOf = (path: string) =>
      document.paths[path].get.parameters.find(
        (parameter: { name: string; in: string }) =>
          parameter.name === 'sold' && parameter.in === 'query',
      );
    for (const path of [
      '/api/all-properties',
      '/api/all-properties/pins',
      '/api/all-properties/facets',
    ]) {
      expect(soldOf(path)?.schema, path).toMatchObject({ enum: ['3', '6', '12'] });
      expect(document.paths[path].get.description, path).toContain('Sold mode');
    }
    expect(soldOf('/properties/search')).toBeUndefined();
    const property = document.components.schemas.Property;
    expect(property.required).toEqual(expect.arrayContaining(['soldPrice', 'soldAt']));
  });

  it('starts its periods at the start of a day, months back, on the month’s last day at most', () => {
    const at = (text: string) => new Date(text);
    expect(soldSince('3', at('2026-12-06T08:15:00Z')).toISOString()).toBe(
      '2026-09-06T00:00:00.000Z',
    );
    expect(soldSince('6', at('2026-08-31T23:59:59Z')).toISOString()).toBe(
      '2026-02-28T00:00:00.000Z',
    );
    expect(soldSince('12', at('2028-02-29T00:00:00Z')).toISOString()).toBe(
      '2027-02-28T00:00:00.000Z',
    );
    expect(soldSince('6', at('2027-03-31T12:00:00Z')).toISOString()).toBe(
      '2026-09-30T00:00:00.000Z',
    );
  });
});

describe('sold mode, caches and the map index on', () => {
  const ctx = useTestApp({ SEARCH_CACHE_SECONDS: '60' });
  soldModeFindsAndOrders(ctx);

  it('is never answered from the catalogue’s cached pages, counts or pins, nor the reverse', async () => {
    const { buyer } = await market(ctx);
    await ctx.app.listingCache.map.settled();
    for (const path of ['', '/pins', '/facets']) {
      const url = `/api/all-properties${path}?${AUSTIN_AREA}`;
      const catalogue = await get(ctx, url, buyer);
      const sold = await get(ctx, `${url}&sold=6`, buyer);
      const longer = await get(ctx, `${url}&sold=12`, buyer);
      expect(sold.headers['x-total-count'] ?? String(sold.json().total)).toBe('3');
      expect(longer.headers['x-total-count'] ?? String(longer.json().total)).toBe('4');
      expect(catalogue.headers['x-total-count'] ?? String(catalogue.json().total)).toBe('6');
      if (catalogue.headers.etag) {
        expect(new Set([catalogue, sold, longer].map((r) => r.headers.etag)).size).toBe(3);
      }
    }
  });
});

describe('sold mode tells no one but a sale’s parties who bought', () => {
  const ctx = useTestApp({ SEARCH_CACHE_SECONDS: '60' });

  it('keeps the buyer and the transaction out of every answer a stranger, an agent or a buyer reads', async () => {
    const agent = await createAccount(ctx.app, 'agent', { name: 'Selling Agent' });
    const buyer = await createAccount(ctx.app, 'user', { name: 'Quiet Buyer Person' });
    const otherBuyer = await createAccount(ctx.app, 'user');
    const otherAgent = await createAccount(ctx.app, 'agent');
    const id = await createListing(ctx.app, agent, { title: 'Sold here', ...AUSTIN });
    expect((await offer(ctx.app, buyer, id, { offerAmount: 265_000 })).statusCode).toBe(200);
    expect((await accept(ctx.app, agent, id)).statusCode).toBe(200);
    const { sessionId } = await openCheckout(ctx.app, buyer, id);
    expect((await payDemo(ctx.app, buyer, sessionId)).statusCode).toBe(200);
    const [row] = await ctx.app.db.select().from(properties).where(eq(properties.id, id));
    expect(row).toMatchObject({ availability: 'Sold', soldPriceCents: 26_500_000 });
    const secrets = [buyer.email, 'Quiet Buyer Person', buyer.id, sessionId];

    const answers = [
      '/api/all-properties?sold=3',
      '/api/all-properties?sold=3&fields=card',
      `/api/all-properties?sold=3&${AUSTIN_AREA}&fields=card`,
      `/api/all-properties/pins?sold=3&${AUSTIN_AREA}`,
      '/api/all-properties/pins?sold=3',
      `/api/all-properties/facets?sold=3&${AUSTIN_AREA}`,
      `/api/properties/${id}`,
    ];
    for (const viewer of [otherBuyer, otherAgent]) {
      for (const url of answers) {
        const body = (await get(ctx, url, viewer)).body;
        for (const secret of secrets) expect(body, `${url} tells ${secret}`).not.toContain(secret);
        if (!url.includes('facets')) expect(body).toContain('265000');
        expect(body).not.toMatch(/"soldDetails":\{/);
      }
    }
    // The sale's parties read its details, as everywhere in the catalogue.
    for (const party of [agent, buyer]) {
      const [card] = (await get(ctx, '/api/all-properties?sold=3&fields=card', party)).json();
      expect(card.soldDetails).toMatchObject({ price: 265_000, buyerEmail: buyer.email });
    }
    // And the answers everyone reads are not a party's copy kept in a cache.
    const again = (await get(ctx, '/api/all-properties?sold=3&fields=card', otherBuyer)).body;
    expect(again).not.toContain(buyer.email);
  });
});
