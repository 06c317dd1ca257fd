import { ESTIMATE_MESSAGES, type ListingEstimate } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  homeRow,
  insertHomes,
  milesFromCentre,
  type Person,
  person,
  soldRow,
} from '../../../test/helpers/comparables.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { offers, properties } from '../../db/schema.js';

const ctx = useTestApp();

let agent: Person;
let buyer: Person;
let subject: string;

beforeEach(async () => {
  agent = await person(ctx.app.db, 'agent');
  buyer = await person(ctx.app.db, 'user');
  [subject] = (await insertHomes(ctx.app.db, [
    homeRow(agent.id, { title: 'The listing', bedrooms: 3, bathrooms: 2, areaSize: 2000 }),
  ])) as [string];
});

async function estimateOf(who: Person, id = subject) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/properties/${id}/estimate`,
    headers: who.bearer,
  });
  return { status: response.statusCode, body: response.json() as ListingEstimate };
}

const titles = (answer: ListingEstimate) => answer.comparables.map((c) => c.title);
const sold = (north: number, months: number, dollars = 400_000, more = {}) =>
  soldRow(agent.id, north, months, dollars, more);

describe('choosing comparable homes', () => {
  it('takes six homes of the same type, the nearest radius that has them, sold first', async () => {
    await insertHomes(ctx.app.db, [
      ...[0.1, 0.2, 0.3, 0.35, 0.4, 0.45, 0.2, 0.3].map((north, i) =>
        sold(north, 2, 400_000 + i * 1000, { title: `House ${i}` }),
      ),
      // Closer, but condos.
      ...[0.05, 0.06].map((north) =>
        sold(north, 1, 300_000, { propertyType: 'Condo', title: 'Condo' }),
      ),
    ]);
    const { status, body } = await estimateOf(buyer);
    expect(status).toBe(200);
    expect(body.comparables).toHaveLength(6);
    expect(titles(body).every((title) => title.startsWith('House'))).toBe(true);
    expect(body.chosenBy).toBe(
      'Sold homes of the same type within 0.5 miles, sold in the last 12 months, with 2–4 bedrooms, 1–3 bathrooms and 1,500–2,500 sq ft.',
    );
    for (const comparable of body.comparables) {
      expect(comparable).toMatchObject({ status: 'sold', usedInEstimate: true, areaSize: 2000 });
      expect(comparable.pricePerSqft).toBe(Math.round(comparable.price / 2000));
      expect(comparable.distanceMiles).toBeLessThanOrEqual(0.5);
      expect(comparable.soldAt).not.toBeNull();
    }
    // Most similar first: the same home, nearer first.
    const distances = body.comparables.map((c) => c.distanceMiles);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(body.estimate).toMatchObject({ salesUsed: 6 });
  });

  it('widens the radius step by step, and the sales’ window to 24 months before 25 miles', async () => {
    await insertHomes(ctx.app.db, [
      sold(0.3, 3),
      sold(0.4, 3),
      sold(1.5, 3),
      sold(1.8, 3),
      sold(4, 3),
      sold(4.5, 3),
      sold(4.8, 3),
      // Older sales near by.
      sold(0.2, 18),
      sold(0.3, 20),
      // Too old to count at all.
      sold(0.1, 30),
    ]);
    let { body } = await estimateOf(buyer);
    // 0.5 miles: 2 of 12 months, 4 of 24; 1 mile the same; 2 miles: 4 and 6.
    expect(body.chosenBy).toMatch(
      /^Sold homes of the same type within 2 miles, sold in the last 24 months/,
    );
    expect(body.comparables.map((c) => c.distanceMiles).sort()).toEqual([
      0.2, 0.3, 0.3, 0.4, 1.5, 1.8,
    ]);

    await ctx.app.db.delete(properties).where(eq(properties.title, 'Sold 0.2 mi north'));
    ({ body } = await estimateOf(buyer));
    // 2 miles: 4 of 12 months, 5 of 24; 5 miles: 7 of 12 months.
    expect(body.chosenBy).toMatch(
      /^Sold homes of the same type within 5 miles, sold in the last 12 months/,
    );
    expect(body.comparables.every((c) => c.distanceMiles >= 0.3 && c.distanceMiles <= 4.8)).toBe(
      true,
    );
    expect(body.comparables).toHaveLength(6);
  });

  it('reads every sale when the nearest few cannot decide', async () => {
    // The 61 nearest sales are older than 12 months; six recent ones lie a little further.
    await insertHomes(ctx.app.db, [
      ...Array.from({ length: 61 }, (_, i) =>
        sold(0.1 + i / 10_000, 18, 390_000, { title: 'Older' }),
      ),
      ...[0.4, 0.41, 0.42, 0.43, 0.44, 0.45].map((north) =>
        sold(north, 2, 410_000, { title: 'Recent' }),
      ),
    ]);
    const { body } = await estimateOf(buyer);
    expect(body.chosenBy).toMatch(
      /^Sold homes of the same type within 0.5 miles, sold in the last 12 months/,
    );
    expect(titles(body)).toEqual(Array(6).fill('Recent'));
  });

  it('keeps to similar bedrooms, bathrooms and area', async () => {
    await insertHomes(ctx.app.db, [
      sold(0.1, 1, 400_000, { title: 'Five bedrooms', bedrooms: 5 }),
      sold(0.1, 1, 400_000, { title: 'One bedroom', bedrooms: 1 }),
      sold(0.1, 1, 400_000, { title: 'Three and a half bathrooms', bathrooms: 3.5 }),
      sold(0.1, 1, 400_000, { title: 'Too large', areaSize: 2510 }),
      sold(0.1, 1, 400_000, { title: 'Too small', areaSize: 1490 }),
      sold(0.2, 1, 400_000, { title: 'Largest alike', areaSize: 2500, bedrooms: 4, bathrooms: 3 }),
      sold(0.2, 1, 400_000, { title: 'Smallest alike', areaSize: 1500, bedrooms: 2, bathrooms: 1 }),
    ]);
    const { body } = await estimateOf(buyer);
    expect(titles(body).sort()).toEqual(['Largest alike', 'Smallest alike']);
    // Too few anywhere: what there is, and no estimate.
    expect(body.chosenBy).toMatch(
      /^Sold homes of the same type within 25 miles, sold in the last 24 months/,
    );
    expect(body.estimate).toBeNull();
  });

  it('fills up with homes for sale, marked as such, after the sales', async () => {
    await insertHomes(ctx.app.db, [
      sold(0.3, 2),
      sold(0.4, 2),
      ...[0.1, 0.15, 0.2, 0.25, 0.3, 0.35].map((north) =>
        homeRow(agent.id, {
          title: `For sale ${north}`,
          ...milesFromCentre(north),
          minPriceCents: 380_000_00,
          maxPriceCents: 420_000_00,
        }),
      ),
      // Sold and for sale, but pending approval or under offer: not comparables.
      sold(0.1, 2, 400_000, { title: 'Unapproved sale', approval: 'pending' }),
      homeRow(agent.id, { title: 'Under offer', ...milesFromCentre(0.1), availability: 'Pending' }),
    ]);
    const { body } = await estimateOf(buyer);
    expect(body.comparables.map((c) => c.status)).toEqual([
      'sold',
      'sold',
      'active',
      'active',
      'active',
      'active',
    ]);
    const active = body.comparables.filter((c) => c.status === 'active');
    expect(active.map((c) => c.title)).toEqual([
      'For sale 0.1',
      'For sale 0.15',
      'For sale 0.2',
      'For sale 0.25',
    ]);
    for (const home of active) {
      // The middle of the asking range: ($380,000 + $420,000) / 2.
      expect(home).toMatchObject({
        soldAt: null,
        price: 400_000,
        pricePerSqft: 200,
        usedInEstimate: false,
      });
    }
    expect(body.chosenBy).toBe(
      'Sold homes of the same type within 25 miles, sold in the last 24 months, and homes for sale within 0.5 miles, with 2–4 bedrooms, 1–3 bathrooms and 1,500–2,500 sq ft.',
    );
    // Two sales: not enough for an estimate.
    expect(body.estimate).toBeNull();
    expect(body.comparables.filter((c) => c.usedInEstimate)).toEqual([]);
  });

  it('never names a buyer, and leaves out fraud agents’ homes', async () => {
    const purchaser = await person(ctx.app.db, 'user', 'Purchasing Person');
    const fraud = await person(ctx.app.db, 'fraud');
    const ids = await insertHomes(ctx.app.db, [
      ...[0.1, 0.2, 0.3].map((north) => sold(north, 2)),
      homeRow(agent.id, { title: 'Bought here', ...milesFromCentre(0.25) }),
      sold(0.05, 2, 400_000, { title: 'Fraud agent’s', agentId: fraud.id }),
    ]);
    const bought = ids[3] as string;
    await ctx.app.db.insert(offers).values({
      propertyId: bought,
      buyerId: purchaser.id,
      amountCents: 415_000_00,
      buyingDate: '2026-01-01',
      status: 'paid',
    });
    // Sold by a sale here: the database takes the paid offer's amount.
    await ctx.app.db
      .update(properties)
      .set({ availability: 'Sold' })
      .where(eq(properties.id, bought));
    const { body } = await estimateOf(buyer);
    expect(titles(body)).toContain('Bought here');
    expect(titles(body)).not.toContain('Fraud agent’s');
    expect(body.comparables.find((c) => c.title === 'Bought here')).toMatchObject({
      price: 415_000,
    });
    const text = JSON.stringify(body);
    for (const secret of [purchaser.id, purchaser.email, purchaser.name, 'buyer', 'offer']) {
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    expect(Object.keys(body.comparables[0] ?? {}).sort()).toEqual([
      'areaSize',
      'bathrooms',
      'bedrooms',
      'distanceMiles',
      'id',
      'image',
      'location',
      'price',
      'pricePerSqft',
      'similarity',
      'soldAt',
      'status',
      'title',
      'usedInEstimate',
    ]);
  });

  it('says so for a listing without a map position or an area', async () => {
    const [unpinned, noArea] = (await insertHomes(ctx.app.db, [
      homeRow(agent.id, { lat: null, lng: null }),
      homeRow(agent.id, { areaSize: 0 }),
    ])) as [string, string];
    expect((await estimateOf(buyer, unpinned)).body).toEqual({
      unavailable: 'no-position',
      comparables: [],
      chosenBy: null,
      estimate: null,
    });
    expect((await estimateOf(buyer, noArea)).body.unavailable).toBe('no-area');
    // Nothing alike anywhere: an empty list and the line saying what was looked for.
    const { body } = await estimateOf(buyer);
    expect(body).toMatchObject({ unavailable: null, comparables: [], estimate: null });
    expect(body.chosenBy).toBe(
      'No homes of the same type with 2–4 bedrooms, 1–3 bathrooms and 1,500–2,500 sq ft within 25 miles.',
    );
    expect(ESTIMATE_MESSAGES.notEnoughSales).toBe('Not enough sales nearby');
  });
});

describe('who sees it', () => {
  it('buyers for public listings; the agent and admins for any', async () => {
    const admin = await person(ctx.app.db, 'admin');
    const otherAgent = await person(ctx.app.db, 'agent');
    const [waiting, rejected] = (await insertHomes(ctx.app.db, [
      homeRow(agent.id, { approval: 'pending' }),
      homeRow(agent.id, { approval: 'rejected' }),
      sold(0.1, 1),
    ])) as [string, string];
    for (const id of [waiting, rejected]) {
      expect((await estimateOf(buyer, id)).status).toBe(404);
      expect((await estimateOf(otherAgent, id)).status).toBe(404);
      expect((await estimateOf(agent, id)).status).toBe(200);
      expect((await estimateOf(admin, id)).status).toBe(200);
    }
    // A sold listing is public, and still has comparables (itself never among them).
    await ctx.app.db
      .update(properties)
      .set({ availability: 'Sold' })
      .where(eq(properties.id, subject));
    const { status, body } = await estimateOf(buyer);
    expect(status).toBe(200);
    expect(body.comparables.map((c) => c.id)).not.toContain(subject);
    expect(body.comparables).toHaveLength(1);
  });
});
