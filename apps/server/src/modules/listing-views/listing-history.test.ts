import type { ListingHistoryEntry, Property } from '@keyhaven/shared';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing, listingBody } from '../../../test/helpers/listings.js';
import { accept, offer, openCheckout, payDemo } from '../../../test/helpers/offers.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { listingEvents, openHouses, properties } from '../../db/schema.js';

/*
 * A listing's history is written by the database: every change of its price as buyers see it, of
 * its availability and of its approval is one event, whoever makes it, in the order the changes
 * commit. Buyers read the public part on the listing's answer, and its cards carry what their
 * badges need.
 */

const ctx = useTestApp();

const edit = (who: TestAccount, id: string, overrides: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/properties/${id}`,
    headers: who.bearer,
    payload: { availability: 'Available', ...listingBody(overrides) },
  });

const decide = (admin: TestAccount, id: string, approve: boolean) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/properties/admin-approval/${id}/${approve}`,
    headers: admin.bearer,
  });

const eventsOf = (id: string) =>
  ctx.app.db
    .select()
    .from(listingEvents)
    .where(eq(listingEvents.propertyId, id))
    .orderBy(asc(listingEvents.id));

const kindsOf = async (id: string) => (await eventsOf(id)).map((event) => event.kind);

async function listingAs(who: TestAccount, id: string): Promise<Property> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/properties/${id}`,
    headers: who.bearer,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function people() {
  const [agent, admin, buyer] = await Promise.all([
    createAccount(ctx.app, 'agent'),
    createAccount(ctx.app, 'admin'),
    createAccount(ctx.app, 'user'),
  ]);
  return { agent, admin, buyer };
}

describe("a listing's history", () => {
  it('writes one event per change: created, listed on approval, and a price change once buyers see the new price', async () => {
    const { agent, admin, buyer } = await people();
    const id = await createListing(ctx.app, agent, {}, 'pending');
    expect(await kindsOf(id)).toEqual(['created']);

    expect((await decide(admin, id, true)).statusCode).toBe(200);
    expect(await kindsOf(id)).toEqual(['created', 'listed']);

    // The agent's new price waits for review: buyers still see the old one, so no price event.
    expect((await edit(agent, id, { minPrice: 235_000, maxPrice: 265_000 })).statusCode).toBe(200);
    expect(await kindsOf(id)).toEqual(['created', 'listed', 'sent_for_review']);

    // Approved, the new price is what buyers see: approval first, then the price, in one change.
    expect((await decide(admin, id, true)).statusCode).toBe(200);
    const events = await eventsOf(id);
    expect(events.map((event) => event.kind)).toEqual([
      'created',
      'listed',
      'sent_for_review',
      'approved',
      'price_changed',
    ]);
    expect(events[1]).toMatchObject({ minPriceCents: 25_000_000, maxPriceCents: 28_000_000 });
    expect(events[4]).toMatchObject({
      previousMinPriceCents: 25_000_000,
      previousMaxPriceCents: 28_000_000,
      minPriceCents: 23_500_000,
      maxPriceCents: 26_500_000,
    });

    // Deciding again as before, or saving without a change, writes nothing.
    expect((await decide(admin, id, true)).statusCode).toBe(200);
    expect((await edit(admin, id, { minPrice: 235_000, maxPrice: 265_000 })).statusCode).toBe(200);
    expect(await eventsOf(id)).toHaveLength(5);

    const seen = await listingAs(buyer, id);
    expect(seen.history?.map((entry) => entry.kind)).toEqual(['price_changed', 'listed']);
    expect(seen.history?.[0]).toMatchObject({
      price: { min: 235_000, max: 265_000 },
      previousPrice: { min: 250_000, max: 280_000 },
      salePrice: null,
    } satisfies Partial<ListingHistoryEntry>);
    expect(seen.priceCut).toEqual({ amount: 15_000, at: seen.history?.[0]?.at });
    expect(seen.listedAt).toBe(seen.history?.[1]?.at);
  });

  it("an admin's edit changes the price at once; a rise is no cut, and a later cut is", async () => {
    const { agent, admin, buyer } = await people();
    const id = await createListing(ctx.app, agent);
    expect((await edit(admin, id, { minPrice: 260_000, maxPrice: 290_000 })).statusCode).toBe(200);
    expect((await listingAs(buyer, id)).priceCut).toBeNull();
    expect((await edit(admin, id, { minPrice: 255_000, maxPrice: 270_000 })).statusCode).toBe(200);
    const seen = await listingAs(buyer, id);
    // The larger drop of the two ends.
    expect(seen.priceCut?.amount).toBe(20_000);
    // The search's cards carry what their badges need, and not the history itself.
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/all-properties?fields=card&minPrice=255000&maxPrice=270000',
      headers: buyer.bearer,
    });
    expect(page.statusCode, page.body).toBe(200);
    const card = (page.json() as Property[]).find((listing) => listing._id === id);
    expect(card).toMatchObject({ priceCut: { amount: 20_000 }, listedAt: seen.listedAt });
    expect(card).not.toHaveProperty('history');
    expect(seen.history?.map((entry) => entry.kind)).toEqual([
      'price_changed',
      'price_changed',
      // Approved directly by the test helper: listed as it was approved.
      'listed',
    ]);
  });

  it('follows availability: under offer, back on the market, and sold with the sale price kept on the row', async () => {
    const { agent, buyer } = await people();
    const id = await createListing(ctx.app, agent);
    // An agent marks it under offer and back again (no offer here): availability is theirs.
    expect((await edit(agent, id, { availability: 'Pending' })).statusCode).toBe(200);
    expect((await edit(agent, id, { availability: 'Available' })).statusCode).toBe(200);

    expect((await offer(ctx.app, buyer, id, { offerAmount: 262_500 })).statusCode).toBe(200);
    expect((await accept(ctx.app, agent, id)).statusCode).toBe(200);
    const { sessionId } = await openCheckout(ctx.app, buyer, id);
    expect((await payDemo(ctx.app, buyer, sessionId)).statusCode).toBe(200);

    const events = await eventsOf(id);
    expect(events.map((event) => event.kind)).toEqual([
      'created',
      'listed',
      'under_offer',
      'back_on_market',
      'under_offer',
      'sold',
    ]);
    expect(events.at(-1)?.salePriceCents).toBe(26_250_000);
    const [row] = await ctx.app.db.select().from(properties).where(eq(properties.id, id));
    expect(row?.soldPriceCents).toBe(26_250_000);
    expect(row?.soldAt).toBeInstanceOf(Date);

    const stranger = await createAccount(ctx.app, 'user');
    const seen = await listingAs(stranger, id);
    expect(seen.history?.[0]).toMatchObject({ kind: 'sold', salePrice: 262_500 });
    // The history names no buyer: a stranger's answer has no sale details at all.
    expect(seen.soldDetails).toBeNull();
    expect(JSON.stringify(seen.history)).not.toContain(buyer.email);
  });

  it('a home marked sold by its agent has no sale price, and offered again forgets its sale', async () => {
    const { agent } = await people();
    const id = await createListing(ctx.app, agent);
    expect((await edit(agent, id, { availability: 'Sold' })).statusCode).toBe(200);
    let [row] = await ctx.app.db.select().from(properties).where(eq(properties.id, id));
    expect(row?.soldAt).toBeInstanceOf(Date);
    expect(row?.soldPriceCents).toBeNull();
    expect((await edit(agent, id, { availability: 'Available' })).statusCode).toBe(200);
    [row] = await ctx.app.db.select().from(properties).where(eq(properties.id, id));
    expect(row?.soldAt).toBeNull();
    expect((await eventsOf(id)).map((event) => event.kind)).toEqual([
      'created',
      'listed',
      'sold',
      'back_on_market',
    ]);
  });

  it('keeps every one of many concurrent price edits, in the order they committed', async () => {
    const { agent, admin } = await people();
    const id = await createListing(ctx.app, agent);
    const prices = Array.from({ length: 12 }, (_, i) => 200_000 + i * 1_000);
    const answers = await Promise.all(
      prices.map((price) => edit(admin, id, { minPrice: price, maxPrice: price + 30_000 })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(prices.map(() => 200));

    const changes = (await eventsOf(id)).filter((event) => event.kind === 'price_changed');
    // Every edit changed the price (each set a price no other did), so each wrote one event...
    expect(changes).toHaveLength(prices.length);
    // ...and each one starts from the price the one before it left: no change lost or reordered.
    let before = { min: 25_000_000, max: 28_000_000 };
    for (const change of changes) {
      expect({ min: change.previousMinPriceCents, max: change.previousMaxPriceCents }).toEqual(
        before,
      );
      before = { min: change.minPriceCents as number, max: change.maxPriceCents as number };
    }
    const [row] = await ctx.app.db.select().from(properties).where(eq(properties.id, id));
    expect(before).toEqual({ min: row?.minPriceCents, max: row?.maxPriceCents });
  });

  it('an open house added is an event, told to savers but not part of the price and status history', async () => {
    const { agent, buyer } = await people();
    const id = await createListing(ctx.app, agent, { lat: 30.27, lng: -97.74 });
    await ctx.app.db.insert(openHouses).values({
      propertyId: id,
      startsAt: new Date(Date.now() + 2 * 86_400_000),
      endsAt: new Date(Date.now() + 2 * 86_400_000 + 7_200_000),
      timeZone: 'America/Chicago',
      localDate: '2030-01-01',
    });
    const events = await eventsOf(id);
    expect(events.map((event) => event.kind)).toEqual(['created', 'listed', 'open_house']);
    // Nobody can have saved a listing as it is inserted: its creation is never told.
    expect(events[0]?.announcedAt).toBeInstanceOf(Date);
    expect(events[2]?.announcedAt).toBeNull();
    expect((await listingAs(buyer, id)).history?.map((entry) => entry.kind)).toEqual(['listed']);
  });
});
