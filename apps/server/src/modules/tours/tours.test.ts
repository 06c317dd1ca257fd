import { TOUR_LIMITS, TOUR_MESSAGES, type TourAction } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import {
  ACTION_BODIES,
  BOSTON,
  clockAt,
  NEW_YORK,
  putAvailability,
  requestedTour,
  requestTour,
  tourAction,
  tourScene,
  tourSlots,
} from '../../../test/helpers/tours.js';
import { properties, tours, users } from '../../db/schema.js';

const ctx = useTestApp();

afterEach(() => {
  vi.useRealTimers();
});

// Monday 8 March 2027, 7 am in New York.
const MONDAY = '2027-03-08T12:00:00Z';

describe('viewing availability', () => {
  it('is set by the listing’s agent alone, and read by them and admins', async () => {
    clockAt(MONDAY);
    const { agent, listingId } = await tourScene(ctx.app);
    const other = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    const read = (who: TestAccount) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/properties/${listingId}/tour-availability`,
        headers: who.bearer,
      });
    expect((await read(agent)).json()).toMatchObject({
      timeZone: 'America/New_York',
      slotMinutes: 60,
      zoneFromPin: true,
    });
    expect((await read(admin)).statusCode).toBe(200);
    expect((await read(other)).statusCode).toBe(403);
    expect((await putAvailability(ctx.app, other, listingId)).statusCode).toBe(403);
  });

  it('refuses overlapping hours, a tour length off the list, and a listing without pin or zone', async () => {
    clockAt(MONDAY);
    const agent = await createAccount(ctx.app, 'agent');
    const listingId = await createListing(ctx.app, agent, NEW_YORK);
    const overlapping = await putAvailability(ctx.app, agent, listingId, {
      slotMinutes: 30,
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '11:00', end: '13:00' },
      ],
      exceptions: [],
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.body).toContain(TOUR_MESSAGES.rangesOverlap);
    const oddLength = await putAvailability(ctx.app, agent, listingId, {
      slotMinutes: 50,
      weekly: [],
      exceptions: [],
    });
    expect(oddLength.body).toContain(TOUR_MESSAGES.slotMinutesInvalid);
    const unpinned = await createListing(ctx.app, agent, { lat: null, lng: null });
    const noZone = await putAvailability(ctx.app, agent, unpinned);
    expect(noZone.statusCode).toBe(400);
    expect(noZone.json().fields).toHaveProperty('timeZone');
    const chosen = await putAvailability(ctx.app, agent, unpinned, {
      timeZone: 'Europe/London',
      slotMinutes: 30,
      weekly: [{ weekday: 2, start: '10:00', end: '11:00' }],
      exceptions: [],
    });
    expect(chosen.json()).toMatchObject({ timeZone: 'Europe/London', zoneFromPin: false });
  });
});

describe('free slots through the listing’s page', () => {
  it('are on the home’s wall clock across New York’s March and November clock changes', async () => {
    clockAt('2027-03-13T12:00:00Z');
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const listingId = await createListing(ctx.app, agent, NEW_YORK);
    const sundayNight = {
      slotMinutes: 30,
      weekly: [{ weekday: 0, start: '01:00', end: '03:00' }],
      exceptions: [],
    };
    await putAvailability(ctx.app, agent, listingId, sundayNight);
    const march = (await tourSlots(ctx.app, buyer, listingId)).json();
    expect(march.timeZone).toBe('America/New_York');
    expect(
      march.slots
        .filter((slot: { localDate: string }) => slot.localDate === '2027-03-14')
        .map((slot: { localTime: string; startsAt: string }) => [slot.localTime, slot.startsAt]),
    ).toEqual([
      ['01:00', '2027-03-14T06:00:00.000Z'],
      ['01:30', '2027-03-14T06:30:00.000Z'],
    ]);
    vi.setSystemTime(new Date('2027-11-05T12:00:00Z'));
    // Months later: a session of now.
    const later = await createAccount(ctx.app);
    const november = (await tourSlots(ctx.app, later, listingId)).json();
    expect(
      november.slots
        .filter((slot: { localDate: string }) => slot.localDate === '2027-11-07')
        .map((slot: { startsAt: string }) => slot.startsAt),
    ).toEqual([
      '2027-11-07T05:00:00.000Z',
      '2027-11-07T05:30:00.000Z',
      '2027-11-07T07:00:00.000Z',
      '2027-11-07T07:30:00.000Z',
    ]);
  });

  it('hide a listing buyers may not see, and a sold home offers none', async () => {
    clockAt(MONDAY);
    const { agent, buyer, listingId, slots } = await tourScene(ctx.app);
    expect(slots.length).toBeGreaterThan(50);
    const pending = await createListing(ctx.app, agent, NEW_YORK, 'pending');
    expect((await tourSlots(ctx.app, buyer, pending)).statusCode).toBe(404);
    expect((await tourSlots(ctx.app, agent, pending)).statusCode).toBe(200);
    await ctx.app.db
      .update(properties)
      .set({ availability: 'Sold' })
      .where(eq(properties.id, listingId));
    expect((await tourSlots(ctx.app, buyer, listingId)).json().slots).toEqual([]);
  });
});

describe('requesting a tour', () => {
  it('books a free slot, which no other buyer is offered, and the agent is in one place at a time', async () => {
    clockAt(MONDAY);
    const { agent, buyer, listingId, slots } = await tourScene(ctx.app);
    const slot = slots[3] as string;
    const made = await requestTour(ctx.app, buyer, listingId, {
      startsAt: slot,
      kind: 'video',
      note: 'Is the basement dry?',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      status: 'pending',
      kind: 'video',
      note: 'Is the basement dry?',
      startsAt: slot,
      timeZone: 'America/New_York',
      propertyId: listingId,
      sequence: 0,
      actions: ['cancel'],
    });
    const other = await createAccount(ctx.app);
    const offered = (await tourSlots(ctx.app, other, listingId)).json().slots;
    expect(offered.map((s: { startsAt: string }) => s.startsAt)).not.toContain(slot);
    const taken = await requestTour(ctx.app, other, listingId, { startsAt: slot });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(TOUR_MESSAGES.slotNotFree);
    // The same agent's other listing cannot take that hour either.
    const second = await createListing(ctx.app, agent, BOSTON);
    await putAvailability(ctx.app, agent, second);
    const elsewhere = await requestTour(ctx.app, other, second, { startsAt: slot });
    expect(elsewhere.json().error).toBe(TOUR_MESSAGES.slotNotFree);
  });

  it('takes one open request per buyer and listing, no overlapping tours, and only slots on the grid', async () => {
    clockAt(MONDAY);
    const { buyer, listingId, slots } = await tourScene(ctx.app);
    await requestedTour(ctx.app, buyer, listingId, slots[0] as string);
    const again = await requestTour(ctx.app, buyer, listingId, { startsAt: slots[5] });
    expect(again.json().error).toBe(TOUR_MESSAGES.alreadyRequested);
    const elsewhere = await tourScene(ctx.app, BOSTON);
    const overlapping = await requestTour(ctx.app, buyer, elsewhere.listingId, {
      startsAt: slots[0],
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().error).toBe(TOUR_MESSAGES.buyerOverlap);
    const offGrid = new Date(Date.parse(slots[2] as string) + 15 * 60_000).toISOString();
    const odd = await requestTour(ctx.app, elsewhere.buyer, elsewhere.listingId, {
      startsAt: offGrid,
    });
    expect(odd.json().error).toBe(TOUR_MESSAGES.slotNotOnGrid);
    const tooFar = await requestTour(ctx.app, elsewhere.buyer, elsewhere.listingId, {
      startsAt: '2027-04-05T14:00:00.000Z',
    });
    expect(tooFar.json().error).toBe(TOUR_MESSAGES.slotNotOnGrid);
  });

  it('takes at most ten requests an hour from one account, refused ones counted', async () => {
    clockAt(MONDAY);
    const { buyer, listingId } = await tourScene(ctx.app);
    const offGrid = { startsAt: '2027-03-09T14:10:00.000Z' };
    for (let i = 0; i < TOUR_LIMITS.requestsPerHour; i++) {
      expect((await requestTour(ctx.app, buyer, listingId, offGrid)).statusCode).toBe(409);
    }
    const limited = await requestTour(ctx.app, buyer, listingId, offGrid);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('takes at most sixty of one kind of answer or change an hour from one account, refused ones counted', async () => {
    const buyer = await createAccount(ctx.app, 'user');
    const nobodysTour = '00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < TOUR_LIMITS.changesPerHour; i++) {
      expect((await tourAction(ctx.app, buyer, nobodysTour, 'cancel')).statusCode).toBe(404);
    }
    const limited = await tourAction(ctx.app, buyer, nobodysTour, 'cancel');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('refuses a listing under review, rejected, sold or of a fraud agent, and an unconfirmed buyer', async () => {
    clockAt(MONDAY);
    const { agent, buyer, listingId, slots } = await tourScene(ctx.app);
    const refusal = async (message: string) => {
      const response = await requestTour(ctx.app, buyer, listingId, { startsAt: slots[0] });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe(message);
    };
    const set = (values: Partial<typeof properties.$inferInsert>) =>
      ctx.app.db.update(properties).set(values).where(eq(properties.id, listingId));
    await set({ approval: 'pending' });
    await refusal(TOUR_MESSAGES.listingUnderReview);
    await set({ approval: 'rejected' });
    await refusal(TOUR_MESSAGES.listingNotOpen);
    await set({ approval: 'approved', availability: 'Sold' });
    await refusal(TOUR_MESSAGES.listingSold);
    await set({ availability: 'Available' });
    await ctx.app.db.update(users).set({ role: 'fraud' }).where(eq(users.id, agent.id));
    await refusal(TOUR_MESSAGES.agentUnavailable);
    await ctx.app.db.update(users).set({ role: 'agent' }).where(eq(users.id, agent.id));
    const unconfirmed = await createAccount(ctx.app, 'user', {}, { verified: false });
    const response = await requestTour(ctx.app, unconfirmed, listingId, { startsAt: slots[0] });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(TOUR_MESSAGES.verifyBeforeTour);
    expect(await ctx.app.db.select().from(tours)).toEqual([]);
  });
});

type State = 'pending' | 'confirmed' | 'rescheduled' | 'declined' | 'cancelled' | 'completed';
type Who = 'buyer' | 'agent' | 'otherBuyer' | 'otherAgent' | 'admin';
const WHO: Who[] = ['buyer', 'agent', 'otherBuyer', 'otherAgent', 'admin'];

/**
 * Expected answer of each action on a tour in each state (in the future), per actor: columns
 * buyer | agent | another buyer | another agent | admin. Someone else's tour is 404; a role that
 * never takes the action is 403 (before the tour is looked at); the tour's own side in the wrong
 * state is 409.
 */
const EXPECTED: Record<State, Record<TourAction, number[]>> = {
  pending: {
    confirm: [403, 200, 403, 404, 403],
    propose: [403, 200, 403, 404, 403],
    accept: [409, 403, 404, 403, 403],
    decline: [403, 200, 403, 404, 403],
    cancel: [200, 200, 404, 404, 403],
    complete: [403, 409, 403, 404, 403],
  },
  confirmed: {
    confirm: [403, 409, 403, 404, 403],
    propose: [403, 200, 403, 404, 403],
    accept: [409, 403, 404, 403, 403],
    decline: [403, 409, 403, 404, 403],
    cancel: [200, 200, 404, 404, 403],
    complete: [403, 409, 403, 404, 403],
  },
  rescheduled: {
    confirm: [403, 409, 403, 404, 403],
    propose: [403, 409, 403, 404, 403],
    accept: [200, 403, 404, 403, 403],
    decline: [403, 200, 403, 404, 403],
    cancel: [200, 200, 404, 404, 403],
    complete: [403, 409, 403, 404, 403],
  },
  declined: everyOwnSide(409),
  cancelled: everyOwnSide(409),
  completed: everyOwnSide(409),
};

function everyOwnSide(status: number): Record<TourAction, number[]> {
  const agentAction = [403, status, 403, 404, 403];
  return {
    confirm: agentAction,
    propose: agentAction,
    accept: [status, 403, 404, 403, 403],
    decline: agentAction,
    cancel: [status, status, 404, 404, 403],
    complete: agentAction,
  };
}

/** What the tour becomes after each allowed action. */
const AFTER: Record<TourAction, State> = {
  confirm: 'confirmed',
  propose: 'rescheduled',
  accept: 'confirmed',
  decline: 'declined',
  cancel: 'cancelled',
  complete: 'completed',
};

describe('every state change, and who may make it', () => {
  it('follows the table of states × actions × actors', async () => {
    clockAt(MONDAY);
    const scene = await tourScene(ctx.app);
    const people: Record<Who, TestAccount> = {
      buyer: scene.buyer,
      agent: scene.agent,
      otherBuyer: await createAccount(ctx.app),
      otherAgent: await createAccount(ctx.app, 'agent'),
      admin: await createAccount(ctx.app, 'admin'),
    };
    // Each tour has a buyer and two slots of its own (its time and a time to propose).
    let next = 0;
    const freshTour = async (state: State) => {
      const [slot, spare] = [scene.slots[next] as string, scene.slots[next + 1] as string];
      next += 2;
      people.buyer = await createAccount(ctx.app);
      const id = await requestedTour(ctx.app, people.buyer, scene.listingId, slot);
      if (state === 'confirmed' || state === 'completed') {
        await tourAction(ctx.app, scene.agent, id, 'confirm');
      }
      if (state === 'rescheduled') {
        await tourAction(ctx.app, scene.agent, id, 'propose', { startsAt: spare });
      }
      if (state === 'declined') await tourAction(ctx.app, scene.agent, id, 'decline');
      if (state === 'cancelled') await tourAction(ctx.app, people.buyer, id, 'cancel');
      if (state === 'completed') {
        await ctx.app.db.update(tours).set({ status: 'completed' }).where(eq(tours.id, id));
      }
      return { id, spare };
    };
    const problems: string[] = [];
    for (const state of Object.keys(EXPECTED) as State[]) {
      let tour = await freshTour(state);
      for (const action of Object.keys(EXPECTED[state]) as TourAction[]) {
        for (const [column, who] of WHO.entries()) {
          const expected = EXPECTED[state][action][column] as number;
          const response = await tourAction(
            ctx.app,
            people[who],
            tour.id,
            action,
            ACTION_BODIES[action](tour.spare),
          );
          if (response.statusCode !== expected) {
            problems.push(`${state} ${action} by ${who}: ${response.statusCode} ${response.body}`);
          }
          if (response.statusCode === 200) {
            expect(response.json().status).toBe(AFTER[action]);
            // The tour moved on: the rest of the row needs the state again.
            tour = await freshTour(state);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('completes a confirmed tour once it has started, and refuses to cancel it then', async () => {
    clockAt(MONDAY);
    const { agent, buyer, listingId, slots } = await tourScene(ctx.app);
    const id = await requestedTour(ctx.app, buyer, listingId, slots[0] as string);
    const confirmed = await tourAction(ctx.app, agent, id, 'confirm');
    expect(confirmed.json().actions).toEqual(['propose', 'cancel']);
    vi.setSystemTime(new Date(Date.parse(slots[0] as string) + 10 * 60_000));
    const late = await tourAction(ctx.app, buyer, id, 'cancel');
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(TOUR_MESSAGES.alreadyStarted);
    const done = await tourAction(ctx.app, agent, id, 'complete');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', actions: [], sequence: 2 });
  });

  it('accepting a proposal moves the tour to the proposed time; a second request is then refused', async () => {
    clockAt(MONDAY);
    const { agent, buyer, listingId, slots } = await tourScene(ctx.app);
    const id = await requestedTour(ctx.app, buyer, listingId, slots[0] as string);
    const proposed = await tourAction(ctx.app, agent, id, 'propose', { startsAt: slots[4] });
    expect(proposed.json()).toMatchObject({
      status: 'rescheduled',
      startsAt: slots[0],
      proposedStartsAt: slots[4],
    });
    const buyerView = await ctx.app.inject({
      method: 'GET',
      url: `/api/tours/${id}`,
      headers: buyer.bearer,
    });
    expect(buyerView.json().actions).toEqual(['accept', 'cancel']);
    const accepted = await tourAction(ctx.app, buyer, id, 'accept');
    expect(accepted.json()).toMatchObject({ status: 'confirmed', startsAt: slots[4] });
    expect(accepted.json()).not.toHaveProperty('proposedStartsAt');
    // The original slot is free again; the proposed one is held.
    const offered = (await tourSlots(ctx.app, buyer, listingId))
      .json()
      .slots.map((s: { startsAt: string }) => s.startsAt);
    expect(offered).toContain(slots[0]);
    expect(offered).not.toContain(slots[4]);
  });
});

describe('lists and one tour', () => {
  it('gives a buyer theirs and an agent those of their listings, soonest first; others see nothing', async () => {
    clockAt(MONDAY);
    const { agent, buyer, listingId, slots } = await tourScene(ctx.app);
    const second = await createAccount(ctx.app);
    const later = await requestedTour(ctx.app, buyer, listingId, slots[6] as string);
    const sooner = await requestedTour(ctx.app, second, listingId, slots[1] as string);
    await tourAction(ctx.app, second, sooner, 'cancel');
    const third = await createAccount(ctx.app);
    const first = await requestedTour(ctx.app, third, listingId, slots[0] as string);
    const list = (who: TestAccount, scope = 'upcoming') =>
      ctx.app.inject({ method: 'GET', url: `/api/tours?scope=${scope}`, headers: who.bearer });
    const agents = (await list(agent)).json();
    expect(agents.side).toBe('agent');
    expect(agents.items.map((t: { id: string }) => t.id)).toEqual([first, later]);
    expect(agents.items[0].buyer.email).toBeDefined();
    expect((await list(agent, 'past')).json().items.map((t: { id: string }) => t.id)).toEqual([
      sooner,
    ]);
    const buyers = (await list(buyer)).json();
    expect(buyers).toMatchObject({ side: 'buyer', total: 1 });
    expect(buyers.items[0].buyer).not.toHaveProperty('email');
    const one = (who: TestAccount) =>
      ctx.app.inject({ method: 'GET', url: `/api/tours/${later}`, headers: who.bearer });
    expect((await one(buyer)).statusCode).toBe(200);
    expect((await one(agent)).json().actions).toEqual(['confirm', 'propose', 'decline', 'cancel']);
    expect((await one(await createAccount(ctx.app, 'admin'))).json().actions).toEqual([]);
    expect((await one(third)).statusCode).toBe(404);
    expect((await one(await createAccount(ctx.app, 'agent'))).statusCode).toBe(404);
  });
});
