import { SAVED_HOME_ALERTS, SAVED_HOME_MAIL_SUBJECTS } from '@keyhaven/shared';
import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing, listingBody } from '../../../test/helpers/listings.js';
import { accept, offer } from '../../../test/helpers/offers.js';
import { messagesTo, useMailingTestApp } from '../../../test/helpers/smtp-server.js';
import {
  listingEvents,
  notifications,
  openHouses,
  sharedWishlistMembers,
  sharedWishlists,
  users,
} from '../../db/schema.js';
import { announceListingEvents } from './saved-home-alerts.js';

/*
 * A buyer hears of the homes on their wishlist as they change: a price change, an accepted offer,
 * back on the market, sold, an open house. Once per change and buyer however often the job runs,
 * at most one e-mail a home a day, and each kind by e-mail only as their settings say.
 */

const TITLE = 'Maple cottage';

const { ctx, mail } = useMailingTestApp({ PUBLIC_URL: 'https://keyhaven.test' });

const adminEdit = (admin: TestAccount, id: string, overrides: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/properties/${id}`,
    headers: admin.bearer,
    payload: { availability: 'Available', ...listingBody({ title: TITLE, ...overrides }) },
  });

async function save(buyer: TestAccount, id: string) {
  const response = await ctx.app.inject({
    method: 'PATCH',
    url: `/properties/${id}/wishlist`,
    headers: buyer.bearer,
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Tells what is to tell, and delivers the notices and e-mails it queued. */
async function tellSavers() {
  await announceListingEvents(ctx.app);
  await ctx.app.jobs.drain();
}

const alertsOf = (userId: string) =>
  ctx.app.db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), like(sql`${notifications.kind}::text`, 'saved_home_%')),
    )
    .orderBy(notifications.createdAt);

async function market() {
  const [agent, admin, saver, other, stranger] = await Promise.all([
    createAccount(ctx.app, 'agent'),
    createAccount(ctx.app, 'admin'),
    createAccount(ctx.app, 'user'),
    createAccount(ctx.app, 'user'),
    createAccount(ctx.app, 'user'),
  ]);
  const id = await createListing(ctx.app, agent, { title: TITLE });
  await save(saver, id);
  await save(other, id);
  // Whatever happened before anyone saved it is not news.
  await tellSavers();
  return { agent, admin, saver, other, stranger, id };
}

describe('alerts on saved homes', () => {
  it('tells each buyer who saved a home of a price cut, once, in the app and by e-mail', async () => {
    const { admin, saver, other, stranger, id } = await market();
    expect((await adminEdit(admin, id, { minPrice: 235_000, maxPrice: 265_000 })).statusCode).toBe(
      200,
    );
    // Two jobs at once on the same change, then the job again: told once all the same.
    await Promise.all([tellSavers(), tellSavers()]);
    await tellSavers();

    for (const buyer of [saver, other]) {
      const alerts = await alertsOf(buyer.id);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({
        kind: 'saved_home_price_changed',
        title: SAVED_HOME_ALERTS.priceCutTitle,
        body: SAVED_HOME_ALERTS.priceBody(
          'Maple cottage',
          { min: 250_000, max: 280_000 },
          { min: 235_000, max: 265_000 },
        ),
        link: `/propertyDetails/${id}`,
      });
      const mails = messagesTo(mail.smtp, buyer.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe(SAVED_HOME_MAIL_SUBJECTS.saved_home_price_changed);
      expect(mails[0]?.text).toContain('the price was reduced by $15,000');
    }
    expect(await alertsOf(stranger.id)).toEqual([]);
    expect(messagesTo(mail.smtp, stranger.email)).toEqual([]);
  });

  it('a request that changes a listing sends the job by itself', async () => {
    const { admin, saver, id } = await market();
    expect((await adminEdit(admin, id, { minPrice: 240_000, maxPrice: 270_000 })).statusCode).toBe(
      200,
    );
    await expect
      .poll(async () => {
        await ctx.app.jobs.drain();
        return (await alertsOf(saver.id)).length;
      })
      .toBe(1);
  });

  it('a second change of the home the same day is told in the app only', async () => {
    const { agent, admin, saver, id } = await market();
    expect((await adminEdit(admin, id, { minPrice: 240_000, maxPrice: 270_000 })).statusCode).toBe(
      200,
    );
    await tellSavers();
    const buyer = await createAccount(ctx.app, 'user');
    expect((await offer(ctx.app, buyer, id)).statusCode).toBe(200);
    expect((await accept(ctx.app, agent, id)).statusCode).toBe(200);
    await tellSavers();

    expect((await alertsOf(saver.id)).map((alert) => alert.kind)).toEqual([
      'saved_home_price_changed',
      'saved_home_under_offer',
    ]);
    expect(messagesTo(mail.smtp, saver.email)).toHaveLength(1);
  });

  it("spares the buyer whose offer was accepted the saver's news of it", async () => {
    const { agent, saver, other, id } = await market();
    expect((await offer(ctx.app, saver, id)).statusCode).toBe(200);
    expect((await accept(ctx.app, agent, id)).statusCode).toBe(200);
    await tellSavers();
    expect(await alertsOf(saver.id)).toEqual([]);
    expect((await alertsOf(other.id)).map((alert) => alert.kind)).toEqual([
      'saved_home_under_offer',
    ]);
  });

  it("follows each buyer's e-mail setting per kind", async () => {
    const { admin, saver, other, id } = await market();
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      headers: saver.bearer,
      payload: { email: { saved_home_price_changed: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await adminEdit(admin, id, { minPrice: 240_000, maxPrice: 270_000 })).statusCode).toBe(
      200,
    );
    await tellSavers();
    expect(await alertsOf(saver.id)).toHaveLength(1);
    expect(messagesTo(mail.smtp, saver.email)).toEqual([]);
    expect(messagesTo(mail.smtp, other.email)).toHaveLength(1);
  });

  it('tells of an open house, and of nothing about a home buyers cannot see', async () => {
    const { agent, saver, id } = await market();
    const startsAt = new Date(Date.now() + 3 * 86_400_000);
    await ctx.app.db.insert(openHouses).values({
      propertyId: id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
      timeZone: 'America/Chicago',
      localDate: startsAt.toISOString().slice(0, 10),
    });
    await tellSavers();
    const [alert] = await alertsOf(saver.id);
    expect(alert?.kind).toBe('saved_home_open_house');
    expect(alert?.body).toMatch(/^Maple cottage is open to visit \w+day, /);

    // Its agent marked as fraud: the home left the public, and nobody hears of it.
    await ctx.app.db.update(users).set({ role: 'fraud' }).where(eq(users.id, agent.id));
    await ctx.app.db.insert(listingEvents).values({ propertyId: id, kind: 'back_on_market' });
    await tellSavers();
    expect(await alertsOf(saver.id)).toHaveLength(1);
    const left = await ctx.app.db
      .select()
      .from(listingEvents)
      .where(eq(listingEvents.propertyId, id));
    expect(left.every((event) => event.announcedAt !== null)).toBe(true);
  });

  it('a buyer who removed the home before it changed is not told', async () => {
    const { admin, saver, other, id } = await market();
    const removed = await ctx.app.inject({
      method: 'PATCH',
      url: `/wishlist-properties/${id}/remove`,
      headers: saver.bearer,
      payload: { uid: saver.id },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await adminEdit(admin, id, { minPrice: 240_000, maxPrice: 270_000 })).statusCode).toBe(
      200,
    );
    await tellSavers();
    expect(await alertsOf(saver.id)).toEqual([]);
    expect(await alertsOf(other.id)).toHaveLength(1);
  });

  it('tells a co-buyer of the homes on their shared wishlist, until they leave it', async () => {
    const { agent, admin, saver, other, stranger, id } = await market();
    const coBuyer = await createAccount(ctx.app, 'user');
    const [list] = await ctx.app.db.insert(sharedWishlists).values({}).returning();
    await ctx.app.db.insert(sharedWishlistMembers).values([
      { listId: list?.id as string, userId: saver.id },
      { listId: list?.id as string, userId: coBuyer.id },
    ]);
    expect((await adminEdit(admin, id, { minPrice: 240_000, maxPrice: 270_000 })).statusCode).toBe(
      200,
    );
    await Promise.all([tellSavers(), tellSavers()]);
    const [alert, ...more] = await alertsOf(coBuyer.id);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      kind: 'saved_home_price_changed',
      title: SAVED_HOME_ALERTS.priceCutTitle,
    });
    expect(messagesTo(mail.smtp, coBuyer.email)).toHaveLength(1);
    expect(await alertsOf(stranger.id)).toEqual([]);

    // The saver's own deal: neither they nor their co-buyer hear it went under offer.
    expect((await offer(ctx.app, saver, id)).statusCode).toBe(200);
    expect((await accept(ctx.app, agent, id)).statusCode).toBe(200);
    await tellSavers();
    expect(await alertsOf(coBuyer.id)).toHaveLength(1);
    expect((await alertsOf(other.id)).map((news) => news.kind)).toEqual([
      'saved_home_price_changed',
      'saved_home_under_offer',
    ]);

    // Once the co-buyer has left the list, its homes are no longer theirs to hear of.
    await ctx.app.db
      .delete(sharedWishlistMembers)
      .where(eq(sharedWishlistMembers.userId, coBuyer.id));
    await ctx.app.db.insert(listingEvents).values({ propertyId: id, kind: 'back_on_market' });
    await tellSavers();
    expect(await alertsOf(coBuyer.id)).toHaveLength(1);
    expect((await alertsOf(saver.id)).map((news) => news.kind)).toEqual([
      'saved_home_price_changed',
      'saved_home_back_on_market',
    ]);
  });
});
