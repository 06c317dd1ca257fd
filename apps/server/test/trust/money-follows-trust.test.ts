import {
  LISTING_UNDER_REVIEW,
  OFFER_MESSAGES,
  PAYMENT_HOLD_MESSAGES,
  PAYMENT_MESSAGES,
} from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offers, payments, properties } from '../../src/db/schema.js';
import { lapseOverdueOffers } from '../../src/modules/offers/offers.service.js';
import { createAccount, type TestAccount } from '../helpers/accounts.js';
import { createListing, listingBody } from '../helpers/listings.js';
import { accept, offer, openCheckout, payDemo } from '../helpers/offers.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp({ OFFER_PAYMENT_DAYS: '3' });
const DAY_MS = 24 * 60 * 60 * 1000;
/** A listing whose type and features both the add and the edit form offer. */
const HOME = { propertyType: 'Villa', features: ['Garden', 'Balcony'] };

async function market() {
  const agent = await createAccount(ctx.app, 'agent');
  const buyer = await createAccount(ctx.app);
  const admin = await createAccount(ctx.app, 'admin');
  const propertyId = await createListing(ctx.app, agent, HOME);
  return { agent, buyer, admin, propertyId };
}

const as = (who: TestAccount, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: who.bearer, ...(payload ? { payload } : {}) });

const listing = async (id: string) =>
  (await ctx.app.db.select().from(properties).where(eq(properties.id, id)))[0];
const offersOn = (id: string) => ctx.app.db.select().from(offers).where(eq(offers.propertyId, id));
const decide = (admin: TestAccount, id: string, approve: boolean) =>
  as(admin, 'PATCH', `/api/properties/admin-approval/${id}/${approve}`);
const edit = (who: TestAccount, id: string, overrides: Record<string, unknown> = {}) =>
  as(who, 'PATCH', `/api/properties/${id}`, {
    ...listingBody(HOME),
    availability: 'Available',
    ...overrides,
  });
const checkout = (buyer: TestAccount, id: string) =>
  as(buyer, 'POST', '/api/payment/create-checkout-session', { offer: { _id: id } });
const purchases = async (buyer: TestAccount) =>
  (await as(buyer, 'GET', `/api/properties/user-requests/${buyer.id}`)).json();

describe('a listing that moderation no longer trusts cannot be sold', () => {
  it('refuses to accept offers on a listing waiting for review', async () => {
    const { agent, buyer, admin, propertyId } = await market();
    await offer(ctx.app, buyer, propertyId);
    expect(
      (await edit(agent, propertyId, { title: 'Sunny family home, new roof' })).statusCode,
    ).toBe(200);
    const refused = await accept(ctx.app, agent, propertyId, buyer.email);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(OFFER_MESSAGES.acceptWhileUnderReview);
    expect((await offersOn(propertyId))[0]?.status).toBe('pending');
    await decide(admin, propertyId, false);
    expect((await accept(ctx.app, agent, propertyId, buyer.email)).statusCode).toBe(409);
    await decide(admin, propertyId, true);
    expect((await accept(ctx.app, agent, propertyId, buyer.email)).statusCode).toBe(200);
  });

  it('holds checkout and payment of an accepted offer once the listing is rejected', async () => {
    const { agent, buyer, admin, propertyId } = await market();
    await offer(ctx.app, buyer, propertyId);
    await accept(ctx.app, agent, propertyId, buyer.email);
    const { sessionId } = await openCheckout(ctx.app, buyer, propertyId);
    await decide(admin, propertyId, false);

    const held = await checkout(buyer, propertyId);
    expect(held.statusCode).toBe(409);
    expect(held.json().error).toBe(PAYMENT_HOLD_MESSAGES['under-review']);
    const paid = await payDemo(ctx.app, buyer, sessionId);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toBe(PAYMENT_MESSAGES.notPayable);
    expect((await listing(propertyId))?.availability).toBe('Pending');
    expect((await ctx.app.db.select().from(payments))[0]?.status).toBe('open');
    expect((await purchases(buyer))[0]).toMatchObject({
      requestStatus: 'accepted',
      paymentHold: 'under-review',
    });

    // Approved again, the same checkout can be paid.
    await decide(admin, propertyId, true);
    expect((await payDemo(ctx.app, buyer, sessionId)).statusCode).toBe(200);
    expect((await listing(propertyId))?.availability).toBe('Sold');
  });

  it('freezes the accepted offers of an agent marked as fraud and tells the buyer', async () => {
    const { agent, buyer, admin, propertyId } = await market();
    await offer(ctx.app, buyer, propertyId);
    await accept(ctx.app, agent, propertyId, buyer.email);
    const { sessionId } = await openCheckout(ctx.app, buyer, propertyId);
    const openListing = await createListing(ctx.app, agent, { title: 'Another home' });
    expect((await as(admin, 'PATCH', `/api/user-role-update/${agent.id}/fraud`)).statusCode).toBe(
      200,
    );

    const held = await checkout(buyer, propertyId);
    expect(held.statusCode).toBe(409);
    expect(held.json().error).toBe(PAYMENT_HOLD_MESSAGES['agent-suspended']);
    expect((await payDemo(ctx.app, buyer, sessionId)).statusCode).toBe(409);
    expect((await listing(propertyId))?.availability).toBe('Pending');
    expect((await purchases(buyer))[0]).toMatchObject({ paymentHold: 'agent-suspended' });
    // The agent's open listings are hidden: no one else finds them or offers on them.
    const other = await createAccount(ctx.app);
    expect((await offer(ctx.app, other, openListing)).statusCode).toBe(404);
    expect((await as(other, 'GET', `/api/properties/${openListing}`)).statusCode).toBe(404);
  });
});

describe('every change buyers would read goes back to review', () => {
  const CHANGES: Array<[string, Record<string, unknown>]> = [
    ['location', { location: 'Wire the deposit to IBAN XX00 0000, call +1 900 555 0100' }],
    ['type', { propertyType: 'Townhouse' }],
    ['bedrooms', { bedrooms: 9 }],
    ['bathrooms', { bathrooms: 4.5 }],
    ['area', { areaSize: 99_999 }],
    ['features', { features: ['Garden', 'Balcony', 'Swimming Pool'] }],
    ['title', { title: 'Call +1 900 555 0100 before viewing' }],
    ['description', { description: 'Pay the holding deposit by wire transfer before any visit.' }],
    ['minimum price', { minPrice: 200_000 }],
    ['maximum price', { maxPrice: 300_000 }],
  ];

  it.each(CHANGES)(
    'an agent changing the %s sends an approved listing back to review',
    async (_, change) => {
      const { agent, propertyId } = await market();
      expect((await edit(agent, propertyId, change)).statusCode).toBe(200);
      expect((await listing(propertyId))?.approval).toBe('pending');
    },
  );

  it('keeps a listing approved when only its availability or nothing changes, and reviews a rejected one again', async () => {
    const { agent, admin, propertyId } = await market();
    expect((await edit(agent, propertyId)).statusCode).toBe(200);
    expect((await edit(agent, propertyId, { availability: 'Sold' })).statusCode).toBe(200);
    expect((await listing(propertyId))?.approval).toBe('approved');
    await decide(admin, propertyId, false);
    expect((await edit(agent, propertyId, { availability: 'Available' })).statusCode).toBe(200);
    expect((await listing(propertyId))?.approval).toBe('rejected');
    expect((await edit(agent, propertyId, { bedrooms: 4 })).statusCode).toBe(200);
    expect((await listing(propertyId))?.approval).toBe('pending');
  });
});

describe('buyers never see unreviewed content', () => {
  it('shows the last approved version in the wishlist, purchases, reviews and checkout', async () => {
    const { agent, buyer, admin, propertyId } = await market();
    expect((await as(buyer, 'PATCH', `/properties/${propertyId}/wishlist`, {})).statusCode).toBe(
      200,
    );
    await offer(ctx.app, buyer, propertyId);
    await accept(ctx.app, agent, propertyId, buyer.email);
    const { sessionId } = await openCheckout(ctx.app, buyer, propertyId);
    const review = await as(buyer, 'POST', '/api/reviews', {
      reviewFor: 'property',
      propertyId,
      rating: 5,
      text: 'Lovely light in the kitchen.',
    });
    expect(review.statusCode).toBe(200);

    // While the offer is accepted its agent may edit only a listing already out of review: an
    // admin rejected it, and the edit that answers waits for review again.
    expect((await decide(admin, propertyId, false)).statusCode).toBe(200);
    const phishing = 'Wire the deposit to IBAN XX00 0000 today';
    expect(
      (
        await edit(agent, propertyId, {
          title: phishing,
          description: `${phishing}, or lose it.`,
          availability: 'Pending',
        })
      ).statusCode,
    ).toBe(200);

    const original = listingBody().title;
    const wishlist = (await as(buyer, 'GET', `/wishlist-properties/${buyer.id}`)).json();
    expect(wishlist[0]).toMatchObject({ title: original, adminApproval: 'pending' });
    expect((await purchases(buyer))[0]).toMatchObject({ title: original });
    const reviews = (await as(buyer, 'GET', `/api/reviews?propertyId=${propertyId}`)).json();
    expect(JSON.stringify(reviews)).not.toContain(phishing);
    const page = (await as(buyer, 'GET', `/api/payment/demo/${sessionId}`)).json();
    expect(page.propertyTitle).toBe(original);
    for (const body of [wishlist, await purchases(buyer)]) {
      expect(JSON.stringify(body)).not.toContain(phishing);
    }
    // The agent still sees their own edit.
    const mine = (await as(agent, 'GET', `/api/properties/${propertyId}`)).json();
    expect(mine.title).toBe(phishing);
  });

  it('shows a placeholder for a listing never approved', async () => {
    const { agent, buyer, admin, propertyId } = await market();
    await ctx.app.db
      .update(properties)
      .set({ approval: 'pending', published: null })
      .where(eq(properties.id, propertyId));
    await ctx.app.db.insert(offers).values({
      propertyId,
      buyerId: buyer.id,
      amountCents: 26_000_000,
      buyingDate: '2031-05-01',
    });
    const [mine] = await purchases(buyer);
    expect(mine).toMatchObject({
      title: LISTING_UNDER_REVIEW.title,
      description: LISTING_UNDER_REVIEW.description,
      image: null,
      location: '',
    });
    const asAdmin = (await as(admin, 'GET', `/api/properties/${propertyId}`)).json();
    expect(asAdmin.title).toBe(listingBody().title);
    expect(agent.id).toBe(asAdmin.creatorUID);
  });
});

describe('an accepted offer cannot hold a home forever', () => {
  it('gives the buyer a deadline, then lapses the offer and reopens the home', async () => {
    const { agent, buyer, propertyId } = await market();
    await offer(ctx.app, buyer, propertyId);
    const before = Date.now();
    await accept(ctx.app, agent, propertyId, buyer.email);
    const [mine] = await purchases(buyer);
    const payBy = Date.parse(mine.payBy);
    expect(payBy).toBeGreaterThanOrEqual(before + 3 * DAY_MS - 1000);
    expect(payBy).toBeLessThanOrEqual(Date.now() + 3 * DAY_MS + 1000);
    const agentView = (
      await as(agent, 'GET', `/api/properties/requested/${encodeURIComponent(agent.email)}`)
    ).json();
    expect(agentView[0].payBy).toBe(mine.payBy);
    const { sessionId } = await openCheckout(ctx.app, buyer, propertyId);

    await lapseOverdueOffers(ctx.app.db, new Date(payBy + 1000));
    expect((await offersOn(propertyId))[0]?.status).toBe('lapsed');
    expect((await listing(propertyId))?.availability).toBe('Available');
    expect((await ctx.app.db.select().from(payments))[0]?.status).toBe('expired');
    expect((await purchases(buyer))[0]).toMatchObject({ requestStatus: 'lapsed', payBy: null });
    const late = await checkout(buyer, propertyId);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(PAYMENT_MESSAGES.deadlinePassed);
    expect((await payDemo(ctx.app, buyer, sessionId)).statusCode).toBe(409);
    // The home takes offers again, the same buyer's included.
    expect((await offer(ctx.app, buyer, propertyId)).statusCode).toBe(200);
  });

  it('lets the agent release an unpaid offer only after its deadline, and an admin at any time', async () => {
    const { agent, buyer, admin, propertyId } = await market();
    await offer(ctx.app, buyer, propertyId);
    await accept(ctx.app, agent, propertyId, buyer.email);
    const release = (who: TestAccount) =>
      as(who, 'PATCH', `/api/properties/release-offer/${propertyId}`);
    const early = await release(agent);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(OFFER_MESSAGES.releaseBeforeDeadline);
    const otherAgent = await createAccount(ctx.app, 'agent');
    expect((await release(otherAgent)).statusCode).toBe(403);
    expect((await release(buyer)).statusCode).toBe(403);

    await ctx.app.db
      .update(offers)
      .set({ payBy: new Date(Date.now() - 1000) })
      .where(eq(offers.propertyId, propertyId));
    expect((await release(agent)).statusCode).toBe(200);
    expect((await offersOn(propertyId))[0]?.status).toBe('released');
    expect((await listing(propertyId))?.availability).toBe('Available');
    expect((await purchases(buyer))[0]).toMatchObject({ requestStatus: 'released' });
    expect((await release(agent)).statusCode).toBe(409);

    const second = await createAccount(ctx.app);
    await offer(ctx.app, second, propertyId);
    await accept(ctx.app, agent, propertyId, second.email);
    expect((await release(admin)).statusCode).toBe(200);
    expect((await listing(propertyId))?.availability).toBe('Available');
  });

  it('lets the buyer withdraw an accepted offer before paying, and the agent sees it', async () => {
    const { agent, buyer, propertyId } = await market();
    await offer(ctx.app, buyer, propertyId);
    await accept(ctx.app, agent, propertyId, buyer.email);
    const { sessionId } = await openCheckout(ctx.app, buyer, propertyId);
    const withdrawn = await as(buyer, 'PATCH', `/requested-properties/${propertyId}/remove`, {});
    expect(withdrawn.json()).toEqual({ message: OFFER_MESSAGES.withdrawn });
    expect((await listing(propertyId))?.availability).toBe('Available');
    expect((await payDemo(ctx.app, buyer, sessionId)).statusCode).toBe(409);
    const agentView = (
      await as(agent, 'GET', `/api/properties/requested/${encodeURIComponent(agent.email)}`)
    ).json();
    expect(agentView[0]).toMatchObject({ offerStatus: 'withdrawn', buyerEmail: buyer.email });
  });
});
