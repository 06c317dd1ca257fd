import { PRICE_BANDS, PRICE_RANGES } from '@keyhaven/shared';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { properties, savedSearches } from '../../db/schema.js';
import { findMatchingSearches } from './saved-search-match.js';

const ctx = useTestApp();

/** Values near one another, edges included, so listings and searches often meet at a boundary. */
const LOCATIONS = ['Austin, Texas', 'San Antonio, TX', 'Round Rock, Austin'];
const PLACES = ['austin', 'AUSTIN, T', 'tx', 'texas', 'an', 'Rock, A', 'Dallas', 'n, '];
const LNGS = [-98, -97.75, -97.5, -97];
const LATS = [30, 30.25, 30.5, 31];
const BOXES = [
  '-98,30,-97,31',
  '-97.75,30.25,-97.5,30.5',
  '-98,30,-97.75,30.25',
  '-97.5,30,-97,30.5',
];
const OUTLINES = [
  '-98,30;-97,30;-98,31',
  '-97.75,30.25;-97.5,30.25;-97.5,30.5;-97.75,30.5',
  '-98,30;-97,31;-97,30',
];
const TYPES = ['House', 'Villa', 'Apartment'] as const;
const FEATURES = ['Garden', 'Garage', 'Balcony', 'Swimming Pool'] as const;
const PRICES = [100_000, 250_000, 300_000, 600_000];

const listingArbitrary = fc.record({
  location: fc.constantFrom(...LOCATIONS),
  propertyType: fc.constantFrom(...TYPES),
  minPrice: fc.constantFrom(...PRICES),
  spread: fc.constantFrom(0, 50_000),
  bedrooms: fc.integer({ min: 0, max: 5 }),
  bathrooms: fc.constantFrom(1, 1.5, 2, 2.5),
  features: fc.subarray([...FEATURES]),
  pin: fc.option(fc.record({ lng: fc.constantFrom(...LNGS), lat: fc.constantFrom(...LATS) })),
});

const filterValues = {
  location: fc.constantFrom(...PLACES),
  types: fc.subarray([...TYPES], { minLength: 1 }).map((types) => types.join(',')),
  propertyType: fc.constantFrom(...TYPES),
  priceRange: fc.constantFrom(...PRICE_RANGES.map((range) => range.label)),
  priceBand: fc.constantFrom(...PRICE_BANDS.map((band) => band.id)),
  minPrice: fc.constantFrom(...PRICES).map(String),
  maxPrice: fc.constantFrom(...PRICES.map((price) => price + 50_000)).map(String),
  minBeds: fc.integer({ min: 0, max: 5 }).map(String),
  minBaths: fc.constantFrom('1', '2', '2.5'),
  features: fc.subarray([...FEATURES], { minLength: 1 }).map((features) => features.join(',')),
  bbox: fc.constantFrom(...BOXES),
  polygon: fc.constantFrom(...OUTLINES),
};

/** A few filters at once, as people search: many filters together rarely show anything. */
const filtersArbitrary = fc
  .tuple(fc.record(filterValues), fc.subarray(Object.keys(filterValues), { maxLength: 3 }))
  .map(([values, chosen]) =>
    Object.fromEntries(chosen.map((name) => [name, values[name as keyof typeof values]])),
  );

it('finds exactly the saved searches whose public search shows the newly approved listing', async () => {
  const buyer = await createAccount(ctx.app, 'user');
  const agent = await createAccount(ctx.app, 'agent');
  let round = 0;
  const outcomes = { matched: 0, missed: 0 };
  await fc.assert(
    fc.asyncProperty(
      listingArbitrary,
      fc.array(filtersArbitrary, { minLength: 1, maxLength: 6 }),
      async (listing, searches) => {
        round += 1;
        await ctx.app.db.delete(properties);
        await ctx.app.db.delete(savedSearches);
        const id = await createListing(ctx.app, agent, {
          location: listing.location,
          propertyType: listing.propertyType,
          minPrice: listing.minPrice,
          maxPrice: listing.minPrice + listing.spread,
          bedrooms: listing.bedrooms,
          bathrooms: listing.bathrooms,
          features: listing.features,
          ...(listing.pin ?? {}),
        });
        const expected: string[] = [];
        for (const filters of searches) {
          const saved = await ctx.app.inject({
            method: 'POST',
            url: '/api/saved-searches',
            headers: buyer.bearer,
            payload: { name: 'search', filters },
          });
          // Filters the search itself refuses (a maximum below the minimum, a price range and a
          // band together) are never saved.
          if (saved.statusCode === 400) continue;
          expect(saved.statusCode, saved.body).toBe(201);
          const searchId: string = saved.json()._id;
          // Each round asks for its own page size (40 rounds, at most 100 a page), so no page
          // cached in an earlier round, with another listing, answers.
          const query = new URLSearchParams({ ...filters, limit: String(round) });
          const shown = await ctx.app.inject({ method: 'GET', url: `/properties/search?${query}` });
          expect(shown.statusCode, shown.body).toBe(200);
          if (shown.json().some((item: { _id: string }) => item._id === id))
            expected.push(searchId);
        }
        const found = await findMatchingSearches(ctx.app.db, id);
        outcomes.matched += expected.length;
        outcomes.missed += searches.length - expected.length;
        expect(found?.searches.map((search) => search.id).sort()).toEqual(expected.sort());
      },
    ),
    { numRuns: 40 },
  );
  // The runs met both answers many times, edges and places included.
  expect(outcomes.matched).toBeGreaterThan(10);
  expect(outcomes.missed).toBeGreaterThan(10);
});
