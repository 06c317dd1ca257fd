import { OFFER_MESSAGES } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { accept, daysFromNow, offer } from '../../../test/helpers/offers.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { offers, properties, wishlistItems } from '../../db/schema.js';

const ctx = useTestApp();

async function marketplace() {
  const agent = await createAccount(ctx.app, 'agent');
  const buyer = await createAccount(ctx.app);
  const propertyId = await createListing(ctx.app, agent, { minPrice: 250_000, maxPrice: 280_000 });
  return { agent, buyer, propertyId };
}

const offersOn = (propertyId: string) =>
  ctx.app.db.select().from(offers).where(eq(offers.propertyId, propertyId));

describe('PATCH /make-offer/{propertyId}', () => {
  it('takes amounts from min to max inclusive, and refuses a cent outside', async () => {
    const { propertyId } = await marketplace();
    for (const amount of [250_000, 280_000, 265_432.1]) {
      const buyer = await createAccount(ctx.app);
      const response = await offer(ctx.app, buyer, propertyId, { offerAmount: amount });
      expect(response.statusCode, String(amount)).toBe(200);
      expect(response.json()).toEqual({ message: 'Your offer has been submitted successfully.' });
    }
    for (const amount of [249_999.99, 280_000.01]) {
      const buyer = await createAccount(ctx.app);
      const response = await offer(ctx.app, buyer, propertyId, { offerAmount: amount });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Offer must be between $250,000 and $280,000');
    }
    const stored = await offersOn(propertyId);
    expect(stored.map((o) => o.amountCents).sort()).toEqual([25_000_000, 26_543_210, 28_000_000]);
  });

  it('refuses a buying date today or in the past', async () => {
    const { buyer, propertyId } = await marketplace();
    for (const selectedDate of [daysFromNow(0), daysFromNow(-3)]) {
      const response = await offer(ctx.app, buyer, propertyId, { selectedDate });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.selectedDate).toBe('Buying date must be in the future');
    }
  });

  it('is only for role user: agents, admins and fraud users get 403, anonymous 401', async () => {
    const { propertyId } = await marketplace();
    for (const role of ['agent', 'admin', 'fraud'] as const) {
      const caller = await createAccount(ctx.app, role);
      expect((await offer(ctx.app, caller, propertyId)).statusCode).toBe(403);
    }
    const anonymous = await ctx.app.inject({
      method: 'PATCH',
      url: `/make-offer/${propertyId}`,
      payload: { offerAmount: 260_000, selectedDate: daysFromNow(5) },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await offersOn(propertyId)).toEqual([]);
  });

  it('refuses a body naming another user (403) and keeps one live offer per buyer', async () => {
    const { buyer, propertyId } = await marketplace();
    const other = await createAccount(ctx.app);
    expect((await offer(ctx.app, buyer, propertyId, { uid: other.id })).statusCode).toBe(403);
    expect((await offer(ctx.app, buyer, propertyId, { email: other.email })).statusCode).toBe(403);
    expect(
      (await offer(ctx.app, buyer, propertyId, { uid: buyer.id, email: buyer.email })).statusCode,
    ).toBe(200);
    expect((await offer(ctx.app, buyer, propertyId)).statusCode).toBe(409);
    expect(await offersOn(propertyId)).toHaveLength(1);
  });

  it('keeps the listing in the buyer’s wishlist, where it shows as requested', async () => {
    const { buyer, propertyId } = await marketplace();
    await ctx.app.inject({
      method: 'PATCH',
      url: `/properties/${propertyId}/wishlist`,
      headers: buyer.bearer,
      payload: { wishlistStatus: 'true', wishlistUser: { uid: buyer.id } },
    });
    expect(await ctx.app.db.select().from(wishlistItems)).toHaveLength(1);
    await offer(ctx.app, buyer, propertyId);
    expect(await ctx.app.db.select().from(wishlistItems)).toHaveLength(1);
  });

  it('is refused on listings that are not approved and Available', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const pending = await createListing(ctx.app, agent, {}, 'pending');
    expect((await offer(ctx.app, buyer, pending)).statusCode).toBe(404);
    const sold = await createListing(ctx.app, agent);
    await ctx.app.db
      .update(properties)
      .set({ availability: 'Sold' })
      .where(eq(properties.id, sold));
    expect((await offer(ctx.app, buyer, sold)).statusCode).toBe(409);
  });
});

describe('agent decisions', () => {
  it('accepting one offer reserves the home and declines the others', async () => {
    const { agent, propertyId } = await marketplace();
    const buyers = [
      await createAccount(ctx.app),
      await createAccount(ctx.app),
      await createAccount(ctx.app),
    ];
    for (const buyer of buyers) await offer(ctx.app, buyer, propertyId);
    const chosen = buyers[1];
    if (!chosen) throw new Error('no buyer');
    const response = await accept(ctx.app, agent, propertyId, chosen.email);
    expect(response.json()).toEqual({ message: 'Property request has been accepted' });
    const stored = await offersOn(propertyId);
    expect(stored.find((o) => o.buyerId === chosen.id)?.status).toBe('accepted');
    expect(stored.filter((o) => o.status === 'rejected')).toHaveLength(2);
    const [listing] = await ctx.app.db
      .select()
      .from(properties)
      .where(eq(properties.id, propertyId));
    expect(listing?.availability).toBe('Pending');
    expect((await accept(ctx.app, agent, propertyId, buyers[0]?.email)).statusCode).toBe(409);
  });

  it('takes the only pending offer when no buyer is named, and asks when there are several', async () => {
    const { agent, buyer, propertyId } = await marketplace();
    const other = await createAccount(ctx.app);
    await offer(ctx.app, buyer, propertyId);
    await offer(ctx.app, other, propertyId);
    expect((await accept(ctx.app, agent, propertyId)).statusCode).toBe(409);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/requested-properties/${propertyId}/remove`,
      headers: other.bearer,
      payload: { uid: other.id },
    });
    expect((await accept(ctx.app, agent, propertyId)).statusCode).toBe(200);
  });

  it('lets only the listing’s agent accept or reject', async () => {
    const { buyer, propertyId } = await marketplace();
    await offer(ctx.app, buyer, propertyId);
    const otherAgent = await createAccount(ctx.app, 'agent');
    expect((await accept(ctx.app, otherAgent, propertyId, buyer.email)).statusCode).toBe(403);
    const reject = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/requestStatus/${propertyId}?email=${encodeURIComponent(buyer.email)}`,
      headers: otherAgent.bearer,
      payload: { requestStatus: 'normal', userEmailToRemove: buyer.email },
    });
    expect(reject.statusCode).toBe(403);
    expect((await offersOn(propertyId))[0]?.status).toBe('pending');
  });

  it('rejecting declines that buyer’s offer', async () => {
    const { agent, buyer, propertyId } = await marketplace();
    await offer(ctx.app, buyer, propertyId);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/requestStatus/${propertyId}?email=${encodeURIComponent(buyer.email)}`,
      headers: agent.bearer,
      payload: { requestStatus: 'normal', userEmailToRemove: buyer.email },
    });
    expect(response.json()).toEqual({ message: 'Request status updated successfully.' });
    expect((await offersOn(propertyId))[0]?.status).toBe('rejected');
    // A declined buyer may try again.
    expect((await offer(ctx.app, buyer, propertyId)).statusCode).toBe(200);
  });

  it('lists one row per offer for that agent only', async () => {
    const { agent, buyer, propertyId } = await marketplace();
    await offer(ctx.app, buyer, propertyId, { offerAmount: 255_000 });
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/requested/${encodeURIComponent(agent.email)}?requestStatus=pending`,
      headers: agent.bearer,
    });
    expect(list.json()).toEqual([
      expect.objectContaining({
        _id: propertyId,
        buyerEmail: buyer.email,
        offerAmount: 255_000,
        offerStatus: 'pending',
      }),
    ]);
    const otherAgent = await createAccount(ctx.app, 'agent');
    const snooping = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/requested/${encodeURIComponent(agent.email)}`,
      headers: otherAgent.bearer,
    });
    expect(snooping.statusCode).toBe(403);
  });
});

describe('buyer side', () => {
  it('withdraws a pending offer, then an accepted unpaid one, and never another buyer’s', async () => {
    const { agent, buyer, propertyId } = await marketplace();
    const other = await createAccount(ctx.app);
    await offer(ctx.app, buyer, propertyId);
    const withdraw = (who: typeof buyer) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/requested-properties/${propertyId}/remove`,
        headers: who.bearer,
        payload: { uid: who.id },
      });
    expect((await withdraw(other)).statusCode).toBe(404);
    expect((await withdraw(buyer)).statusCode).toBe(200);
    expect(await offersOn(propertyId)).toEqual([]);
    await offer(ctx.app, buyer, propertyId);
    await accept(ctx.app, agent, propertyId, buyer.email);
    expect((await withdraw(other)).statusCode).toBe(404);
    const withdrawn = await withdraw(buyer);
    expect(withdrawn.json()).toEqual({ message: OFFER_MESSAGES.withdrawn });
    expect((await offersOn(propertyId))[0]?.status).toBe('withdrawn');
    const [listing] = await ctx.app.db
      .select()
      .from(properties)
      .where(eq(properties.id, propertyId));
    expect(listing?.availability).toBe('Available');
  });

  it('lists the buyer’s own offers with userRequestDetails, and nobody else’s', async () => {
    const { buyer, propertyId } = await marketplace();
    await offer(ctx.app, buyer, propertyId, { offerAmount: 270_000 });
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/user-requests/${buyer.id}`,
      headers: buyer.bearer,
    });
    expect(mine.json()).toEqual([
      expect.objectContaining({
        _id: propertyId,
        requestStatus: 'pending',
        userRequestDetails: expect.objectContaining({ uid: buyer.id, offerAmount: 270_000 }),
      }),
    ]);
    const other = await createAccount(ctx.app);
    const snooping = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/user-requests/${buyer.id}`,
      headers: other.bearer,
    });
    expect(snooping.statusCode).toBe(403);
  });
});

describe('wishlist', () => {
  it('saves once, lists for its owner only, removes, and refuses agents', async () => {
    const { agent, buyer, propertyId } = await marketplace();
    const save = (who: typeof buyer) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/properties/${propertyId}/wishlist`,
        headers: who.bearer,
        payload: { wishlistStatus: 'true' },
      });
    expect((await save(buyer)).json()).toEqual({ message: 'Added to wishlist!' });
    expect((await save(buyer)).statusCode).toBe(200);
    expect((await save(agent)).statusCode).toBe(403);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/wishlist-properties/${buyer.id}`,
      headers: buyer.bearer,
    });
    expect(list.json().map((p: { _id: string }) => p._id)).toEqual([propertyId]);
    const other = await createAccount(ctx.app);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/wishlist-properties/${buyer.id}`,
          headers: other.bearer,
        })
      ).statusCode,
    ).toBe(403);
    const removed = await ctx.app.inject({
      method: 'PATCH',
      url: `/wishlist-properties/${propertyId}/remove`,
      headers: buyer.bearer,
      payload: { uid: buyer.id },
    });
    expect(removed.json()).toEqual({ message: 'Removed!' });
    expect(await ctx.app.db.select().from(wishlistItems)).toEqual([]);
  });
});
