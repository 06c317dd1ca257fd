import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  offers,
  payments,
  properties,
  reviews,
  users,
  wishlistItems,
} from '../../src/db/schema.js';
import { registrationBody } from '../helpers/accounts.js';
import { listingBody } from '../helpers/listings.js';
import { daysFromNow } from '../helpers/offers.js';
import { REPEATING_ACCOUNT_LIMITS, useTestApp } from '../helpers/test-app.js';
import { restore, type Snapshot, snapshot } from './support/db-state.js';
import { hostileValue, MASS_ASSIGNMENT_FIELDS } from './support/hostile.js';
import { assertMarketInvariants } from './support/invariants.js';
import { type Actor, buildWorld, callAs, type World } from './support/world.js';

/*
 * Mass assignment: every body that creates or changes something is sent with the fields that
 * decide ownership, role, approval, sale state and money (role, adminApproval, soldStatus,
 * creatorUID, amount, status, agentId, reviewerUID...), set to hostile values. What is stored
 * is what the caller may decide, and nothing else.
 */

const RUNS = Number(process.env.MASS_ASSIGNMENT_RUNS || 12);

const ctx = useTestApp({}, { accountLimits: REPEATING_ACCOUNT_LIMITS });
let world: World;
let state: Snapshot;

beforeAll(async () => {
  await ctx.database.reset();
  world = await buildWorld(ctx.app);
  state = await snapshot(ctx.app.db);
});

beforeEach(async () => {
  if (state) await restore(ctx.app.db, state);
});

/** The forbidden fields, each either absent or set to something an attacker would try. */
const forbiddenFields = (w: () => World) =>
  fc
    .subarray(MASS_ASSIGNMENT_FIELDS, { minLength: 1 })
    .chain((names) =>
      fc.tuple(
        ...names.map((name) =>
          fc
            .oneof(
              fc.constantFrom(
                'admin',
                'agent',
                'approved',
                'true',
                'Sold',
                'paid',
                'accepted',
                1,
                0,
                true,
                w().accounts.otherUser.id,
                w().accounts.otherAgent.id,
                w().accounts.admin.id,
                w().accounts.user.email,
                w().openListing,
              ),
              hostileValue(),
            )
            .map((value) => [name, value] as const),
        ),
      ),
    )
    .map((pairs) => Object.fromEntries(pairs));

interface Scenario {
  name: string;
  actor: Actor;
  send: (extra: Record<string, unknown>) => {
    method: 'POST' | 'PATCH';
    url: string;
    payload: unknown;
  };
  /** The Edit Property form lets an agent set availability by hand: the sale invariants relax for it. */
  listingEdits?: boolean;
  /** Checks what was stored; answers what went wrong. */
  verify: (status: number, body: string, extra: Record<string, unknown>) => Promise<string[]>;
}

const scenarios = (): Scenario[] => [
  {
    name: 'register',
    actor: 'anonymous',
    send: (extra) => ({
      method: 'POST',
      url: '/auth/register',
      payload: { ...registrationBody(), ...extra },
    }),
    verify: async (status, body) => {
      if (status !== 200) return [];
      const created = JSON.parse(body).user as { _id: string };
      const [stored] = await ctx.app.db.select().from(users).where(eq(users.id, created._id));
      const problems: string[] = [];
      if (stored?.role !== 'user') problems.push(`stored role ${stored?.role}`);
      if (stored?.emailVerified) problems.push('stored e-mail as verified');
      if (stored?.banned) problems.push('stored as banned');
      if (Object.values(world.accounts).some((a) => a.id === stored?.id))
        problems.push('took an existing id');
      return problems;
    },
  },
  {
    name: 'add a listing',
    actor: 'agent',
    send: (extra) => ({
      method: 'POST',
      url: '/api/properties',
      payload: { ...listingBody(), ...extra },
    }),
    verify: async (status, body) => {
      if (status !== 200) return [];
      const id = JSON.parse(body).insertedId as string;
      const [stored] = await ctx.app.db.select().from(properties).where(eq(properties.id, id));
      const problems: string[] = [];
      if (stored?.agentId !== world.accounts.agent.id)
        problems.push(`stored agent ${stored?.agentId}`);
      if (stored?.approval !== 'pending') problems.push(`stored approval ${stored?.approval}`);
      if (stored?.availability !== 'Available')
        problems.push(`stored availability ${stored?.availability}`);
      if (stored?.advertised) problems.push('stored as advertised');
      if (id === world.openListing) problems.push('reused an existing id');
      return problems;
    },
  },
  {
    name: 'edit a listing',
    listingEdits: true,
    actor: 'agent',
    send: (extra) => ({
      method: 'PATCH',
      url: `/api/properties/${world.openListing}`,
      payload: { ...listingBody({ propertyType: 'Villa', features: [] }), ...extra },
    }),
    verify: async () => {
      const [stored] = await ctx.app.db
        .select()
        .from(properties)
        .where(eq(properties.id, world.openListing));
      const problems: string[] = [];
      if (stored?.agentId !== world.accounts.agent.id)
        problems.push(`stored agent ${stored?.agentId}`);
      if (stored?.approval !== 'approved' && stored?.approval !== 'pending')
        problems.push(`stored approval ${stored?.approval}`);
      if (stored?.advertised) problems.push('stored as advertised');
      return problems;
    },
  },
  {
    name: 'make an offer',
    actor: 'otherUser',
    send: (extra) => ({
      method: 'PATCH',
      url: `/make-offer/${world.openListing}`,
      payload: { offerAmount: 255_000, selectedDate: daysFromNow(20), ...extra },
    }),
    verify: async (status) => {
      const mine = await ctx.app.db
        .select()
        .from(offers)
        .where(
          and(
            eq(offers.propertyId, world.openListing),
            eq(offers.buyerId, world.accounts.otherUser.id),
          ),
        );
      const problems: string[] = [];
      if (status === 200 && mine.length !== 1) problems.push(`stored ${mine.length} offers`);
      for (const offer of mine) {
        if (offer.status !== 'pending') problems.push(`stored status ${offer.status}`);
        if (offer.amountCents !== 25_500_000) problems.push(`stored amount ${offer.amountCents}`);
      }
      const userOffers = await ctx.app.db
        .select()
        .from(offers)
        .where(eq(offers.buyerId, world.accounts.user.id));
      if (userOffers.some((o) => o.status === 'pending' && o.amountCents !== 26_000_000)) {
        problems.push("changed the user's offer");
      }
      return problems;
    },
  },
  {
    name: 'review a listing',
    actor: 'otherUser',
    send: (extra) => ({
      method: 'POST',
      url: '/api/reviews',
      payload: {
        reviewFor: 'property',
        propertyId: world.openListing,
        rating: 2,
        text: 'Mine',
        ...extra,
      },
    }),
    verify: async (status, body) => {
      const problems: string[] = [];
      const [original] = await ctx.app.db
        .select()
        .from(reviews)
        .where(eq(reviews.id, world.reviewId));
      if (original?.reviewerId !== world.accounts.user.id || original.text !== 'Lovely garden') {
        problems.push("changed the user's review");
      }
      if (status === 200) {
        const id = JSON.parse(body).insertedId as string;
        const [stored] = await ctx.app.db.select().from(reviews).where(eq(reviews.id, id));
        if (stored?.reviewerId !== world.accounts.otherUser.id)
          problems.push(`stored reviewer ${stored?.reviewerId}`);
      }
      return problems;
    },
  },
  {
    name: 'save to the wishlist',
    actor: 'otherUser',
    send: (extra) => ({
      method: 'PATCH',
      url: `/properties/${world.soldListing}/wishlist`,
      payload: { wishlistStatus: 'true', ...extra, wishlistUser: { ...extra } },
    }),
    verify: async () => {
      const rows = await ctx.app.db
        .select()
        .from(wishlistItems)
        .where(eq(wishlistItems.propertyId, world.soldListing));
      return rows
        .filter((row) => row.userId !== world.accounts.otherUser.id)
        .map((row) => `saved for ${row.userId}`);
    },
  },
  {
    name: 'open a checkout',
    actor: 'user',
    send: (extra) => ({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      payload: {
        offer: {
          _id: world.reservedListing,
          property: { _id: world.reservedListing },
          offerDetails: { amount: 1 },
          ...extra,
        },
      },
    }),
    verify: async () => {
      const rows = await ctx.app.db
        .select()
        .from(payments)
        .where(eq(payments.propertyId, world.reservedListing));
      return rows
        .filter(
          (row) =>
            row.amountCents !== 26_000_000 ||
            row.status !== 'open' ||
            row.buyerId !== world.accounts.user.id,
        )
        .map((row) => `stored a ${row.status} payment of ${row.amountCents} for ${row.buyerId}`);
    },
  },
  {
    name: 'pay a checkout',
    actor: 'user',
    send: (extra) => ({
      method: 'POST',
      url: `/api/payment/demo/${world.openSessionId}/pay`,
      payload: {
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
        name: 'U',
        ...extra,
      },
    }),
    verify: async () => {
      const [row] = await ctx.app.db
        .select()
        .from(payments)
        .where(eq(payments.checkoutSessionId, world.openSessionId));
      const problems: string[] = [];
      if (row?.amountCents !== 26_000_000) problems.push(`paid ${row?.amountCents}`);
      if (row?.transactionId && !row.transactionId.startsWith('demo_txn_'))
        problems.push(`stored transaction ${row.transactionId}`);
      return problems;
    },
  },
  {
    name: 'reject an offer',
    actor: 'agent',
    send: (extra) => ({
      method: 'PATCH',
      url: `/api/properties/requestStatus/${world.openListing}?email=${encodeURIComponent(world.accounts.user.email)}`,
      payload: { requestStatus: 'normal', ...extra },
    }),
    verify: async () => {
      const rows = await ctx.app.db
        .select()
        .from(offers)
        .where(eq(offers.propertyId, world.openListing));
      return rows
        .filter((row) => row.status === 'accepted' || row.status === 'paid')
        .map((row) => `an offer became ${row.status}`);
    },
  },
  {
    name: 'change a role',
    actor: 'admin',
    send: (extra) => ({
      method: 'PATCH',
      url: `/api/user-role-update/${world.accounts.user.id}/agent`,
      payload: extra,
    }),
    verify: async (status) => {
      const [stored] = await ctx.app.db
        .select()
        .from(users)
        .where(eq(users.id, world.accounts.user.id));
      const [other] = await ctx.app.db
        .select()
        .from(users)
        .where(eq(users.id, world.accounts.otherUser.id));
      const problems: string[] = [];
      // The path decides the role; a refused body (e.g. a __proto__ key) changes nothing.
      const expected = status === 200 ? 'agent' : 'user';
      if (stored?.role !== expected) problems.push(`stored role ${stored?.role} after ${status}`);
      if (other?.role !== 'user') problems.push(`the other user became ${other?.role}`);
      return problems;
    },
  },
];

describe('mass assignment', () => {
  it.each(scenarios().map((s) => [s.name, s] as const))(
    '%s: the fields a caller may not set are never stored',
    async (_name, scenario) => {
      await fc.assert(
        fc.asyncProperty(
          forbiddenFields(() => world),
          async (extra) => {
            await restore(ctx.app.db, state);
            const request = scenario.send(extra);
            const response = await callAs(ctx.app, world, scenario.actor, {
              method: request.method,
              url: request.url,
              payload: JSON.stringify(request.payload),
              headers: { 'content-type': 'application/json' },
            });
            const problems = [
              ...(response.statusCode >= 500 ? [`answered ${response.statusCode}`] : []),
              ...(await scenario.verify(response.statusCode, response.body, extra)),
            ];
            try {
              await assertMarketInvariants(ctx.app.db, { listingEdits: scenario.listingEdits });
            } catch (error) {
              problems.push((error as Error).message);
            }
            if (problems.length > 0) {
              throw new Error(
                `${request.method} ${request.url} as ${scenario.actor} with ${JSON.stringify(extra).slice(0, 400)} -> ${response.statusCode}: ${problems.join('; ')}`,
              );
            }
          },
        ),
        { numRuns: scenario.name === 'register' ? Math.max(3, Math.floor(RUNS / 3)) : RUNS },
      );
    },
    120_000,
  );

  it('the plain cases: role, approval, sale state, owner and amount in bodies change nothing', async () => {
    const { agent, otherAgent, user } = world.accounts;
    const extra = {
      role: 'admin',
      adminApproval: 'true',
      approval: 'approved',
      soldStatus: 'true',
      creatorUID: otherAgent.id,
      agentId: otherAgent.id,
      advertised: true,
      amount: 1,
      status: 'paid',
      reviewerUID: agent.id,
    };
    const added = await callAs(ctx.app, world, 'agent', {
      method: 'POST',
      url: '/api/properties',
      payload: { ...listingBody(), ...extra },
    });
    expect(added.statusCode).toBe(200);
    const [listing] = await ctx.app.db
      .select()
      .from(properties)
      .where(eq(properties.id, added.json().insertedId));
    expect(listing).toMatchObject({
      agentId: agent.id,
      approval: 'pending',
      availability: 'Available',
      advertised: false,
    });

    const offered = await callAs(ctx.app, world, 'otherUser', {
      method: 'PATCH',
      url: `/make-offer/${world.openListing}`,
      payload: { offerAmount: 251_000, selectedDate: daysFromNow(9), ...extra, role: 'user' },
    });
    expect(offered.statusCode).toBe(200);
    const [offer] = await ctx.app.db
      .select()
      .from(offers)
      .where(eq(offers.buyerId, world.accounts.otherUser.id));
    expect(offer).toMatchObject({ status: 'pending', amountCents: 25_100_000 });

    const reviewed = await callAs(ctx.app, world, 'otherUser', {
      method: 'POST',
      url: '/api/reviews',
      payload: { rating: 1, text: 'x', ...extra, reviewerUID: user.id, reviewerId: user.id },
    });
    expect(reviewed.statusCode).toBe(200);
    const [review] = await ctx.app.db
      .select()
      .from(reviews)
      .where(eq(reviews.id, reviewed.json().insertedId));
    expect(review?.reviewerId).toBe(world.accounts.otherUser.id);
  });
});
