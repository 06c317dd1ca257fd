import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { users } from '../../db/schema.js';

const ctx = useTestApp();

const search = async (query: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/properties/search?${query}` });
  expect(response.statusCode).toBe(200);
  return { titles: response.json().map((p: { title: string }) => p.title), response };
};

describe('GET /properties/search', () => {
  it('treats price ranges as containment, boundaries included', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const listings: Array<[string, number, number]> = [
      ['Exactly the low bracket', 100_000, 300_000],
      ['Just over the low bracket', 100_000, 300_001],
      ['Straddles brackets', 250_000, 350_000],
      ['Middle bracket', 300_000, 600_000],
      ['Top bracket', 600_000, 900_000],
      ['Below every bracket', 50_000, 90_000],
    ];
    for (const [title, minPrice, maxPrice] of listings) {
      await createListing(ctx.app, agent, { title, minPrice, maxPrice });
    }
    const bracket = async (label: string) =>
      (await search(`priceRange=${encodeURIComponent(label)}&sort=price-asc`)).titles;
    expect(await bracket('$100k - $300k')).toEqual(['Exactly the low bracket']);
    expect(await bracket('$300k - $600k')).toEqual(['Middle bracket']);
    expect(await bracket('$600k+')).toEqual(['Top bracket']);
    expect(
      (await search('priceRange=Price%20Range&propertyType=Property%20Type')).titles,
    ).toHaveLength(6);
  });

  it('matches location case-insensitively as a substring, with % and _ taken literally', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    await createListing(ctx.app, agent, { title: 'Austin', location: 'Austin, Texas' });
    await createListing(ctx.app, agent, { title: 'Percent', location: '100% Street, Boston' });
    await createListing(ctx.app, agent, { title: 'Underscore', location: 'Lot_7, Denver' });
    expect((await search('location=aUsTiN')).titles).toEqual(['Austin']);
    expect((await search('location=texas')).titles).toEqual(['Austin']);
    expect((await search('location=%25')).titles).toEqual(['Percent']);
    expect((await search('location=_')).titles).toEqual(['Underscore']);
  });

  it('filters by type and pages with a total', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    for (let i = 0; i < 5; i++)
      await createListing(ctx.app, agent, { title: `Villa ${i}`, propertyType: 'Villa' });
    await createListing(ctx.app, agent, { title: 'Condo', propertyType: 'Condo' });
    const first = await search('propertyType=Villa&limit=2&page=1');
    expect(first.titles).toHaveLength(2);
    expect(first.response.headers['x-total-count']).toBe('5');
    const last = await search('propertyType=Villa&limit=2&page=3');
    expect(last.titles).toHaveLength(1);
    const bad = await ctx.app.inject({ method: 'GET', url: '/properties/search?limit=1000' });
    expect(bad.statusCode).toBe(400);
  });

  it('totals every combination of location, type and price range, without hidden listings', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const fraud = await createAccount(ctx.app, 'agent');
    const homes: Array<[string, string, number, number]> = [
      ['Austin, Texas', 'House', 150_000, 250_000],
      ['Austin, Texas', 'House', 350_000, 450_000],
      ['Austin, Texas', 'Condo', 250_000, 350_000],
      ['Denver, Colorado', 'House', 700_000, 900_000],
      ['Denver, Colorado', 'Villa', 120_000, 280_000],
      ['Boston, Massachusetts', 'Condo', 610_000, 640_000],
    ];
    for (const [location, propertyType, minPrice, maxPrice] of homes) {
      await createListing(ctx.app, agent, { location, propertyType, minPrice, maxPrice });
    }
    await createListing(ctx.app, agent, { location: 'Austin, Texas' }, 'pending');
    await createListing(ctx.app, fraud, { location: 'Austin, Texas' });
    await ctx.app.db.update(users).set({ role: 'fraud' }).where(eq(users.id, fraud.id));

    for (const location of ['', 'Austin', 'Denver', 'o']) {
      for (const propertyType of ['', 'House', 'Condo', 'Villa']) {
        for (const priceRange of ['', '$100k - $300k', '$300k - $600k', '$600k+']) {
          const query = new URLSearchParams({ limit: '100' });
          if (location) query.set('location', location);
          if (propertyType) query.set('propertyType', propertyType);
          if (priceRange) query.set('priceRange', priceRange);
          const { titles, response } = await search(query.toString());
          expect(response.headers['x-total-count'], query.toString()).toBe(String(titles.length));
        }
      }
    }
    expect((await search('location=Austin')).response.headers['x-total-count']).toBe('3');
  });

  it('puts nobody else in a public response', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    await createListing(ctx.app, agent);
    const { response } = await search('');
    const [listing] = response.json();
    expect(Object.keys(listing)).not.toEqual(
      expect.arrayContaining(['wishlistUsersData', 'requestedUserData']),
    );
  });
});
