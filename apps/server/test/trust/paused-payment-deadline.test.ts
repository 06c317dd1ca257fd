import { OFFER_MESSAGES, PAYMENT_HOLD_MESSAGES, PROPERTY_MESSAGES } from '@keyhaven/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, offers, properties } from '../../src/db/schema.js';
import { sweepOverdueOffers } from '../../src/modules/offers/overdue-offers.js';
import { createAccount, type TestAccount } from '../helpers/accounts.js';
import { createListing, listingBody } from '../helpers/listings.js';
import { accept, offer, openCheckout } from '../helpers/offers.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp({ OFFER_PAYMENT_DAYS: '3' });
const DAY_MS = 24 * 60 * 60 * 1000;
/** A listing whose type and features both the add and the edit form offer. */
const HOME = { propertyType: 'Villa', features: ['Garden', 'Balcony'] };

const as = (who: TestAccount, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: who.bearer, ...(payload ? { payload } : {}) });

/** An accepted offer waiting for its buyer's payment. */
async function sale() {
  const agent = await createAccount(ctx.app, 'agent');
  const admin = await createAccount(ctx.app, 'admin');
  const buyer = await createAccount(ctx.app);
  const propertyId = await createListing(ctx.app, agent, HOME);
  expect((await offer(ctx.app, buyer, propertyId)).statusCode).toBe(200);
  expect((await accept(ctx.app, agent, propertyId, buyer.email)).statusCode).toBe(200);
  return { agent, admin, buyer, propertyId, accepted: await acceptedOffer(propertyId) };
}

async function acceptedOffer(propertyId: string) {
  const [row] = await ctx.app.db.select().from(offers).where(eq(offers.propertyId, propertyId));
  if (!row?.payBy) throw new Error('no accepted offer');
  return row as typeof row & { payBy: Date };
}

const listing = async (id: string) =>
  (await ctx.app.db.select().from(properties).where(eq(properties.id, id)))[0];

/** Three established buyers report the listing, which leaves the market. */
async function holdByReports(propertyId: string) {
  for (let i = 0; i < 3; i++) {
    const reporter = await createAccount(ctx.app, 'user', {}, { joinedDaysAgo: 30 });
    const filed = await as(reporter, 'POST', `/api/properties/${propertyId}/reports`, {
      reason: 'suspected_fraud',
    });
    expect(filed.statusCode, filed.body).toBe(201);
  }
  expect((await listing(propertyId))?.heldByReports).toBe(true);
}

const decideReports = (admin: TestAccount, propertyId: string, decision: string, note = '') =>
  as(admin, 'POST', `/api/admin/reports/${propertyId}/decision`, { decision, note });
const approve = (admin: TestAccount, propertyId: string, approved: boolean) =>
  as(admin, 'PATCH', `/api/properties/admin-approval/${propertyId}/${approved}`);
const checkout = (buyer: TestAccount, propertyId: string) =>
  as(buyer, 'POST', '/api/payment/create-checkout-session', { offer: { _id: propertyId } });
const purchases = async (buyer: TestAccount) =>
  (await as(buyer, 'GET', `/api/properties/user-requests/${buyer.id}`)).json();
const requested = async (agent: TestAccount) =>
  (await as(agent, 'GET', `/api/properties/requested/${encodeURIComponent(agent.email)}`)).json();

/** What each person was told about the deadline, oldest first. */
async function deadlineNews(who: TestAccount) {
  await ctx.app.jobs.drain();
  const rows = await ctx.app.db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.userId, who.id), eq(notifications.kind, 'payment_deadline_changed')),
    )
    .orderBy(notifications.createdAt);
  return rows.map((row) => row.title);
}

/** Moves a paused deadline into the past: it was paused ten days ago with two days to go. */
async function pausedLongAgo(offerId: string) {
  const now = Date.now();
  await ctx.app.db
    .update(offers)
    .set({ paymentPausedAt: new Date(now - 10 * DAY_MS), payBy: new Date(now - 8 * DAY_MS) })
    .where(eq(offers.id, offerId));
}

describe("a review never runs out the buyer's time to pay", () => {
  it('a hold by reports pauses the deadline with the time left, the lapse sweep passes it by, and a dismissal resumes it; both sides are told', async () => {
    const { agent, admin, buyer, propertyId, accepted } = await sale();
    await holdByReports(propertyId);

    const paused = await acceptedOffer(propertyId);
    expect(paused.paymentPausedAt).toBeInstanceOf(Date);
    expect(paused.payBy).toEqual(accepted.payBy);
    const [mine] = await purchases(buyer);
    expect(mine).toMatchObject({
      requestStatus: 'accepted',
      payBy: null,
      paymentHold: 'under-review',
      paymentPause: { since: paused.paymentPausedAt?.toISOString() },
    });
    expect(mine.paymentPause.secondsLeft).toBeGreaterThan(3 * 24 * 3600 - 60);
    expect(mine.paymentPause.secondsLeft).toBeLessThanOrEqual(3 * 24 * 3600);
    expect((await requested(agent))[0]).toMatchObject({
      payBy: null,
      paymentPause: mine.paymentPause,
    });
    const held = await checkout(buyer, propertyId);
    expect(held.statusCode).toBe(409);
    expect(held.json().error).toBe(PAYMENT_HOLD_MESSAGES['under-review']);

    // The review takes long: long past the deadline, the sweep and the agent leave the offer be.
    await pausedLongAgo(accepted.id);
    await sweepOverdueOffers(ctx.app, new Date(Date.now() + 30 * DAY_MS));
    expect((await acceptedOffer(propertyId)).status).toBe('accepted');
    expect((await listing(propertyId))?.availability).toBe('Pending');
    const release = await as(agent, 'PATCH', `/api/properties/release-offer/${propertyId}`);
    expect(release.statusCode).toBe(409);
    expect(release.json().error).toBe(OFFER_MESSAGES.releaseWhileDeadlinePaused);

    const before = Date.now();
    expect((await decideReports(admin, propertyId, 'dismiss')).statusCode).toBe(200);
    const resumed = await acceptedOffer(propertyId);
    expect(resumed.paymentPausedAt).toBeNull();
    expect(resumed.payBy.getTime()).toBeGreaterThanOrEqual(before + 2 * DAY_MS);
    expect(resumed.payBy.getTime()).toBeLessThanOrEqual(Date.now() + 2 * DAY_MS);
    expect((await purchases(buyer))[0]).toMatchObject({
      payBy: resumed.payBy.toISOString(),
      paymentPause: null,
      paymentHold: null,
    });
    await sweepOverdueOffers(ctx.app);
    await openCheckout(ctx.app, buyer, propertyId);

    expect(await deadlineNews(buyer)).toEqual([
      'Your payment for Sunny family home is paused',
      'You can pay for Sunny family home again',
    ]);
    expect(await deadlineNews(agent)).toEqual([
      'Payment deadline paused on Sunny family home',
      'Payment deadline resumed on Sunny family home',
    ]);
  });

  it('a rejection and a correction asked for pause it too, and approval resumes it', async () => {
    const { admin, buyer, propertyId, accepted } = await sale();
    expect((await approve(admin, propertyId, false)).statusCode).toBe(200);
    expect((await acceptedOffer(propertyId)).paymentPausedAt).toBeInstanceOf(Date);
    await pausedLongAgo(accepted.id);
    await sweepOverdueOffers(ctx.app);
    const before = Date.now();
    expect((await approve(admin, propertyId, true)).statusCode).toBe(200);
    const resumed = await acceptedOffer(propertyId);
    expect(resumed).toMatchObject({ status: 'accepted', paymentPausedAt: null });
    expect(resumed.payBy.getTime()).toBeGreaterThanOrEqual(before + 2 * DAY_MS);

    const reporter = await createAccount(ctx.app);
    const filed = await as(reporter, 'POST', `/api/properties/${propertyId}/reports`, {
      reason: 'wrong_information',
    });
    expect(filed.statusCode).toBe(201);
    expect(
      (await decideReports(admin, propertyId, 'request_correction', 'Three bedrooms, not four.'))
        .statusCode,
    ).toBe(200);
    expect((await acceptedOffer(propertyId)).paymentPausedAt).toBeInstanceOf(Date);
    expect((await purchases(buyer))[0].paymentPause.secondsLeft).toBeGreaterThan(
      2 * 24 * 3600 - 60,
    );
    expect((await approve(admin, propertyId, true)).statusCode).toBe(200);
    expect((await acceptedOffer(propertyId)).paymentPausedAt).toBeNull();
  });

  it('a deadline that passed before the review began is not saved by it: the offer lapses', async () => {
    const { admin, propertyId, accepted } = await sale();
    await ctx.app.db
      .update(offers)
      .set({ payBy: new Date(Date.now() - 1000) })
      .where(eq(offers.id, accepted.id));
    expect((await approve(admin, propertyId, false)).statusCode).toBe(200);
    expect((await acceptedOffer(propertyId)).paymentPausedAt).toBeNull();
    await sweepOverdueOffers(ctx.app);
    expect((await acceptedOffer(propertyId)).status).toBe('lapsed');
  });
});

describe('an accepted offer keeps its listing as the buyer agreed to buy it', () => {
  const edit = (who: TestAccount, id: string, overrides: Record<string, unknown> = {}) =>
    as(who, 'PATCH', `/api/properties/${id}`, {
      ...listingBody(HOME),
      availability: 'Pending',
      ...overrides,
    });

  it("refuses its agent's edit that would send it back to review, changing nothing, until the offer ends", async () => {
    const { agent, admin, buyer, propertyId } = await sale();
    const refused = await edit(agent, propertyId, { title: 'Sunny family home, new caption' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: PROPERTY_MESSAGES.editWhileOfferAccepted,
      code: 'CONFLICT',
    });
    expect(await listing(propertyId)).toMatchObject({
      approval: 'approved',
      title: 'Sunny family home',
    });
    expect((await acceptedOffer(propertyId)).paymentPausedAt).toBeNull();
    // Saving the listing as it is changes nothing, and an admin's edit stands as reviewed.
    expect((await edit(agent, propertyId)).statusCode).toBe(200);
    expect((await edit(admin, propertyId, { bedrooms: 4 })).statusCode).toBe(200);
    expect((await listing(propertyId))?.approval).toBe('approved');
    await openCheckout(ctx.app, buyer, propertyId);

    expect(
      (await as(buyer, 'PATCH', `/requested-properties/${propertyId}/remove`, {})).statusCode,
    ).toBe(200);
    const freed = await edit(agent, propertyId, {
      title: 'Sunny family home, new caption',
      availability: 'Available',
    });
    expect(freed.statusCode, freed.body).toBe(200);
    expect((await listing(propertyId))?.approval).toBe('pending');
  });
});
