import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import type { Database } from '../../db/client.js';
import {
  listingDailyStats,
  listingViewKeys,
  properties,
  users,
  wishlistItems,
} from '../../db/schema.js';
import {
  countViews,
  isRobot,
  ListingViewRecorder,
  utcDay,
  VIEW_BATCH_SIZE,
} from './listing-views.js';

const ctx = useTestApp();

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function visit(viewer: TestAccount, propertyId: string, userAgent = BROWSER) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/properties/${propertyId}/views`,
    headers: { ...viewer.bearer, 'user-agent': userAgent },
  });
}

async function visitCounted(viewer: TestAccount, propertyId: string, userAgent = BROWSER) {
  const response = await visit(viewer, propertyId, userAgent);
  expect(response.statusCode, response.body).toBe(204);
  expect(response.body).toBe('');
}

/** Views per listing and day, as the agent's figures read them. */
async function viewsOf(propertyId: string) {
  const rows = await ctx.app.db
    .select({ day: listingDailyStats.day, views: listingDailyStats.views })
    .from(listingDailyStats)
    .where(eq(listingDailyStats.propertyId, propertyId))
    .orderBy(listingDailyStats.day);
  return rows;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('counting a view of a listing', () => {
  it('counts one viewer once a day, and again the next day', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const other = await createAccount(ctx.app);
    const listing = await createListing(ctx.app, agent);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T23:59:00Z'));

    await visitCounted(buyer, listing);
    await visitCounted(buyer, listing);
    await visitCounted(other, listing);
    // Nothing is written on the request path.
    expect(await viewsOf(listing)).toEqual([]);
    await ctx.app.listingViews.flush();
    // The same visitor later the same day is not counted again (nor even sent to the database).
    await visitCounted(buyer, listing);
    expect(ctx.app.listingViews.pending).toBe(0);
    await ctx.app.listingViews.flush();
    expect(await viewsOf(listing)).toEqual([{ day: '2026-03-10', views: 2 }]);

    vi.setSystemTime(new Date('2026-03-11T00:01:00Z'));
    await visitCounted(buyer, listing);
    await ctx.app.listingViews.flush();
    expect(await viewsOf(listing)).toEqual([
      { day: '2026-03-10', views: 2 },
      { day: '2026-03-11', views: 1 },
    ]);
    // A visitor's key changes every day: the two days' keys cannot be linked.
    const keys = await ctx.app.db
      .select({ day: listingViewKeys.day, key: listingViewKeys.visitorKey })
      .from(listingViewKeys)
      .where(eq(listingViewKeys.propertyId, listing));
    const buyerKeys = new Set(keys.map((row) => row.key));
    expect(keys).toHaveLength(3);
    expect(buyerKeys.size).toBe(3);
    for (const { key } of keys) {
      expect(key).toMatch(/^[\w-]{22}$/);
      expect(key).not.toContain(buyer.id);
    }
  });

  it('counts nothing for its own agent, an admin, a robot, or a listing that is not public', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    const buyer = await createAccount(ctx.app);
    const listing = await createListing(ctx.app, agent);
    const pending = await createListing(ctx.app, agent, {}, 'pending');
    const rejected = await createListing(ctx.app, agent, {}, 'rejected');

    await visitCounted(agent, listing);
    await visitCounted(admin, listing);
    await visitCounted(buyer, listing, 'Mozilla/5.0 (compatible; Googlebot/2.1)');
    await visitCounted(buyer, listing, 'curl/8.5.0');
    await visitCounted(buyer, pending);
    await visitCounted(buyer, rejected);
    // A listing that does not exist answers the same.
    await visitCounted(buyer, '00000000-0000-4000-8000-000000000000');
    expect(ctx.app.listingViews.pending).toBe(0);
    await ctx.app.listingViews.flush();
    expect(await ctx.app.db.select().from(listingDailyStats)).toEqual([]);

    // Our browser tests' headless Chrome is a visitor like any other.
    await visitCounted(
      buyer,
      listing,
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36',
    );
    await ctx.app.listingViews.flush();
    expect((await viewsOf(listing)).map((row) => row.views)).toEqual([1]);
  });

  it('refuses a malformed id and an anonymous visit', async () => {
    const buyer = await createAccount(ctx.app);
    expect((await visit(buyer, 'not-a-listing')).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties/00000000-0000-4000-8000-000000000000/views',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('skips a listing deleted before the batch is written, and counts the rest', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const kept = await createListing(ctx.app, agent);
    const removed = await createListing(ctx.app, agent);
    await visitCounted(buyer, removed);
    await visitCounted(buyer, kept);
    await ctx.app.db.delete(properties).where(eq(properties.id, removed));

    await ctx.app.listingViews.flush();
    expect((await viewsOf(kept)).map((row) => row.views)).toEqual([1]);
    expect(await viewsOf(removed)).toEqual([]);
    expect(ctx.app.listingViews.pending).toBe(0);
  });

  it('never counts a batch twice when it is written again', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const listing = await createListing(ctx.app, agent);
    const day = utcDay(new Date());
    const batch = [
      { day, propertyId: listing, visitorKey: 'visitor-one' },
      { day, propertyId: listing, visitorKey: 'visitor-two' },
      { day, propertyId: listing, visitorKey: 'visitor-two' },
    ];
    await countViews(ctx.app.db, batch);
    await countViews(ctx.app.db, batch);
    expect(await viewsOf(listing)).toEqual([{ day, views: 2 }]);
  });

  it('writes what waits when the app closes', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const listing = await createListing(ctx.app, agent);
    await visitCounted(buyer, listing);
    expect(ctx.app.listingViews.pending).toBe(1);
    await ctx.app.listingViews.close();
    expect((await viewsOf(listing)).map((row) => row.views)).toEqual([1]);
  });

  it('asks for one more write while a write is under way, not one per view', async () => {
    const statements: number[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const db = {
      execute: async (query: { queryChunks?: unknown[] }) => {
        statements.push(query.queryChunks?.length ?? 0);
        await gate;
      },
    } as unknown as Database;
    const recorder = new ListingViewRecorder({
      db,
      secret: 'a-secret-of-at-least-thirty-two-characters',
      log: ctx.app.log,
      enabled: true,
      flushMs: 0,
    });
    const note = (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        recorder.record('00000000-0000-4000-8000-000000000000', `viewer-${i}`);
      }
    };
    note(0, VIEW_BATCH_SIZE);
    await new Promise((resolve) => setImmediate(resolve));
    // The first full batch is being written; everything noted since waits for one more write.
    note(VIEW_BATCH_SIZE, VIEW_BATCH_SIZE * 3);
    expect(recorder.pending).toBe(VIEW_BATCH_SIZE * 2);
    release();
    await recorder.flush();
    expect(recorder.pending).toBe(0);
    // Two batches of views, and the hourly forgetting of old visitors once.
    expect(statements).toHaveLength(3);
  });

  it('tells robots from browsers by their User-Agent', () => {
    for (const robot of [
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1',
      'Slackbot-LinkExpanding 1.0',
      'python-requests/2.31',
      'Wget/1.21',
      'Mozilla/5.0 (Linux; Android 11) Chrome-Lighthouse',
      undefined,
    ]) {
      expect(isRobot(robot), robot).toBe(true);
    }
    expect(isRobot(BROWSER)).toBe(false);
    expect(isRobot('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1')).toBe(false);
  });
});

describe('with view counting off', () => {
  const off = useTestApp({ COUNT_LISTING_VIEWS: 'false' });

  it('answers the same and counts nothing', async () => {
    const agent = await createAccount(off.app, 'agent');
    const buyer = await createAccount(off.app);
    const listing = await createListing(off.app, agent);
    const response = await off.app.inject({
      method: 'POST',
      url: `/api/properties/${listing}/views`,
      headers: { ...buyer.bearer, 'user-agent': BROWSER },
    });
    expect(response.statusCode).toBe(204);
    expect(off.app.listingViews.pending).toBe(0);
    await off.app.listingViews.flush();
    expect(await off.app.db.select().from(listingDailyStats)).toEqual([]);
  });
});

describe('saving a listing to a wish list', () => {
  it('counts a save once per add, for today', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const other = await createAccount(ctx.app);
    const listing = await createListing(ctx.app, agent);
    const save = (who: TestAccount) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/properties/${listing}/wishlist`,
        headers: who.bearer,
        payload: {},
      });
    const savesOf = async () =>
      (
        await ctx.app.db
          .select({ day: listingDailyStats.day, saves: listingDailyStats.saves })
          .from(listingDailyStats)
          .where(eq(listingDailyStats.propertyId, listing))
      ).map((row) => row);
    const today = utcDay(new Date());

    expect((await save(buyer)).statusCode).toBe(200);
    expect((await save(buyer)).statusCode).toBe(200);
    expect(await savesOf()).toEqual([{ day: today, saves: 1 }]);
    expect((await save(other)).statusCode).toBe(200);
    expect(await savesOf()).toEqual([{ day: today, saves: 2 }]);

    // Removed and saved again: a new add, counted again.
    const removed = await ctx.app.inject({
      method: 'PATCH',
      url: `/wishlist-properties/${listing}/remove`,
      headers: buyer.bearer,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await save(buyer)).statusCode).toBe(200);
    expect(await savesOf()).toEqual([{ day: today, saves: 3 }]);
  });

  it('saves and counts nothing for a listing buyers cannot see', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const flagged = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const pending = await createListing(ctx.app, agent, {}, 'pending');
    const rejected = await createListing(ctx.app, agent, {}, 'rejected');
    const ofFlagged = await createListing(ctx.app, flagged);
    await ctx.app.db.update(users).set({ role: 'fraud' }).where(eq(users.id, flagged.id));
    for (const listing of [pending, rejected, ofFlagged, '00000000-0000-4000-8000-000000000000']) {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/properties/${listing}/wishlist`,
        headers: buyer.bearer,
        payload: {},
      });
      expect(response.statusCode, listing).toBe(404);
    }
    expect(await ctx.app.db.select().from(wishlistItems)).toEqual([]);
    expect(await ctx.app.db.select().from(listingDailyStats)).toEqual([]);
  });
});
