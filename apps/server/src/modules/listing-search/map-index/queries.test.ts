import { gunzipSync, zstdDecompressSync } from 'node:zlib';
import {
  FEATURES,
  type LngLat,
  PRICE_BANDS,
  PRICE_RANGES,
  PROPERTY_TYPES,
  SEARCH_SORTS,
  type SearchSort,
  ZPropertyList,
  ZPropertySearchQuery,
} from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccount, type TestAccount } from '../../../../test/helpers/accounts.js';
import { createListing } from '../../../../test/helpers/listings.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { properties, users } from '../../../db/schema.js';
import { type Random, seededRandom } from '../../../lib/seeded-random.js';
import { sharedViews } from '../../listing-views/property-view.js';
import { forgetListings } from '../listing-cache.js';
import type { ListingFilters } from '../listing-filters.js';
import { catalogueListings, searchFacets, searchListings } from '../listing-search.service.js';
import { searchPins } from '../map-pins.js';
import { CELL_CROSSED, CELL_INSIDE, CELL_OUTSIDE, OutlineTest } from './geometry.js';
import type { MapIndex } from './queries.js';

// The listing caches, and with them the map index, are off in tests by default (helpers change
// rows directly); this file turns them on, and empties them before each test as its reset does.
const ctx = useTestApp({ SEARCH_CACHE_SECONDS: '60' });
beforeEach(() => forgetListings(ctx.app.listingCache));

/**
 * How long a test waits for a build: builds start no sooner than ten builds' time apart, and a
 * build on a busy machine takes longer.
 */
// A build over 1,500 listings takes a second alone, and over 25 s beside the other suites on two busy cores.
const BUILT = { timeout: 90_000, interval: 20 };

/** Centres the generated listings crowd around: views there hold many, with ties and edges. */
const CENTRES: LngLat[] = [
  { lng: -97.74, lat: 30.27 },
  { lng: 2.35, lat: 48.86 },
  { lng: 179.95, lat: -16.5 },
];

const pick = <T>(random: Random, items: readonly T[]) =>
  items[Math.floor(random() * items.length)] as T;

/** Degrees on a 0.001° lattice, so that many listings fall exactly on the views' edges. */
const onLattice = (degrees: number) => Math.round(degrees * 1000) / 1000;

/** Degrees to the millionth, as an address carries them. */
const toMillionths = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/**
 * Listings of every kind a map view must tell apart, inserted directly: approved, pending and
 * rejected; Available and Sold; with and without a pin; of agents in good standing and of a fraud
 * agent; prices, sizes and dates drawn from few values, so that orders have ties to break.
 */
async function insertListings(random: Random, count: number) {
  const agent = await createAccount(ctx.app, 'agent');
  const fraud = await createAccount(ctx.app, 'agent');
  await ctx.app.db.update(users).set({ role: 'fraud' }).where(eq(users.id, fraud.id));
  const since = Date.parse('2026-01-01T00:00:00Z');
  const rows = Array.from({ length: count }, (_, i) => {
    const centre = pick(random, CENTRES);
    const minPrice = pick(random, [90_000, 100_000, 250_000, 300_000, 450_000, 600_000, 900_000]);
    const withPin = random() > 0.05;
    return {
      title: `Home ${i}`,
      description: 'A home on the map',
      location: 'Somewhere',
      propertyType: pick(random, PROPERTY_TYPES),
      minPriceCents: minPrice * 100,
      maxPriceCents: (minPrice + pick(random, [0, 50_000, 200_000])) * 100,
      bedrooms: Math.floor(random() * 6),
      bathrooms: pick(random, [1, 1.5, 2, 2.5, 3]),
      areaSize: pick(random, [800, 1200, 2000, 3500]),
      features: FEATURES.filter(() => random() < 0.3),
      lat: withPin ? onLattice(centre.lat + (random() - 0.5) * 0.2) : null,
      lng: withPin ? Math.min(180, onLattice(centre.lng + (random() - 0.5) * 0.2)) : null,
      availability: random() < 0.8 ? ('Available' as const) : ('Sold' as const),
      approval: pick(random, ['approved', 'approved', 'approved', 'pending', 'rejected'] as const),
      agentId: random() < 0.9 ? agent.id : fraud.id,
      // Every fifth pair of listings share their moment.
      createdAt: new Date(since + Math.floor(i / 2) * 60_000 * (i % 5 === 0 ? 0 : 1)),
    };
  });
  for (let i = 0; i < rows.length; i += 200) {
    await ctx.app.db.insert(properties).values(rows.slice(i, i + 200));
  }
}

/** A view around one of the centres: an area, an outline (concave, a star), or both. */
function randomView(random: Random): ListingFilters {
  const centre = pick(random, CENTRES);
  const half = pick(random, [0.01, 0.03, 0.08, 0.2]);
  // An outline's corners are on the lattice too: at least 0.03° out, so that none coincide.
  const reachOf = Math.max(half, 0.03);
  const filters: ListingFilters = { page: 1 + Math.floor(random() * 3), limit: 7 };
  const kind = random();
  if (kind < 0.5 || kind > 0.9) {
    filters.bbox = {
      west: Math.max(-180, onLattice(centre.lng - half * 1.6 * random())),
      south: onLattice(centre.lat - half * random()),
      east: Math.min(180, onLattice(centre.lng + half * 1.6 * random())),
      north: onLattice(centre.lat + half * random()),
    };
  }
  if (kind >= 0.5) {
    const corners = 3 + Math.floor(random() * 10);
    filters.polygon = Array.from({ length: corners }, (_, i) => {
      const angle = (2 * Math.PI * i) / corners;
      const reach = reachOf * (i % 2 === 0 ? 1 : 0.3 + random() * 0.5);
      return {
        lng: Math.max(-180, Math.min(180, onLattice(centre.lng + reach * Math.cos(angle)))),
        lat: onLattice(centre.lat + reach * Math.sin(angle)),
      };
    });
  }
  if (random() < 0.3) filters.types = PROPERTY_TYPES.filter(() => random() < 0.4);
  if (random() < 0.15) filters.propertyType = pick(random, PROPERTY_TYPES);
  // One price choice or the other, as the search takes them.
  const price = random();
  if (price < 0.25) filters.priceRange = pick(random, PRICE_RANGES).label;
  else if (price < 0.45) filters.priceBand = pick(random, PRICE_BANDS).id;
  if (random() < 0.2) filters.minPrice = pick(random, [100_000, 300_000, 600_000]);
  if (random() < 0.2) filters.maxPrice = pick(random, [300_000, 600_000, 1_000_000]);
  if ((filters.maxPrice ?? Infinity) <= (filters.minPrice ?? 0)) filters.maxPrice = undefined;
  if (random() < 0.2) filters.minBeds = Math.floor(random() * 4);
  if (random() < 0.2) filters.minBaths = pick(random, [1, 2, 3]);
  if (random() < 0.2) filters.features = FEATURES.filter(() => random() < 0.15);
  filters.sort = pick(random, SEARCH_SORTS) as SearchSort;
  return filters;
}

/** The search address of a view, as the map writes it. */
function addressOf(filters: ListingFilters) {
  const params = new URLSearchParams();
  const { bbox, polygon } = filters;
  if (bbox) params.set('bbox', [bbox.west, bbox.south, bbox.east, bbox.north].join(','));
  if (polygon) params.set('polygon', polygon.map((c) => `${c.lng},${c.lat}`).join(';'));
  if (filters.types?.length) params.set('types', filters.types.join(','));
  if (filters.features?.length) params.set('features', filters.features.join(','));
  for (const name of [
    'propertyType',
    'priceRange',
    'priceBand',
    'minPrice',
    'maxPrice',
    'minBeds',
    'minBaths',
    'sort',
    'page',
    'limit',
  ] as const) {
    if (filters[name] !== undefined) params.set(name, String(filters[name]));
  }
  return params.toString();
}

async function get(url: string, viewer?: TestAccount) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: viewer?.bearer ?? {} });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response;
}

/**
 * A view answered by the routes (from the map index, which the caller has built) and by the
 * database's queries alone, byte for byte: the public search and the signed-in catalogue, their
 * totals, facet counts and pins.
 */
async function expectSameAnswers(asked: ListingFilters, buyer: TestAccount) {
  const address = addressOf(asked);
  const filters = ZPropertySearchQuery.parse(Object.fromEntries(new URLSearchParams(address)));
  const db = ctx.app.db;
  const search = await get(`/properties/search?${address}`);
  const expected = await searchListings(db, filters);
  expect(search.body, address).toBe(JSON.stringify(ZPropertyList.encode(expected.items)));
  expect(search.headers['x-total-count']).toBe(String(expected.total));

  const catalogue = await get(`/api/all-properties?${address}`, buyer);
  const shared = await catalogueListings(db, filters);
  expect(catalogue.body, address).toBe(JSON.stringify(ZPropertyList.encode(sharedViews(shared))));
  expect(catalogue.headers['x-total-count']).toBe(String(shared.total));

  for (const [route, scope, viewer] of [
    ['/properties/search', 'open', undefined],
    ['/api/all-properties', 'approved', buyer],
  ] as const) {
    const facets = await get(`${route}/facets?${address}`, viewer);
    expect(facets.json(), address).toEqual(await searchFacets(db, scope, filters));
    const pins = await get(`${route}/pins?${address}`, viewer);
    expect(pins.json(), address).toEqual(await searchPins(db, scope, filters));
  }
  return shared.total;
}

/** One approved, available house of the same price at each place, a minute newer each. */
async function insertHomesAt(places: LngLat[], agentId: string) {
  const rows = places.map((place, i) => ({
    title: `Home ${i}`,
    description: 'A home on the map',
    location: 'Texas',
    propertyType: 'House' as const,
    minPriceCents: 30_000_000,
    maxPriceCents: 30_000_000,
    bedrooms: 3,
    bathrooms: 2,
    areaSize: 1500,
    features: [],
    lat: place.lat,
    lng: place.lng,
    availability: 'Available' as const,
    approval: 'approved' as const,
    agentId,
    createdAt: new Date(Date.parse('2026-01-01T00:00:00Z') + i * 60_000),
  }));
  for (let i = 0; i < rows.length; i += 200) {
    await ctx.app.db.insert(properties).values(rows.slice(i, i + 200));
  }
}

/** Builds the map index over what the test inserted, as the first map view after a change does. */
async function buildMapIndex() {
  forgetListings(ctx.app.listingCache);
  await vi.waitFor(() => expect(ctx.app.listingCache.map.current()).toBeDefined(), BUILT);
}

describe('the map index', () => {
  // Three hundred views, each checked four ways against the database: 15 s alone, 53 s with the
  // other suites beside it on a two-core machine, and up to twice that on a slower one.
  it('answers 300 views, their pages, counts and pins exactly as the database does', async () => {
    const random = seededRandom(2026);
    await insertListings(random, 1500);
    const buyer = await createAccount(ctx.app, 'user');
    await buildMapIndex();
    let found = 0;
    for (let view = 0; view < 300; view++)
      found += await expectSameAnswers(randomView(random), buyer);
    // The views are not all empty: most find listings, and many fill several pages (a price band
    // narrows a fifth of them).
    expect(found).toBeGreaterThan(300 * 15);
    // Every one of them was the index's: nothing dropped it on the way.
    expect(ctx.app.listingCache.map.current()).toBeDefined();
  }, 300_000);

  it('finds the whole map when the area is the world, in every order', async () => {
    await insertListings(seededRandom(7), 400);
    const buyer = await createAccount(ctx.app, 'user');
    await buildMapIndex();
    for (const sort of SEARCH_SORTS) {
      const world = { west: -180, south: -90, east: 180, north: 90 };
      await expectSameAnswers({ page: 2, limit: 50, sort, bbox: world }, buyer);
    }
    // The pins of a search without an area are the whole map's.
    const pins = await get('/properties/search/pins');
    expect(pins.json()).toEqual(await searchPins(ctx.app.db, 'open', { page: 1, limit: 24 }));
  });

  it('refuses to read a view after the next was made, whose listings took its place', async () => {
    await insertListings(seededRandom(11), 200);
    await buildMapIndex();
    const index = ctx.app.listingCache.map.current() as MapIndex;
    const world = { page: 1, limit: 24, bbox: { west: -180, south: -90, east: 180, north: 90 } };
    const first = index.view('approved', world);
    expect(first.page('newest', 0, 5)).toHaveLength(5);
    index.view('approved', { ...world, minBeds: 5 });
    expect(() => first.page('newest', 0, 5)).toThrow('A map view was read after the next was made');
    expect(() => first.pins(10)).toThrow('A map view was read after the next was made');
  });

  it('answers an outline over whole grid cells as the database does, inside, on and beside its edges', async () => {
    // A C-shaped outline over a degree of Texas, its corners on a 0.025° lattice of listings.
    const outline = [
      { lng: -97.9, lat: 30.1 },
      { lng: -97.1, lat: 30.1 },
      { lng: -97.1, lat: 30.35 },
      { lng: -97.6, lat: 30.35 },
      { lng: -97.6, lat: 30.65 },
      { lng: -97.1, lat: 30.65 },
      { lng: -97.1, lat: 30.9 },
      { lng: -97.9, lat: 30.9 },
    ];
    const agent = await createAccount(ctx.app, 'agent');
    const places: LngLat[] = [];
    for (let column = 0; column <= 40; column++) {
      for (let row = 0; row <= 40; row++) {
        places.push({ lng: -98 + column * 0.025, lat: 30 + row * 0.025 });
      }
    }
    // Just inside and just outside an edge, closer than the database's fuzzy margin and not.
    for (const offset of [-2e-6, -5e-7, 5e-7, 2e-6]) {
      places.push({ lng: -97.35, lat: 30.35 + offset }, { lng: -97.6 + offset, lat: 30.5 });
    }
    await insertHomesAt(places, agent.id);
    const buyer = await createAccount(ctx.app, 'user');
    await buildMapIndex();
    const total = await expectSameAnswers({ page: 3, limit: 40, polygon: outline }, buyer);
    expect(total).toBeGreaterThan(600);
    expect(ctx.app.listingCache.map.current()).toBeDefined();

    // Its cells: wholly inside (30.2–30.3° N, 97.5–97.4° W), crossed by an edge, wholly outside.
    const cellOf = (lng: number, lat: number) =>
      [Math.floor((lat + 90) * 10), Math.floor((lng + 180) * 10)] as const;
    const test = new OutlineTest(outline);
    expect(test.cellAgainst(...cellOf(-97.45, 30.25))).toBe(CELL_INSIDE);
    expect(test.cellAgainst(...cellOf(-97.55, 30.35))).toBe(CELL_CROSSED);
    expect(test.cellAgainst(...cellOf(-97.25, 30.45))).toBe(CELL_OUTSIDE);
  });

  it('answers an outline with slanted edges over a dense lattice as the database does', async () => {
    // A concave star over 0.4° of Texas, its edges slanted across the cells it crosses, over a
    // lattice of 150 listings a cell, a few just beside an edge.
    const centre = { lng: -97.3, lat: 30.3 };
    const outline = Array.from({ length: 10 }, (_, corner) => {
      const angle = (2 * Math.PI * corner) / 10 + 0.13;
      const reach = corner % 2 === 0 ? 0.19 : 0.08;
      return {
        lng: toMillionths(centre.lng + reach * Math.cos(angle)),
        lat: toMillionths(centre.lat + reach * Math.sin(angle)),
      };
    });
    const agent = await createAccount(ctx.app, 'agent');
    const places: LngLat[] = [];
    for (let column = 0; column < 50; column++) {
      for (let row = 0; row < 50; row++) {
        places.push({ lng: -97.5 + column * 0.008 + 0.001, lat: 30.1 + row * 0.008 + 0.003 });
      }
    }
    const [a, b] = outline as [LngLat, LngLat];
    for (const offset of [-2e-6, -5e-7, 0, 5e-7, 2e-6]) {
      places.push({ lng: (a.lng + b.lng) / 2 + offset, lat: (a.lat + b.lat) / 2 });
    }
    await insertHomesAt(places, agent.id);
    const buyer = await createAccount(ctx.app, 'user');
    await buildMapIndex();
    // Under a thousand inside, so the pins compared are every listing the outline holds.
    const total = await expectSameAnswers({ page: 2, limit: 50, polygon: outline }, buyer);
    expect(total).toBeGreaterThan(300);
    expect(total).toBeLessThan(1000);
    expect(ctx.app.listingCache.map.current()).toBeDefined();
  });
});

describe('the map index in the running app', () => {
  const bbox = { west: -97.8, south: 30.2, east: -97.6, north: 30.4 };
  const onThePins = { bbox, page: 1, limit: 24 };
  const query = `bbox=${Object.values(bbox).join(',')}`;
  const titles = async (buyer: TestAccount) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/all-properties?${query}`,
      headers: buyer.bearer,
    });
    expect(response.statusCode).toBe(200);
    return response.json().map((listing: { title: string }) => listing.title);
  };

  it('answers map views once built, and a listing change through the API drops it at once', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    const buyer = await createAccount(ctx.app, 'user');
    const map = ctx.app.listingCache.map;
    const first = await createListing(ctx.app, agent, { title: 'First', lng: -97.7, lat: 30.3 });
    expect(await titles(buyer)).toEqual(['First']);
    await vi.waitFor(() => expect(map.current()?.size).toBe(1), BUILT);

    // A change behind the API's back: the built index, not the database, answers the view.
    await ctx.app.db.update(properties).set({ lng: -10 }).where(eq(properties.id, first));
    expect(await titles(buyer)).toEqual(['First']);

    // Through the API, an approval shows on the very next view.
    const second = await createListing(
      ctx.app,
      agent,
      { title: 'Second', lng: -97.65, lat: 30.25 },
      'pending',
    );
    const approved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/admin-approval/${second}/true`,
      headers: admin.bearer,
    });
    expect(approved.statusCode).toBe(200);
    expect(await titles(buyer)).toEqual(['Second']);
    await vi.waitFor(() => expect(map.current()?.size).toBe(2), BUILT);
    expect(await titles(buyer)).toEqual(['Second']);
  }, 60_000);

  it("names the pins it answers with an ETag, which changes when the view's pins do", async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    const map = ctx.app.listingCache.map;
    const pins = (headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url: `/properties/search/pins?${query}`, headers });
    await createListing(ctx.app, agent, { title: 'First', lng: -97.7, lat: 30.3 });
    await vi.waitFor(() => expect(map.current()?.size).toBe(1), BUILT);

    const first = await pins();
    expect(first.json()).toEqual(await searchPins(ctx.app.db, 'open', onThePins));
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}-1"$/);
    expect((await pins({ 'if-none-match': etag })).statusCode).toBe(304);

    const second = await createListing(
      ctx.app,
      agent,
      { title: 'Second', lng: -97.65, lat: 30.25 },
      'pending',
    );
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/admin-approval/${second}/true`,
      headers: admin.bearer,
    });
    await vi.waitFor(() => expect(map.current()?.size).toBe(2), BUILT);
    const after = await pins({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json()).toEqual(await searchPins(ctx.app.db, 'open', onThePins));
    expect(after.json().total).toBe(2);
  });

  it('names a list page by the encodings of its listings: a listing encoded anew is a new page', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const map = ctx.app.listingCache.map;
    const page = (headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url: `/properties/search?${query}`, headers });
    const id = await createListing(ctx.app, agent, { title: 'First', lng: -97.7, lat: 30.3 });
    await vi.waitFor(() => expect(map.current()?.size).toBe(1), BUILT);

    const first = await page();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}-1"$/);
    expect((await page({ 'if-none-match': etag })).statusCode).toBe(304);

    // A title changed behind the caches' back shows once its cached encoding expires (as here),
    // while the index, which holds no titles, stands: the page must not be the one the client has.
    await ctx.app.db
      .update(properties)
      .set({ title: 'First, renamed' })
      .where(eq(properties.id, id));
    ctx.app.listingCache.listings.invalidate();
    const after = await page({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().map((listing: { title: string }) => listing.title)).toEqual([
      'First, renamed',
    ]);
  });

  it('writes each map page and pins in the coding a client takes, one after another, byte for byte', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const map = ctx.app.listingCache.map;
    for (let i = 0; i < 12; i++) {
      await createListing(ctx.app, agent, { title: `Home ${i}`, lng: -97.7 + i / 200, lat: 30.3 });
    }
    await vi.waitFor(() => expect(map.current()?.size).toBe(12), BUILT);
    const get = (url: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url, headers });
    const views = [
      `/properties/search?${query}`,
      `/properties/search/pins?${query}`,
      `/properties/search?${query}&limit=2`,
      `/properties/search?${query}&sort=price-asc&limit=3`,
    ];
    const plain = await Promise.all(views.map((url) => get(url)));
    // Pages of different sizes in turn: none keeps a piece of the one written before it.
    for (const coding of ['zstd', 'gzip'] as const) {
      for (const [i, url] of views.entries()) {
        const answer = await get(url, { 'accept-encoding': coding });
        expect(answer.headers['content-encoding'], url).toBe(coding);
        const decode = coding === 'zstd' ? zstdDecompressSync : gunzipSync;
        expect(decode(answer.rawPayload).toString(), url).toBe(plain[i]?.body);
      }
    }
    // All at once, many times over: pages compressed side by side each come back as their own.
    const urls = Array.from({ length: 100 }, (_, i) => i % views.length);
    const together = await Promise.all(
      urls.map((at) => get(views[at] as string, { 'accept-encoding': 'zstd' })),
    );
    together.forEach((answer, i) => {
      const at = urls[i] as number;
      expect(answer.headers['content-encoding']).toBe('zstd');
      expect(zstdDecompressSync(answer.rawPayload).toString()).toBe(plain[at]?.body);
    });
    expect(plain[1]?.json().pins).toHaveLength(12);
    expect([0, 2, 3].map((i) => plain[i]?.json().length)).toEqual([12, 2, 3]);
  });
});
