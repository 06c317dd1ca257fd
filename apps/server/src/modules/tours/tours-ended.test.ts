import { AGENT_MESSAGES, TOUR_MESSAGES } from '@keyhaven/shared';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { accept, offer, openCheckout, payDemo } from '../../../test/helpers/offers.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { clockAt, requestedTour, tourAction, tourScene } from '../../../test/helpers/tours.js';
import { notifications, tours } from '../../db/schema.js';

const ctx = useTestApp();

afterEach(() => {
  vi.useRealTimers();
});

const MONDAY = '2027-03-08T12:00:00Z';

const tourRow = async (id: string) =>
  (await ctx.app.db.select().from(tours).where(eq(tours.id, id)))[0];

/** The tour notices a person was given, after the queue has run. */
async function cancellationsFor(who: TestAccount) {
  await ctx.app.jobs.drain();
  const rows = await ctx.app.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, who.id));
  return rows.filter((row) => row.kind === 'tour_cancelled');
}

describe('tours a listing or its agent can no longer hold', () => {
  it('end when the home is sold, and their buyers are told', async () => {
    clockAt(MONDAY);
    const { agent, buyer, listingId, slots } = await tourScene(ctx.app);
    const confirmed = await requestedTour(ctx.app, buyer, listingId, slots[5] as string);
    await tourAction(ctx.app, agent, confirmed, 'confirm');
    const purchaser = await createAccount(ctx.app);
    expect((await offer(ctx.app, purchaser, listingId)).statusCode).toBe(200);
    expect((await accept(ctx.app, agent, listingId, purchaser.email)).statusCode).toBe(200);
    const { sessionId } = await openCheckout(ctx.app, purchaser, listingId);
    expect((await payDemo(ctx.app, purchaser, sessionId)).statusCode).toBe(200);
    expect(await tourRow(confirmed)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'system',
      cancelReason: TOUR_MESSAGES.systemReasons.sold,
    });
    const [told] = await cancellationsFor(buyer);
    expect(told?.body).toContain('the listing is no longer available');
  });

  it('end when the agent withdraws the listing, and stay in the buyer’s list without it', async () => {
    clockAt(MONDAY);
    const { agent, buyer, listingId, slots } = await tourScene(ctx.app);
    const pending = await requestedTour(ctx.app, buyer, listingId, slots[2] as string);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/properties/${listingId}`,
      headers: agent.bearer,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await tourRow(pending)).toMatchObject({
      status: 'cancelled',
      propertyId: null,
      cancelReason: TOUR_MESSAGES.systemReasons.withdrawn,
    });
    expect(await cancellationsFor(buyer)).toHaveLength(1);
    const past = await ctx.app.inject({
      method: 'GET',
      url: '/api/tours?scope=past',
      headers: buyer.bearer,
    });
    expect(past.json().items[0]).toMatchObject({ id: pending, propertyId: null, actions: [] });
  });

  it('end when the agent is marked as fraud, except a tour that already took place', async () => {
    clockAt(MONDAY);
    const { agent, buyer, listingId, slots } = await tourScene(ctx.app);
    const admin = await createAccount(ctx.app, 'admin');
    const second = await createAccount(ctx.app);
    const earlier = await requestedTour(ctx.app, second, listingId, slots[0] as string);
    await tourAction(ctx.app, agent, earlier, 'confirm');
    const coming = await requestedTour(ctx.app, buyer, listingId, slots[9] as string);
    await tourAction(ctx.app, agent, coming, 'confirm');
    vi.setSystemTime(new Date(Date.parse(slots[0] as string) + 2 * 3_600_000));
    const marked = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/user-role-update/${agent.id}/fraud`,
      headers: admin.bearer,
    });
    expect(marked.statusCode).toBe(200);
    expect(await tourRow(coming)).toMatchObject({
      status: 'cancelled',
      cancelReason: TOUR_MESSAGES.systemReasons.agentUnavailable,
    });
    expect((await tourRow(earlier))?.status).toBe('confirmed');
    const [told] = await cancellationsFor(buyer);
    expect(told?.body).toContain('the agent can no longer show this home');
    expect(await cancellationsFor(second)).toEqual([]);
  });
});

describe('agent reviews and figures', () => {
  const review = (who: TestAccount, agentId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/agents/${agentId}/reviews`,
      headers: who.bearer,
      payload: { rating: 5, title: 'Showed us every corner', text: 'Patient and on time.' },
    });

  it('are open to a buyer who completed a tour, not to one whose tour is only booked', async () => {
    clockAt(MONDAY);
    const { agent, buyer, listingId, slots } = await tourScene(ctx.app);
    const booked = await createAccount(ctx.app);
    const toured = await requestedTour(ctx.app, buyer, listingId, slots[0] as string);
    await tourAction(ctx.app, agent, toured, 'confirm');
    const waiting = await requestedTour(ctx.app, booked, listingId, slots[3] as string);
    await tourAction(ctx.app, agent, waiting, 'confirm');
    vi.setSystemTime(new Date(Date.parse(slots[0] as string) + 30 * 60_000));
    const before = await review(buyer, agent.id);
    expect(before.statusCode).toBe(403);
    expect(before.json().error).toBe(AGENT_MESSAGES.reviewOnlyAfterPurchase);
    expect((await tourAction(ctx.app, agent, toured, 'complete')).statusCode).toBe(200);
    await ctx.app.jobs.drain();
    const told = await ctx.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, buyer.id));
    expect(told.find((row) => row.kind === 'tour_completed')?.link).toBe(`/agents/${agent.id}`);
    expect((await review(buyer, agent.id)).statusCode).toBe(200);
    expect((await review(booked, agent.id)).statusCode).toBe(403);
  });

  it('count the agent’s answers to tour requests in their response time', async () => {
    clockAt(MONDAY);
    const { agent, buyer, listingId, slots } = await tourScene(ctx.app);
    const figures = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/agents/${agent.id}`,
          headers: buyer.bearer,
        })
      ).json().figures;
    const id = await requestedTour(ctx.app, buyer, listingId, slots[0] as string);
    expect((await figures()).medianResponseMinutes).toBeNull();
    await ctx.app.db
      .update(tours)
      // The database's own clock, which answers are stamped with: asked an hour and a half ago.
      .set({ createdAt: sql`now() - interval '90 minutes'` })
      .where(eq(tours.id, id));
    await tourAction(ctx.app, agent, id, 'confirm');
    const row = await tourRow(id);
    const answeredAt = row?.answeredAt ?? new Date(0);
    const minutes = (answeredAt.getTime() - (row?.createdAt ?? answeredAt).getTime()) / 60_000;
    expect((await figures()).medianResponseMinutes).toBe(Math.round(minutes));
    expect(minutes).toBeGreaterThanOrEqual(90);
  });
});
