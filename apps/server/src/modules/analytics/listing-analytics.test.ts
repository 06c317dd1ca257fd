import type { ListingAnalytics, ListingAnalyticsPage } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { listingDailyStats, offers, payments, properties } from '../../db/schema.js';
import { daysBefore, utcDay } from './listing-views.js';

const ctx = useTestApp();

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Noon (UTC) of the day `days` before today. */
const noonBefore = (days: number) => new Date(`${daysBefore(utcDay(new Date()), days)}T12:00:00Z`);
/** The day `days` before today. */
const dayBefore = (days: number) => daysBefore(utcDay(new Date()), days);

async function get<T>(account: TestAccount, url: string) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: account.bearer });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

interface Seeded {
  agent: TestAccount;
  otherAgent: TestAccount;
  alder: string;
  birch: string;
  cedar: string;
  elm: string;
}

/**
 * Three listings of one agent and one of another, with views, saves, offers and a sale on known
 * days of a 7-day period (today and the 6 days before), the 7 days before it, and earlier.
 */
async function seed(): Promise<Seeded> {
  const agent = await createAccount(ctx.app, 'agent');
  const otherAgent = await createAccount(ctx.app, 'agent');
  const buyer = await createAccount(ctx.app);
  const secondBuyer = await createAccount(ctx.app);
  const alder = await createListing(ctx.app, agent, { title: 'Alder house' });
  const birch = await createListing(ctx.app, agent, { title: 'Birch flat' });
  const cedar = await createListing(ctx.app, agent, {
    title: 'Cedar villa',
    minPrice: 300_000,
    maxPrice: 400_000,
    areaSize: 2000,
  });
  const elm = await createListing(ctx.app, otherAgent, { title: 'Elm cottage' });
  const now = Date.now();
  const paidAt = noonBefore(1);
  await ctx.app.db
    .update(properties)
    .set({ createdAt: new Date(now - 30 * DAY_MS - HOUR_MS) })
    .where(eq(properties.id, alder));
  // A listing without an area has no price per square foot.
  await ctx.app.db
    .update(properties)
    .set({ areaSize: 0, createdAt: new Date(now - 12 * DAY_MS - HOUR_MS) })
    .where(eq(properties.id, birch));
  await ctx.app.db
    .update(properties)
    .set({
      availability: 'Sold',
      createdAt: new Date(paidAt.getTime() - 5 * DAY_MS - HOUR_MS),
    })
    .where(eq(properties.id, cedar));

  await ctx.app.db.insert(listingDailyStats).values([
    { propertyId: alder, day: dayBefore(0), views: 5, saves: 1 },
    { propertyId: alder, day: dayBefore(6), views: 2, saves: 0 },
    { propertyId: alder, day: dayBefore(7), views: 10, saves: 0 },
    { propertyId: alder, day: dayBefore(13), views: 1, saves: 2 },
    { propertyId: alder, day: dayBefore(14), views: 100, saves: 100 },
    { propertyId: birch, day: dayBefore(3), views: 3, saves: 4 },
    { propertyId: elm, day: dayBefore(0), views: 50, saves: 9 },
  ]);
  const offer = (
    propertyId: string,
    buyerId: string,
    status: 'pending' | 'accepted' | 'rejected' | 'paid',
    createdAt: Date,
    acceptedAt: Date | null = null,
  ) => ({
    propertyId,
    buyerId,
    status,
    amountCents: 26_000_000,
    buyingDate: dayBefore(-30),
    createdAt,
    acceptedAt,
  });
  const inserted = await ctx.app.db
    .insert(offers)
    .values([
      offer(alder, buyer.id, 'pending', noonBefore(1)),
      offer(alder, secondBuyer.id, 'rejected', noonBefore(8)),
      offer(cedar, buyer.id, 'paid', noonBefore(10), noonBefore(2)),
      offer(birch, buyer.id, 'accepted', noonBefore(20), noonBefore(9)),
      offer(elm, buyer.id, 'pending', noonBefore(0)),
    ])
    .returning({ id: offers.id, propertyId: offers.propertyId });
  await ctx.app.db.insert(payments).values({
    offerId: inserted.find((row) => row.propertyId === cedar)?.id,
    buyerId: buyer.id,
    propertyId: cedar,
    provider: 'demo',
    checkoutSessionId: 'cs_analytics_cedar',
    status: 'paid',
    amountCents: 26_000_000,
    paidAt,
  });
  return { agent, otherAgent, alder, birch, cedar, elm };
}

let world: Seeded;
beforeEach(async () => {
  world = await seed();
});

describe("an agent's listing analytics", () => {
  it('adds up the period, the period before, and every day of it', async () => {
    const analytics = await get<ListingAnalytics>(world.agent, '/api/agent/analytics?period=7');
    expect(analytics.period).toBe(7);
    expect(analytics.to).toBe(dayBefore(0));
    expect(analytics.from).toBe(dayBefore(6));
    expect(analytics.listings).toBe(3);
    expect(analytics.totals).toEqual({ views: 10, saves: 5, offers: 1, accepted: 1, sold: 1 });
    expect(analytics.previous).toEqual({ views: 11, saves: 2, offers: 2, accepted: 1, sold: 0 });
    expect(analytics.daily).toEqual([
      { day: dayBefore(6), views: 2, saves: 0 },
      { day: dayBefore(5), views: 0, saves: 0 },
      { day: dayBefore(4), views: 0, saves: 0 },
      { day: dayBefore(3), views: 3, saves: 4 },
      { day: dayBefore(2), views: 0, saves: 0 },
      { day: dayBefore(1), views: 0, saves: 0 },
      { day: dayBefore(0), views: 5, saves: 1 },
    ]);

    // Thirty days hold both periods above, and one more day of views and saves.
    const month = await get<ListingAnalytics>(world.agent, '/api/agent/analytics?period=30');
    expect(month.daily).toHaveLength(30);
    expect(month.daily[0]?.day).toBe(dayBefore(29));
    expect(month.totals).toEqual({ views: 121, saves: 107, offers: 4, accepted: 2, sold: 1 });
    expect(month.previous).toEqual({ views: 0, saves: 0, offers: 0, accepted: 0, sold: 0 });

    // The default period is 30 days; another period is refused.
    expect((await get<ListingAnalytics>(world.agent, '/api/agent/analytics')).period).toBe(30);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/agent/analytics?period=14',
      headers: world.agent.bearer,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('lists each listing with its figures, sorted and paged', async () => {
    const page = await get<ListingAnalyticsPage>(
      world.agent,
      '/api/agent/analytics/listings?period=7',
    );
    expect(page.total).toBe(3);
    expect(page.items).toEqual([
      {
        _id: world.alder,
        title: 'Alder house',
        location: 'Austin, Texas',
        approval: 'true',
        availability: 'Available',
        views: 7,
        saves: 1,
        offers: 1,
        accepted: 0,
        sold: 0,
        daysOnMarket: 30,
        pricePerSqft: 147.22,
      },
      {
        _id: world.birch,
        title: 'Birch flat',
        location: 'Austin, Texas',
        approval: 'true',
        availability: 'Available',
        views: 3,
        saves: 4,
        offers: 0,
        accepted: 0,
        sold: 0,
        daysOnMarket: 12,
        pricePerSqft: null,
      },
      {
        _id: world.cedar,
        title: 'Cedar villa',
        location: 'Austin, Texas',
        approval: 'true',
        availability: 'Sold',
        views: 0,
        saves: 0,
        offers: 0,
        accepted: 1,
        sold: 1,
        daysOnMarket: 5,
        pricePerSqft: 175,
      },
    ]);

    const order = async (query: string) =>
      (
        await get<ListingAnalyticsPage>(world.agent, `/api/agent/analytics/listings?${query}`)
      ).items.map((row) => row.title);
    expect(await order('period=7&sort=views&order=asc')).toEqual([
      'Cedar villa',
      'Birch flat',
      'Alder house',
    ]);
    expect(await order('period=7&sort=saves')).toEqual([
      'Birch flat',
      'Alder house',
      'Cedar villa',
    ]);
    // Ties go by title.
    expect(await order('period=7&sort=sold')).toEqual(['Cedar villa', 'Alder house', 'Birch flat']);
    expect(await order('period=7&sort=sold&order=asc')).toEqual([
      'Alder house',
      'Birch flat',
      'Cedar villa',
    ]);
    expect(await order('period=7&sort=daysOnMarket')).toEqual([
      'Alder house',
      'Birch flat',
      'Cedar villa',
    ]);
    // A listing without an area comes last either way.
    expect(await order('period=7&sort=pricePerSqft')).toEqual([
      'Cedar villa',
      'Alder house',
      'Birch flat',
    ]);
    expect(await order('period=7&sort=pricePerSqft&order=asc')).toEqual([
      'Alder house',
      'Cedar villa',
      'Birch flat',
    ]);
    expect(await order('period=7&sort=title&order=desc')).toEqual([
      'Cedar villa',
      'Birch flat',
      'Alder house',
    ]);
    // The earlier period's figures, over 30 days.
    expect(await order('period=30&sort=offers')).toEqual([
      'Alder house',
      'Birch flat',
      'Cedar villa',
    ]);

    const second = await get<ListingAnalyticsPage>(
      world.agent,
      '/api/agent/analytics/listings?period=7&sort=views&limit=2&page=2',
    );
    expect(second).toMatchObject({ total: 3, items: [{ title: 'Cedar villa' }] });
    const beyond = await get<ListingAnalyticsPage>(
      world.agent,
      '/api/agent/analytics/listings?period=7&limit=2&page=3',
    );
    expect(beyond).toEqual({ total: 3, items: [] });
  });

  it("never shows another agent's listings", async () => {
    const analytics = await get<ListingAnalytics>(
      world.otherAgent,
      '/api/agent/analytics?period=7',
    );
    expect(analytics.listings).toBe(1);
    expect(analytics.totals).toEqual({ views: 50, saves: 9, offers: 1, accepted: 0, sold: 0 });
    const page = await get<ListingAnalyticsPage>(
      world.otherAgent,
      '/api/agent/analytics/listings?period=7',
    );
    expect(page.total).toBe(1);
    expect(page.items.map((row) => row._id)).toEqual([world.elm]);

    // A new agent has nothing at all, every day of the period still listed.
    const newcomer = await createAccount(ctx.app, 'agent');
    const empty = await get<ListingAnalytics>(newcomer, '/api/agent/analytics?period=90');
    expect(empty.listings).toBe(0);
    expect(empty.daily).toHaveLength(90);
    expect(empty.daily.every((day) => day.views === 0 && day.saves === 0)).toBe(true);
    expect(await get(newcomer, '/api/agent/analytics/listings')).toEqual({ total: 0, items: [] });
  });

  it('is for agents only', async () => {
    const buyer = await createAccount(ctx.app);
    for (const url of ['/api/agent/analytics', '/api/agent/analytics/listings']) {
      const refused = await ctx.app.inject({ method: 'GET', url, headers: buyer.bearer });
      expect(refused.statusCode).toBe(403);
    }
  });
});
