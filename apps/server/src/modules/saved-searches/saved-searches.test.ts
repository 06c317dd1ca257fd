import { ENGAGEMENT_LIMITS, SAVED_SEARCH_MESSAGES } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { properties, savedSearches, savedSearchMatches } from '../../db/schema.js';
import { MATCH_QUEUE } from './saved-search-alerts.js';

const ctx = useTestApp();

function save(account: TestAccount, payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/saved-searches',
    headers: account.bearer,
    payload,
  });
}

async function saved(
  account: TestAccount,
  name: string,
  filters: Record<string, string>,
  alert = 'off',
) {
  const response = await save(account, { name, filters, alert });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string; name: string; filters: Record<string, string> };
}

async function listOf(account: TestAccount) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/saved-searches',
    headers: account.bearer,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { _id: string; name: string; alert: string; newMatches: number }[];
}

/** Runs the match the approval of a listing queues, as the job queue runs it. */
async function matchApproved(propertyId: string, round = 1) {
  await ctx.app.jobs.send(
    MATCH_QUEUE,
    { propertyId },
    { key: `test-match:${propertyId}:${round}` },
  );
  await ctx.app.jobs.drain();
}

/** The names of the searches each listing (by title) matched. */
async function matchesByListing() {
  const rows = await ctx.app.db
    .select({ title: properties.title, search: savedSearches.name })
    .from(savedSearchMatches)
    .innerJoin(properties, eq(properties.id, savedSearchMatches.propertyId))
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchMatches.savedSearchId));
  const byListing: Record<string, string[]> = {};
  for (const row of rows) {
    byListing[row.search] = [...(byListing[row.search] ?? []), row.title];
  }
  for (const titles of Object.values(byListing)) titles.sort();
  return byListing;
}

describe('saving searches', () => {
  it('saves the search’s filters without its page, size, order or ignored values', async () => {
    const buyer = await createAccount(ctx.app, 'user');
    const response = await save(buyer, {
      name: '  Austin houses  ',
      filters: {
        location: 'Austin',
        types: 'House,Villa',
        minPrice: '200000',
        page: '3',
        limit: '12',
        sort: 'price-asc',
        propertyType: 'Property Type',
        unknown: 'x',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Austin houses',
      filters: { location: 'Austin', types: 'House,Villa', minPrice: '200000' },
      alert: 'instant',
      newMatches: 0,
    });
    expect(Object.keys(response.json().filters).sort()).toEqual(['location', 'minPrice', 'types']);
    expect(await listOf(buyer)).toHaveLength(1);
  });

  it('refuses a filter the search refuses, naming it, and a missing name', async () => {
    const buyer = await createAccount(ctx.app, 'user');
    const badPrice = await save(buyer, { name: 'x', filters: { minPrice: 'cheap' } });
    expect(badPrice.statusCode).toBe(400);
    expect(Object.keys(badPrice.json().fields)).toEqual(['filters.minPrice']);
    const badBox = await save(buyer, { name: 'x', filters: { bbox: '1,2,3' } });
    expect(badBox.statusCode).toBe(400);
    expect(Object.keys(badBox.json().fields)).toEqual(['filters.bbox']);
    const noName = await save(buyer, { name: '  ', filters: {} });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields).toEqual({ name: SAVED_SEARCH_MESSAGES.nameRequired });
    const badAlert = await save(buyer, { name: 'x', filters: {}, alert: 'hourly' });
    expect(badAlert.statusCode).toBe(400);
    expect(Object.keys(badAlert.json().fields)).toEqual(['alert']);
    expect(await listOf(buyer)).toEqual([]);
  });

  it('keeps at most the limit per account, also when saves arrive together', async () => {
    const buyer = await createAccount(ctx.app, 'user');
    const limit = ENGAGEMENT_LIMITS.savedSearchesPerUser;
    for (let i = 1; i < limit; i += 1)
      await saved(buyer, `Search ${i}`, { minBeds: String(i % 9) });
    const together = await Promise.all([
      save(buyer, { name: 'Last A', filters: {} }),
      save(buyer, { name: 'Last B', filters: {} }),
      save(buyer, { name: 'Last C', filters: {} }),
    ]);
    expect(together.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const refused = together.find((r) => r.statusCode === 409);
    expect(refused?.json().error).toBe(SAVED_SEARCH_MESSAGES.tooMany);
    expect(await listOf(buyer)).toHaveLength(limit);
    // Another account has its own allowance.
    await saved(await createAccount(ctx.app, 'user'), 'Mine', {});
  });

  it('renames, changes the alert, marks viewed and deletes only the owner’s searches', async () => {
    const buyer = await createAccount(ctx.app, 'user');
    const other = await createAccount(ctx.app, 'user');
    const search = await saved(buyer, 'Old name', { location: 'Austin' });
    const url = `/api/saved-searches/${search._id}`;

    for (const request of [
      { method: 'PATCH' as const, url, payload: { name: 'Stolen' } },
      { method: 'DELETE' as const, url },
      { method: 'POST' as const, url: `${url}/viewed` },
    ]) {
      const response = await ctx.app.inject({ ...request, headers: other.bearer });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.json().error).toBe(SAVED_SEARCH_MESSAGES.notFound);
    }
    expect(await listOf(other)).toEqual([]);

    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url,
      headers: buyer.bearer,
      payload: { name: 'New name', alert: 'daily' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'New name', alert: 'daily' });
    const tooLong = await ctx.app.inject({
      method: 'PATCH',
      url,
      headers: buyer.bearer,
      payload: { name: 'x'.repeat(ENGAGEMENT_LIMITS.savedSearchNameMaxLength + 1) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toEqual({ name: SAVED_SEARCH_MESSAGES.nameTooLong });

    const viewed = await ctx.app.inject({
      method: 'POST',
      url: `${url}/viewed`,
      headers: buyer.bearer,
    });
    expect(viewed.statusCode, viewed.body).toBe(200);
    const deleted = await ctx.app.inject({ method: 'DELETE', url, headers: buyer.bearer });
    expect(deleted.statusCode).toBe(200);
    expect(await listOf(buyer)).toEqual([]);
    const again = await ctx.app.inject({ method: 'DELETE', url, headers: buyer.bearer });
    expect(again.statusCode).toBe(404);
  });
});

describe('matching a newly approved listing', () => {
  it('matches as the search does: place, types, features, prices, rooms', async () => {
    const buyer = await createAccount(ctx.app, 'user');
    const agent = await createAccount(ctx.app, 'agent');
    await saved(buyer, 'place', { location: 'austin' });
    await saved(buyer, 'place piece', { location: 'IN, tex' });
    await saved(buyer, 'other place', { location: 'Dallas' });
    await saved(buyer, 'types', { types: 'Villa,Apartment' });
    await saved(buyer, 'one type', { propertyType: 'House' });
    await saved(buyer, 'features', { features: 'Garden,Swimming Pool' });
    await saved(buyer, 'price', { minPrice: '250000', maxPrice: '280000' });
    await saved(buyer, 'price narrower', { minPrice: '260000' });
    await saved(buyer, 'bracket', { priceRange: '$100k - $300k' });
    await saved(buyer, 'rooms', { minBeds: '3', minBaths: '2.5' });
    await saved(buyer, 'more rooms', { minBeds: '4' });
    await saved(buyer, 'anything', {});

    const house = await createListing(ctx.app, agent, {
      title: 'Austin house',
      location: 'Austin, Texas',
      propertyType: 'House',
      minPrice: 250_000,
      maxPrice: 280_000,
      bedrooms: 3,
      bathrooms: 2.5,
      features: ['Garden', 'Garage'],
    });
    const villa = await createListing(ctx.app, agent, {
      title: 'Dallas villa',
      location: 'Dallas, Texas',
      propertyType: 'Villa',
      minPrice: 900_000,
      maxPrice: 900_000,
      bedrooms: 5,
      bathrooms: 4,
      features: ['Garden', 'Swimming Pool'],
    });
    await matchApproved(house);
    await matchApproved(villa);

    const matched = await matchesByListing();
    expect(matched).toEqual({
      place: ['Austin house'],
      'place piece': ['Austin house'],
      'other place': ['Dallas villa'],
      types: ['Dallas villa'],
      'one type': ['Austin house'],
      features: ['Dallas villa'],
      price: ['Austin house'],
      'price narrower': ['Dallas villa'],
      bracket: ['Austin house'],
      rooms: ['Austin house', 'Dallas villa'],
      'more rooms': ['Dallas villa'],
      anything: ['Austin house', 'Dallas villa'],
    });
    const counts = Object.fromEntries((await listOf(buyer)).map((s) => [s.name, s.newMatches]));
    expect(counts).toMatchObject({ anything: 2, place: 1, 'more rooms': 1 });
  });

  it('matches a map area with its edges and a drawn outline, never a home without a pin', async () => {
    const buyer = await createAccount(ctx.app, 'user');
    const agent = await createAccount(ctx.app, 'agent');
    await saved(buyer, 'box', { bbox: '-98,30,-97,31' });
    await saved(buyer, 'box and place', { bbox: '-98,30,-97,31', location: 'Texas' });
    await saved(buyer, 'triangle', { polygon: '-98,30;-97,30;-98,31' });
    const inside = await createListing(ctx.app, agent, { title: 'inside', lng: -97.5, lat: 30.2 });
    const corner = await createListing(ctx.app, agent, { title: 'corner', lng: -97, lat: 31 });
    const edge = await createListing(ctx.app, agent, { title: 'edge', lng: -97.5, lat: 30 });
    const outside = await createListing(ctx.app, agent, {
      title: 'outside',
      lng: -96.9,
      lat: 30.5,
    });
    const pinless = await createListing(ctx.app, agent, { title: 'pinless' });
    for (const id of [inside, corner, edge, outside, pinless]) await matchApproved(id);

    expect(await matchesByListing()).toEqual({
      box: ['corner', 'edge', 'inside'],
      'box and place': ['corner', 'edge', 'inside'],
      triangle: ['edge', 'inside'],
    });
  });

  it('never matches a pending, rejected or fraud agent’s listing, nor tells its own agent or a fraud account', async () => {
    const buyer = await createAccount(ctx.app, 'user');
    const fraud = await createAccount(ctx.app, 'fraud');
    const agent = await createAccount(ctx.app, 'agent');
    const suspended = await createAccount(ctx.app, 'agent');
    await saved(buyer, 'anything', {});
    await saved(fraud, 'fraud anything', {});
    await saved(agent, 'agent anything', {});
    const pending = await createListing(ctx.app, agent, { title: 'pending' }, 'pending');
    const rejected = await createListing(ctx.app, agent, { title: 'rejected' }, 'rejected');
    const frozen = await createListing(ctx.app, suspended, { title: 'frozen' });
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/user-role-update/${suspended.id}/fraud`,
      headers: (await createAccount(ctx.app, 'admin')).bearer,
    });
    const open = await createListing(ctx.app, agent, { title: 'open' });
    for (const id of [pending, rejected, frozen, open]) await matchApproved(id);

    expect(await matchesByListing()).toEqual({ anything: ['open'] });
  });
});
