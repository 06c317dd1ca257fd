import { TOUR_MESSAGES } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tours } from '../../src/db/schema.js';
import { createAccount } from '../helpers/accounts.js';
import { createListing } from '../helpers/listings.js';
import { REPEATING_ACCOUNT_LIMITS, useTestApp } from '../helpers/test-app.js';
import { BOSTON, clockAt, putAvailability, requestTour, tourScene } from '../helpers/tours.js';

const ATTEMPTS = 50;
const ctx = useTestApp({}, { accountLimits: REPEATING_ACCOUNT_LIMITS });

afterEach(() => {
  vi.useRealTimers();
});

describe(`${ATTEMPTS} tour requests for one time at once`, () => {
  it('two buyers, one slot: exactly one request is booked, the others are told the time is taken', async () => {
    clockAt('2027-03-08T12:00:00Z');
    const { buyer, listingId, slots } = await tourScene(ctx.app);
    const rival = await createAccount(ctx.app);
    const slot = slots[4] as string;
    const responses = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        requestTour(ctx.app, i % 2 === 0 ? buyer : rival, listingId, { startsAt: slot }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(ATTEMPTS - 1);
    const messages = new Set(
      responses.filter((r) => r.statusCode === 409).map((r) => r.json().error),
    );
    for (const message of messages) {
      expect([TOUR_MESSAGES.slotNotFree, TOUR_MESSAGES.alreadyRequested]).toContain(message);
    }
    const booked = await ctx.app.db.select().from(tours).where(eq(tours.propertyId, listingId));
    expect(booked).toHaveLength(1);
  });

  it('one agent, two homes, one time: the agent is booked once, whichever home is asked for', async () => {
    clockAt('2027-03-08T12:00:00Z');
    const { agent, listingId, slots } = await tourScene(ctx.app);
    const other = await createListing(ctx.app, agent, BOSTON);
    await putAvailability(ctx.app, agent, other);
    const buyers = await Promise.all(
      Array.from({ length: ATTEMPTS }, () => createAccount(ctx.app)),
    );
    const slot = slots[7] as string;
    const responses = await Promise.all(
      buyers.map((buyer, i) =>
        requestTour(ctx.app, buyer, i % 2 === 0 ? listingId : other, { startsAt: slot }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    expect(await ctx.app.db.select().from(tours).where(eq(tours.agentId, agent.id))).toHaveLength(
      1,
    );
  });
});
