import {
  type MapPins,
  PRICE_BANDS,
  PRICE_RANGES,
  PROPERTY_TYPES,
  type SearchFacets,
} from '@keyhaven/shared';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { useTestApp } from '../../../test/helpers/test-app.js';

const ctx = useTestApp();

/** The public routes and the signed-in catalogue's, which answer alike for approved, open homes. */
const ROUTES = [
  { list: '/properties/search', signedIn: false },
  { list: '/api/all-properties', signedIn: true },
] as const;

async function get(url: string, viewer: TestAccount | null) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: viewer?.bearer ?? {} });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response;
}

/** The search's facets and its list's X-Total-Count, checked to agree, on both routes. */
async function facetsBoth(query: string, viewer: TestAccount) {
  const answers: SearchFacets[] = [];
  for (const route of ROUTES) {
    const facets: SearchFacets = (await get(`${route.list}/facets?${query}`, viewer)).json();
    const list = await get(`${route.list}?${query}`, viewer);
    expect(facets.total, `${route.list}/facets?${query} total`).toBe(
      Number(list.headers['x-total-count']),
    );
    answers.push(facets);
  }
  expect(answers[1], `both routes agree on ${query}`).toEqual(answers[0]);
  return answers[0] as SearchFacets;
}

async function pinsBoth(query: string, viewer: TestAccount) {
  const answers: MapPins[] = [];
  for (const route of ROUTES)
    answers.push((await get(`${route.list}/pins?${query}`, viewer)).json());
  expect(answers[1], `both routes agree on ${query}`).toEqual(answers[0]);
  return answers[0] as MapPins;
}

const countsOf = (facets: SearchFacets) => ({
  types: Object.fromEntries(facets.types.map((entry) => [entry.propertyType, entry.count])),
  priceRanges: facets.priceRanges.map((entry) => entry.count),
  priceBands: facets.priceBands.map((entry) => entry.count),
});

const pin = (lng: number, lat: number) => ({ lng, lat });
const AREA = 'bbox=-97.8,30.2,-97.7,30.3';
const MIDDLE = encodeURIComponent(PRICE_RANGES[1].label);

async function seedHomes() {
  const agent = await createAccount(ctx.app, 'agent');
  const buyer = await createAccount(ctx.app, 'user');
  const near = pin(-97.74, 30.27);
  // Title, type, price range, bedrooms, features and map position (none for the condo).
  const homes = [
    ['Small flat', 'Apartment', 200_000, 220_000, 1, ['Elevator'], near],
    ['Family house', 'House', 400_000, 450_000, 4, ['Garden', 'Garage'], near],
    ['Starter house', 'House', 150_000, 250_000, 2, ['Garden'], near],
    ['Garden villa', 'Villa', 900_000, 1_000_000, 5, ['Garden'], near],
    ['Town house', 'Townhouse', 350_000, 380_000, 3, ['Garden', 'Garage'], near],
    ['Far house', 'House', 400_000, 450_000, 4, ['Garden'], pin(-90, 35)],
    ['Unmapped condo', 'Condo', 500_000, 550_000, 2, ['Garden'], {}],
  ] as const;
  const ids: Record<string, string> = {};
  for (const [title, propertyType, minPrice, maxPrice, bedrooms, features, position] of homes) {
    ids[title] = await createListing(ctx.app, agent, {
      title,
      propertyType,
      minPrice,
      maxPrice,
      bedrooms,
      features,
      ...position,
    });
  }
  return { agent, buyer, ids };
}

describe('counts beside the filters', () => {
  it('counts each type without the type filters and each bracket without the bracket', async () => {
    const { buyer } = await seedHomes();
    const facets = await facetsBoth(
      `${AREA}&features=Garden&types=House,Villa&priceRange=${MIDDLE}`,
      buyer,
    );
    expect(facets.total).toBe(1);
    expect(facets.types.map((entry) => entry.propertyType)).toEqual([...PROPERTY_TYPES]);
    expect(facets.priceRanges.map((entry) => entry.label)).toEqual(
      PRICE_RANGES.map((r) => r.label),
    );
    const { types, priceRanges } = countsOf(facets);
    // Any type, still in the area, with a garden, in the middle bracket: the family house and the
    // town house; the far house and the unmapped condo are outside the area.
    expect(types).toEqual({
      Apartment: 0,
      House: 1,
      Villa: 0,
      Condo: 0,
      Townhouse: 1,
      Commercial: 0,
      Land: 0,
      Other: 0,
      Residential: 0,
    });
    // Any bracket, still a house or villa in the area with a garden.
    expect(priceRanges).toEqual([1, 1, 1]);
  });

  it('keeps free price bounds and beds in every count, and reads bounds that are a bracket as it', async () => {
    const { buyer } = await seedHomes();
    const bounded = countsOf(await facetsBoth('minPrice=300000&minBeds=3', buyer));
    expect(bounded.types).toMatchObject({ House: 2, Villa: 1, Townhouse: 1, Apartment: 0 });
    expect(bounded.priceRanges).toEqual([0, 3, 1]);
    // Exactly the middle bracket: its own count drops it, as if priceRange had been asked.
    const bracket = await facetsBoth('minPrice=300000&maxPrice=600000&types=House', buyer);
    expect(bracket.total).toBe(2);
    expect(countsOf(bracket).priceRanges).toEqual([1, 2, 0]);
    expect(countsOf(bracket).types).toMatchObject({ House: 2, Townhouse: 1, Condo: 1, Villa: 0 });
  });

  it('agrees with the list for every type and bracket of several searches', async () => {
    const { buyer } = await seedHomes();
    const searches = [
      '',
      AREA,
      `${AREA}&features=Garage`,
      'propertyType=House&minBeds=2',
      `polygon=-97.8,30.2;-97.7,30.2;-97.75,30.3&priceRange=${MIDDLE}&sort=price-asc&page=2&limit=1`,
      'location=Austin&maxPrice=500000',
    ];
    for (const query of searches) {
      const facets = await facetsBoth(query, buyer);
      const params = new URLSearchParams(query);
      params.delete('page');
      params.delete('limit');
      for (const { propertyType, count } of facets.types) {
        const typed = new URLSearchParams(params);
        typed.delete('types');
        typed.set('propertyType', propertyType);
        const list = await get(`/properties/search?${typed}`, null);
        expect(count, `${query}: ${propertyType}`).toBe(Number(list.headers['x-total-count']));
      }
      for (const { label, count } of facets.priceRanges) {
        const priced = new URLSearchParams(params);
        priced.set('priceRange', label);
        const list = await get(`/properties/search?${priced}`, null);
        expect(count, `${query}: ${label}`).toBe(Number(list.headers['x-total-count']));
      }
    }
  });

  it('counts every home under the price bands, one whose range spans two in both, and each band lists what it counts', async () => {
    const { agent, buyer } = await seedHomes();
    // Between the spec's brackets: under $100k, and across $300k.
    const cheap = await createListing(ctx.app, agent, {
      title: 'Cabin',
      propertyType: 'House',
      minPrice: 80_000,
      maxPrice: 90_000,
      ...pin(-97.75, 30.25),
    });
    const across = await createListing(ctx.app, agent, {
      title: 'Across two',
      propertyType: 'House',
      minPrice: 265_000,
      maxPrice: 315_000,
      ...pin(-97.75, 30.25),
    });
    for (const query of ['', AREA, 'minBeds=2', `${AREA}&propertyType=House`]) {
      const facets = await facetsBoth(query, buyer);
      expect(facets.priceBands.map((band) => band.id)).toEqual(PRICE_BANDS.map((b) => b.id));
      const reached = new Map<string, number>();
      for (const { id, count } of facets.priceBands) {
        const banded = new URLSearchParams(query);
        banded.set('priceBand', id);
        banded.set('limit', '100');
        const list = await get(`/properties/search?${banded}`, null);
        expect(count, `${query}: ${id}`).toBe(Number(list.headers['x-total-count']));
        for (const home of list.json() as Array<{ _id: string }>) {
          reached.set(home._id, (reached.get(home._id) ?? 0) + 1);
        }
      }
      // Every home of the search is under some band; only the one across $300k under two.
      expect(reached.size, query).toBe(facets.total);
      expect([...reached].filter(([, bands]) => bands > 1)).toEqual(
        reached.has(across) ? [[across, 2]] : [],
      );
    }
    const everything = countsOf(await facetsBoth('', buyer));
    // $80k - $90k; $150k - $250k, $200k - $220k, across; across, $350k - $380k, $400k - $450k
    // twice, $500k - $550k; $900k - $1M.
    expect(everything.priceBands).toEqual([1, 3, 5, 1]);
    // The spec's brackets keep their rule: neither the cabin nor the home across is in one.
    expect(everything.priceRanges).toEqual([2, 4, 1]);
    const band = countsOf(await facetsBoth('priceBand=under-100k', buyer));
    expect(band.types).toMatchObject({ House: 1, Apartment: 0 });
    const under = await get('/properties/search?priceBand=under-100k', null);
    expect((under.json() as Array<{ _id: string }>).map((home) => home._id)).toEqual([cheap]);
  });

  it('refuses a price range and a price band together', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/properties/search?priceRange=${MIDDLE}&priceBand=300k-600k`,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['priceBand']);
  });

  it('counts a new listing once it is approved', async () => {
    const { agent, buyer } = await seedHomes();
    expect((await facetsBoth(AREA, buyer)).total).toBe(5);
    await createListing(ctx.app, agent, {
      title: 'New flat',
      propertyType: 'Apartment',
      ...pin(-97.75, 30.25),
    });
    const after = await facetsBoth(AREA, buyer);
    expect(after.total).toBe(6);
    expect(countsOf(after).types.Apartment).toBe(2);
  });
});

describe('map pins', () => {
  it('holds exactly the listings with a map position inside an outline, newest first', async () => {
    const { buyer, ids } = await seedHomes();
    const outline = 'polygon=-97.8,30.2;-97.7,30.2;-97.75,30.3';
    const { pins, total } = await pinsBoth(`${outline}&sort=price-asc&page=3&limit=1`, buyer);
    const inside = ['Town house', 'Garden villa', 'Starter house', 'Family house', 'Small flat'];
    expect(pins.map((p) => p._id)).toEqual(inside.map((title) => ids[title]));
    expect(total).toBe(5);
    expect(pins[0]).toEqual({
      _id: ids['Town house'],
      lat: 30.27,
      lng: -97.74,
      minPrice: 350_000,
      maxPrice: 380_000,
      title: 'Town house',
      image: expect.stringMatching(/^\/uploads\/[a-z0-9]+-480\.webp$/),
      bedrooms: 3,
      bathrooms: expect.any(Number),
      areaSize: expect.any(Number),
    });
    // Filters narrow the pins as they narrow the list.
    const garages = await pinsBoth(`${outline}&features=Garage&types=House,Townhouse`, buyer);
    expect(garages.pins.map((p) => p._id)).toEqual([ids['Town house'], ids['Family house']]);
    expect(garages.total).toBe(2);
    // Without an area: every mapped listing, the unmapped condo left out.
    const everywhere = await pinsBoth('', buyer);
    expect(everywhere.total).toBe(6);
    expect(everywhere.pins.map((p) => p._id)).not.toContain(ids['Unmapped condo']);
    expect(everywhere.pins[0]?._id).toBe(ids['Far house']);
  });

  it('names each home by a short title, with its small cover, beds, baths and area, whatever the title holds', async () => {
    const { agent, buyer } = await seedHomes();
    const long = `Château «Les Pins» — a ${'very '.repeat(12)}long title`;
    const id = await createListing(ctx.app, agent, {
      title: long,
      bedrooms: 4,
      bathrooms: 2.5,
      areaSize: 2400,
      ...pin(-97.72, 30.22),
    });
    for (const query of [AREA, '']) {
      const { pins } = await pinsBoth(query, buyer);
      const found = pins.find((p) => p._id === id);
      expect(found, query).toMatchObject({
        title: `${long.slice(0, 59).trimEnd()}…`,
        bedrooms: 4,
        bathrooms: 2.5,
        areaSize: 2400,
      });
      expect(found?.title).toHaveLength(60);
      expect(found?.image).toMatch(/^\/uploads\/[a-z0-9]+-480\.webp$/);
    }
  });

  it('sends an ETag, answers 304 for it, and shows a listing change at once', async () => {
    const { agent, buyer } = await seedHomes();
    for (const route of ROUTES) {
      const viewer = route.signedIn ? buyer : null;
      const first = await get(`${route.list}/pins?${AREA}`, viewer);
      expect(first.headers['cache-control']).toBe(
        route.signedIn ? 'private, no-cache' : 'no-cache',
      );
      const again = await ctx.app.inject({
        method: 'GET',
        url: `${route.list}/pins?${AREA}`,
        headers: { ...(viewer?.bearer ?? {}), 'if-none-match': String(first.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
    const before: MapPins = (await get(`/properties/search/pins?${AREA}`, null)).json();
    const id = await createListing(ctx.app, agent, { title: 'Just listed', ...pin(-97.71, 30.21) });
    const after = await pinsBoth(AREA, buyer);
    expect(after.total).toBe(before.total + 1);
    expect(after.pins[0]?._id).toBe(id);
  });
});

describe('malformed parameters and signing in', () => {
  it.each([
    ['bbox=-96,30,-97,31', 'bbox'],
    ['polygon=-97,30;-96,30', 'polygon'],
    ['types=Castle', 'types'],
    ['minPrice=cheap', 'minPrice'],
    ['sort=random', 'sort'],
  ])('%s answers 400 naming %s on every facets and pins route', async (query, field) => {
    const buyer = await createAccount(ctx.app, 'user');
    for (const route of ROUTES) {
      for (const kind of ['facets', 'pins']) {
        const url = `${route.list}/${kind}?${query}`;
        const response = await ctx.app.inject({ method: 'GET', url, headers: buyer.bearer });
        expect(response.statusCode, url).toBe(400);
        expect(Object.keys(response.json().fields), url).toEqual([field]);
      }
    }
  });

  it('refuses the signed-in catalogue’s facets and pins to anonymous visitors', async () => {
    for (const url of ['/api/all-properties/facets', '/api/all-properties/pins']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
