import { OFFER_MESSAGES, PROPERTY_MESSAGES } from '@keyhaven/shared';
import { describe, expect, it } from 'vitest';
import { offers, properties, reviews } from '../../src/db/schema.js';
import { createAccount, type TestAccount } from '../helpers/accounts.js';
import { createListing, listingBody } from '../helpers/listings.js';
import { daysFromNow } from '../helpers/offers.js';
import { useTestApp } from '../helpers/test-app.js';

/*
 * Numbers arrive as JSON numbers, or as the decimal text a form sends ("350000", "350000.50"),
 * and as nothing else: no hex, exponents, booleans, lists, blanks or Infinity, each refused with
 * 400 asking for the field in digits (a missing one is required). Buying dates stay within two
 * years.
 */

const ctx = useTestApp();

/** Values `Number()` would have read as a number, and that a number field must refuse. */
const HOSTILE = [
  '0x55730',
  '1e5',
  '3.5e5',
  true,
  false,
  [350000],
  ['350000'],
  { n: 1 },
  ' ',
  '  260000',
  '260000 ',
  'Infinity',
  '-Infinity',
  'NaN',
  '0b101',
  '0o17',
  '1_000',
];

const offer = (buyer: TestAccount, propertyId: string, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/make-offer/${propertyId}`,
    headers: buyer.bearer,
    payload: { offerAmount: 260_000, selectedDate: daysFromNow(30), ...body },
  });

describe('offer amounts', () => {
  it('refuse hex, exponents, booleans, lists, blanks and Infinity with 400 asking for digits', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const propertyId = await createListing(ctx.app, agent);
    for (const offerAmount of HOSTILE) {
      const response = await offer(buyer, propertyId, { offerAmount });
      expect(response.statusCode, JSON.stringify(offerAmount)).toBe(400);
      expect(response.json(), JSON.stringify(offerAmount)).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { offerAmount: 'Enter the offer amount in digits' },
      });
    }
    for (const offerAmount of ['', null]) {
      const response = await offer(buyer, propertyId, { offerAmount });
      expect(response.json().fields, JSON.stringify(offerAmount)).toEqual({
        offerAmount: OFFER_MESSAGES.amountRequired,
      });
    }
    expect(await ctx.app.db.select().from(offers)).toEqual([]);
  });

  it('take JSON numbers and decimal text, dollars and cents', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const propertyId = await createListing(ctx.app, agent);
    for (const offerAmount of [260_000, '260000', '260000.50', 260_000.25]) {
      const response = await offer(await createAccount(ctx.app), propertyId, { offerAmount });
      expect(response.statusCode, JSON.stringify(offerAmount)).toBe(200);
    }
    const stored = await ctx.app.db.select({ cents: offers.amountCents }).from(offers);
    expect(stored.map((row) => row.cents).sort()).toEqual([
      26_000_000, 26_000_000, 26_000_025, 26_000_050,
    ]);
  });
});

describe('buying dates', () => {
  it('are refused beyond two years ahead, the year 9999 included', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const propertyId = await createListing(ctx.app, agent);
    for (const selectedDate of [
      '9999-12-31',
      '9999-01-01T00:00:00.000Z',
      daysFromNow(2 * 366 + 2),
    ]) {
      const response = await offer(buyer, propertyId, { selectedDate });
      expect(response.statusCode, selectedDate).toBe(400);
      expect(response.json(), selectedDate).toMatchObject({
        error: 'Buying date must be within two years',
        code: 'VALIDATION_FAILED',
        fields: { selectedDate: 'Buying date must be within two years' },
      });
    }
    expect(await ctx.app.db.select().from(offers)).toEqual([]);
    const soon = await offer(buyer, propertyId, { selectedDate: daysFromNow(2 * 365 - 2) });
    expect(soon.statusCode).toBe(200);
  });
});

describe('ratings', () => {
  it('refuse true and [5] with 400 naming the field', async () => {
    const buyer = await createAccount(ctx.app);
    for (const rating of HOSTILE.concat([[5]])) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers: buyer.bearer,
        payload: { rating, title: 'Hostile' },
      });
      expect(response.statusCode, JSON.stringify(rating)).toBe(400);
      expect(response.json().fields, JSON.stringify(rating)).toEqual({
        rating: 'Rating must be a number from 1 to 5',
      });
    }
    expect(await ctx.app.db.select().from(reviews)).toEqual([]);
  });
});

describe('listing numbers', () => {
  /** Each numeric field's message for a value that is not digits, and for none at all. */
  const fields = {
    minPrice: ['Enter the price in digits', PROPERTY_MESSAGES.minPriceRequired],
    maxPrice: ['Enter the price in digits', PROPERTY_MESSAGES.maxPriceRequired],
    bedrooms: ['Enter the number of bedrooms in digits', PROPERTY_MESSAGES.bedroomsRequired],
    bathrooms: ['Enter the number of bathrooms in digits', PROPERTY_MESSAGES.bathroomsRequired],
    areaSize: ['Enter the area size in digits', PROPERTY_MESSAGES.areaRequired],
  } as const;

  const addListing = (agent: TestAccount, body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: agent.bearer,
      payload: listingBody(body),
    });

  it('refuse every hostile value in every numeric field, asking for digits', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    for (const [field, [inDigits, required]] of Object.entries(fields)) {
      for (const value of HOSTILE) {
        const response = await addListing(agent, { [field]: value });
        const what = `${field}: ${JSON.stringify(value)}`;
        expect(response.statusCode, what).toBe(400);
        expect(response.json().fields?.[field], what).toBe(inDigits);
      }
      for (const value of ['', null]) {
        const response = await addListing(agent, { [field]: value });
        expect(response.json().fields?.[field], `${field}: ${JSON.stringify(value)}`).toBe(
          required,
        );
      }
    }
    expect(await ctx.app.db.select().from(properties)).toEqual([]);
  });

  it('refuse more rooms and square feet than any home has, in the words the forms use', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const response = await addListing(agent, {
      bedrooms: 1001,
      bathrooms: '1000.5',
      areaSize: 100_000_001,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      bedrooms: 'Bedrooms must be at most 1000',
      bathrooms: 'Bathrooms must be at most 1000',
      areaSize: 'Area size must be at most 100000000',
    });
    expect(await ctx.app.db.select().from(properties)).toEqual([]);
  });

  it('take numbers and decimal text, as the add form sends them', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: agent.bearer,
      payload: listingBody({
        minPrice: '250000',
        maxPrice: '280000.50',
        bedrooms: '3',
        bathrooms: '2.5',
        areaSize: 1800,
      }),
    });
    expect(response.statusCode).toBe(200);
    const [stored] = await ctx.app.db.select().from(properties);
    expect(stored).toMatchObject({
      minPriceCents: 25_000_000,
      maxPriceCents: 28_000_050,
      bedrooms: 3,
      bathrooms: 2.5,
      areaSize: 1800,
    });
  });
});

describe('page and limit', () => {
  it('are whole numbers in digits: hex, exponents, blanks and lists are refused', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    for (const base of [
      '/api/reviews?reviewFor=website&',
      '/properties/search?',
      '/api/all-users?',
    ]) {
      for (const [key, value] of [
        ['page', '0x2'],
        ['page', '1e1'],
        ['page', '%20'],
        ['page', '2.5'],
        ['limit', '0x10'],
        ['limit', '1e1'],
        ['limit', 'Infinity'],
      ] as const) {
        const url = `${base}${key}=${value}`;
        const response = await ctx.app.inject({ method: 'GET', url, headers: admin.bearer });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().fields, url).toHaveProperty(key);
      }
      const repeated = `${base}page=1&page=2`;
      expect(
        (await ctx.app.inject({ method: 'GET', url: repeated, headers: admin.bearer })).statusCode,
        repeated,
      ).toBe(400);
      for (const ok of ['page=2&limit=5', 'page=', '']) {
        const url = `${base}${ok}`;
        expect(
          (await ctx.app.inject({ method: 'GET', url, headers: admin.bearer })).statusCode,
          url,
        ).toBe(200);
      }
    }
  });
});
