import { randomBytes } from 'node:crypto';
import { LISTING_UNDER_REVIEW } from '@keyhaven/shared';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import {
  offers,
  paymentEvents,
  payments,
  properties,
  sessions,
  users,
  wishlistItems,
} from '../../src/db/schema.js';
import { listingBody } from '../helpers/listings.js';
import { daysFromNow } from '../helpers/offers.js';
import {
  checkoutPaidEvent,
  deliverSignedWebhook,
  useStripeTestApp,
} from '../helpers/stripe-test-app.js';

/*
 * The rule money lives by, checked over random sequences of what every role can do: an offer is
 * accepted, a checkout opened and a payment turned into a sale only while the listing is approved
 * and its agent is not marked as fraud. Money that arrives anyway is recorded as due for refund,
 * never dropped; a home is sold at most once; buyers never read a title that was not approved.
 */

const RUNS = Number(process.env.MONEY_INVARIANT_RUNS ?? 2000);
/** How often the sequences reached each outcome: a property that never sells proves little. */
const reached = { accepted: 0, checkout: 0, sale: 0, refundDue: 0, heldCheckout: 0, replay: 0 };
const ctx = useStripeTestApp();

type Person = { id: string; email: string; headers: { authorization: string } };

/**
 * Accounts straight in the database with a session each, their addresses confirmed as a buyer's
 * must be to offer and pay: registering 2,000 times would be slow.
 */
async function person(role: 'user' | 'agent' | 'admin'): Promise<Person> {
  const id = randomBytes(12).toString('hex');
  const token = randomBytes(24).toString('hex');
  const email = `${role}-${id}@invariant.test`;
  await ctx.app.db
    .insert(users)
    .values({ id, name: `${role} ${id.slice(0, 6)}`, email, role, emailVerified: true });
  await ctx.app.db.insert(sessions).values({
    id: randomBytes(12).toString('hex'),
    token,
    userId: id,
    // As fresh as a sign-in makes it (a week), so no request of the run has to renew it.
    expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
  });
  return { id, email, headers: { authorization: `Bearer ${token}` } };
}

interface Run {
  agent: Person;
  admin: Person;
  buyers: [Person, Person];
  listings: string[];
  /** Every title an admin approved, per listing: the only titles buyers may read. */
  approvedTitles: Map<string, Set<string>>;
  /** Webhook events delivered, so they can be delivered again. */
  delivered: string[];
  edits: number;
}

type Action =
  | { kind: 'list' }
  | { kind: 'approve' | 'reject' | 'edit' | 'editAvailability'; listing: number }
  | { kind: 'markFraud' | 'restoreAgent' }
  | { kind: 'offer' | 'accept' | 'checkout' | 'withdraw'; listing: number; buyer: 0 | 1 }
  | { kind: 'pay' | 'payStale' | 'payAndVerify'; listing: number; buyer: 0 | 1 }
  | { kind: 'replay'; event: number }
  | { kind: 'release'; listing: number; asAdmin: boolean };

const listingIndex = fc.nat({ max: 1 });
const buyerIndex = fc.constantFrom<0 | 1>(0, 1);
const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'list' as const }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('approve' as const, 'reject' as const, 'edit' as const),
      listing: listingIndex,
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('editAvailability' as const), listing: listingIndex }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('markFraud' as const, 'restoreAgent' as const),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'offer' as const,
        'accept' as const,
        'checkout' as const,
        'withdraw' as const,
        'pay' as const,
        'payStale' as const,
        'payAndVerify' as const,
      ),
      listing: listingIndex,
      buyer: buyerIndex,
    }),
    weight: 10,
  },
  { arbitrary: fc.record({ kind: fc.constant('replay' as const), event: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('release' as const),
      listing: listingIndex,
      asAdmin: fc.boolean(),
    }),
    weight: 1,
  },
);

async function trusted(listingId: string) {
  const [row] = await ctx.app.db
    .select({ approval: properties.approval, role: users.role })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.agentId))
    .where(eq(properties.id, listingId));
  return row?.approval === 'approved' && row.role !== 'fraud';
}

const paymentsOf = (listingId: string) =>
  ctx.app.db.select().from(payments).where(eq(payments.propertyId, listingId));

async function addListing(run: Run, approve: boolean) {
  const title = `Home ${run.listings.length + 1}`;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/properties',
    headers: run.agent.headers,
    payload: listingBody({ title, propertyType: 'Villa', features: ['Garden'] }),
  });
  if (created.statusCode !== 200) return;
  const id: string = created.json().insertedId;
  run.listings.push(id);
  run.approvedTitles.set(id, new Set());
  if (approve) await decide(run, id, true);
}

async function decide(run: Run, id: string, approve: boolean) {
  const [before] = await ctx.app.db.select().from(properties).where(eq(properties.id, id));
  const response = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/properties/admin-approval/${id}/${approve}`,
    headers: run.admin.headers,
  });
  expect(response.statusCode).toBe(200);
  if (approve && before) run.approvedTitles.get(id)?.add(before.title);
}

async function payAtStripe(run: Run, sessionId: string, confirm: 'webhook' | 'verify') {
  const paymentIntent = `pi_${randomBytes(6).toString('hex')}`;
  ctx.stripeApi.markPaid(sessionId, paymentIntent);
  const trustedNow = await (async () => {
    const [payment] = await ctx.app.db
      .select()
      .from(payments)
      .where(eq(payments.checkoutSessionId, sessionId));
    if (!payment?.propertyId || !payment.offerId) return false;
    const [offer] = await ctx.app.db.select().from(offers).where(eq(offers.id, payment.offerId));
    return offer?.status === 'accepted' && (await trusted(payment.propertyId));
  })();
  const [before] = await ctx.app.db
    .select()
    .from(payments)
    .where(eq(payments.checkoutSessionId, sessionId));

  if (confirm === 'webhook') {
    const payload = checkoutPaidEvent(sessionId, {
      eventId: `evt_${randomBytes(6).toString('hex')}`,
      paymentIntent,
    });
    const response = await deliverSignedWebhook(ctx.app, payload);
    expect(response.statusCode).toBe(200);
    run.delivered.push(payload);
  } else {
    const buyerId = before?.buyerId;
    const buyer = run.buyers.find((b) => b.id === buyerId);
    if (!buyer) return;
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/payment/verify?session_id=${sessionId}`,
      headers: buyer.headers,
    });
    expect(response.statusCode).toBe(200);
    // verify only asks Stripe about a checkout we still hold open
    if (before?.status !== 'open') return;
  }

  const [after] = await ctx.app.db
    .select()
    .from(payments)
    .where(eq(payments.checkoutSessionId, sessionId));
  if (before?.status === 'paid' || before?.status === 'refund_due') {
    expect(after?.status).toBe(before.status);
    return;
  }
  // Money that arrived is recorded, as a sale only while the listing and its agent are trusted.
  expect(['paid', 'refund_due']).toContain(after?.status);
  expect(after?.transactionId).toBe(paymentIntent);
  if (after?.status === 'paid') {
    expect(trustedNow).toBe(true);
    reached.sale += 1;
  }
  if (after?.status === 'refund_due') reached.refundDue += 1;
  if (!trustedNow) expect(after?.status).toBe('refund_due');
}

async function perform(run: Run, step: Action) {
  if (step.kind === 'list') return addListing(run, false);
  if (step.kind === 'markFraud' || step.kind === 'restoreAgent') {
    const role = step.kind === 'markFraud' ? 'fraud' : 'agent';
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/user-role-update/${run.agent.id}/${role}`,
      headers: run.admin.headers,
    });
    expect([200, 409]).toContain(response.statusCode);
    return;
  }
  if (step.kind === 'replay') {
    if (run.delivered.length === 0) return;
    const payload = run.delivered[step.event % run.delivered.length] as string;
    const before = await ctx.app.db.select().from(payments);
    expect((await deliverSignedWebhook(ctx.app, payload)).statusCode).toBe(200);
    reached.replay += 1;
    // A redelivered event changes nothing.
    const after = await ctx.app.db.select().from(payments);
    expect(after.map((p) => [p.id, p.status]).sort()).toEqual(
      before.map((p) => [p.id, p.status]).sort(),
    );
    return;
  }

  if (!('listing' in step)) return;
  const id = run.listings[step.listing % run.listings.length] as string;
  const trustedBefore = ['offer', 'accept', 'checkout'].includes(step.kind) && (await trusted(id));

  switch (step.kind) {
    case 'approve':
    case 'reject':
      return decide(run, id, step.kind === 'approve');
    case 'edit':
    case 'editAvailability': {
      const [before] = await ctx.app.db.select().from(properties).where(eq(properties.id, id));
      if (!before) return;
      run.edits += 1;
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/properties/${id}`,
        headers: run.agent.headers,
        payload: listingBody({
          title: step.kind === 'edit' ? `Edited ${run.edits}` : before.title,
          propertyType: 'Villa',
          features: ['Garden'],
          availability: before.availability,
        }),
      });
      const [after] = await ctx.app.db.select().from(properties).where(eq(properties.id, id));
      if (response.statusCode === 200 && step.kind === 'edit' && before.approval !== 'pending') {
        expect(after?.approval).toBe('pending');
      }
      if (step.kind === 'editAvailability') expect(after?.approval).toBe(before.approval);
      return;
    }
    case 'release': {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/properties/release-offer/${id}`,
        headers: step.asAdmin ? run.admin.headers : run.agent.headers,
      });
      expect([200, 403, 409]).toContain(response.statusCode);
      return;
    }
  }

  if (!('buyer' in step)) return;
  const buyer = run.buyers[step.buyer];
  switch (step.kind) {
    case 'offer': {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/make-offer/${id}`,
        headers: buyer.headers,
        payload: { offerAmount: 260_000, selectedDate: daysFromNow(30) },
      });
      if (response.statusCode === 200) expect(trustedBefore).toBe(true);
      return;
    }
    case 'accept': {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/properties/accept-request/${id}?email=${encodeURIComponent(buyer.email)}`,
        headers: run.agent.headers,
      });
      if (response.statusCode === 200) {
        expect(trustedBefore).toBe(true);
        reached.accepted += 1;
      }
      return;
    }
    case 'checkout': {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/payment/create-checkout-session',
        headers: buyer.headers,
        payload: { offer: { _id: id } },
      });
      expect([200, 403, 404, 409]).toContain(response.statusCode);
      if (response.statusCode === 200) {
        expect(trustedBefore).toBe(true);
        reached.checkout += 1;
      }
      if (response.statusCode === 409 && !trustedBefore) reached.heldCheckout += 1;
      return;
    }
    case 'withdraw': {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/requested-properties/${id}/remove`,
        headers: buyer.headers,
        payload: {},
      });
      expect([200, 403, 404, 409]).toContain(response.statusCode);
      return;
    }
    case 'pay':
    case 'payAndVerify':
    case 'payStale': {
      const mine = (await paymentsOf(id)).filter(
        (p) =>
          p.buyerId === buyer.id &&
          (step.kind === 'payStale' ? p.status === 'expired' : p.status === 'open'),
      );
      const session = mine[0];
      if (!session || ctx.stripeApi.sessions.get(session.checkoutSessionId)?.status !== 'open') {
        return;
      }
      return payAtStripe(
        run,
        session.checkoutSessionId,
        step.kind === 'payAndVerify' ? 'verify' : 'webhook',
      );
    }
  }
}

/**
 * What must hold after every step, whatever happened before, read in one statement: a home is
 * sold at most once and is Sold exactly when it was paid for; it holds at most one
 * accepted-or-paid offer, and is Pending while that offer waits for payment; an offer has at
 * most one open checkout; a buyer's deadline stands still exactly while the listing waits for
 * review.
 */
async function checkMarket() {
  const [market] = await queryRows<{
    listings: Array<{ availability: string; paid: number; sold: number; reserved: number }>;
    doubleOpen: number;
    misPaused: number;
  }>(
    ctx.app.db,
    sql`select
          (select coalesce(json_agg(l), '[]') from (
            select p.availability,
              (select count(*) from payments x where x.property_id = p.id and x.status = 'paid')::int as paid,
              (select count(*) from offers o where o.property_id = p.id and o.status = 'paid')::int as sold,
              (select count(*) from offers o where o.property_id = p.id and o.status = 'accepted')::int as reserved
            from properties p) l) as listings,
          (select count(*)::int from (select offer_id from payments where status = 'open'
            group by offer_id having count(*) > 1) d) as "doubleOpen",
          (select count(*)::int from offers o join properties p on p.id = o.property_id
            where o.status = 'accepted'
              and (p.approval = 'approved') = (o.payment_paused_at is not null)) as "misPaused"`,
  );
  if (!market) throw new Error('The market check answered nothing');
  for (const row of market.listings) {
    expect(row.paid).toBeLessThanOrEqual(1);
    expect(row.sold).toBe(row.paid);
    expect(row.availability === 'Sold').toBe(row.paid === 1);
    expect(row.reserved + row.sold).toBeLessThanOrEqual(1);
    if (row.reserved === 1) expect(row.availability).toBe('Pending');
  }
  expect(market.doubleOpen).toBe(0);
  expect(market.misPaused).toBe(0);
}

/** Buyers read only titles an admin approved, or the placeholder. */
async function checkWhatBuyersRead(run: Run) {
  const allowed = new Set<string>([LISTING_UNDER_REVIEW.title]);
  for (const titles of run.approvedTitles.values()) for (const title of titles) allowed.add(title);
  for (const buyer of run.buyers) {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/user-requests/${buyer.id}`,
      headers: buyer.headers,
    });
    expect(response.statusCode).toBe(200);
    for (const item of response.json() as Array<{ title: string }>) {
      expect(allowed).toContain(item.title);
    }
  }
}

async function freshRun(): Promise<Run> {
  await ctx.app.db.delete(paymentEvents);
  await ctx.app.db.delete(payments);
  await ctx.app.db.delete(wishlistItems);
  await ctx.app.db.delete(offers);
  await ctx.app.db.delete(properties);
  const run: Run = {
    agent: await person('agent'),
    admin: await person('admin'),
    buyers: [await person('user'), await person('user')],
    listings: [],
    approvedTitles: new Map(),
    delivered: [],
    edits: 0,
  };
  await addListing(run, true);
  return run;
}

/**
 * A buyer's way to a sale (offer, acceptance, checkout, payment), with any other actions, of
 * every role, in between and after: the moments where trust can change under a sale in progress.
 */
const sequence: fc.Arbitrary<Action[]> = fc
  .record({
    buyer: buyerIndex,
    confirm: fc.constantFrom('pay' as const, 'payAndVerify' as const),
    gaps: fc.array(fc.array(action, { maxLength: 3 }), { minLength: 5, maxLength: 5 }),
  })
  .map(({ buyer, confirm, gaps }) => {
    const path: Action[] = [
      { kind: 'offer', listing: 0, buyer },
      { kind: 'accept', listing: 0, buyer },
      { kind: 'checkout', listing: 0, buyer },
      { kind: confirm, listing: 0, buyer },
    ];
    return gaps.flatMap((gap, index) => [...gap, ...(path[index] ? [path[index]] : [])]);
  });

describe('money moves only for approved listings of trusted agents', () => {
  it(`holds over ${RUNS} random sequences of listing, moderation, offers and payments`, async () => {
    await fc.assert(
      fc.asyncProperty(sequence, async (steps) => {
        const run = await freshRun();
        for (const step of steps) {
          await perform(run, step);
          await checkMarket();
        }
        await checkWhatBuyersRead(run);
      }),
      { numRuns: RUNS },
    );
    // Every kind of outcome the rule speaks of was reached, many times.
    const minimum = Math.max(1, Math.floor(RUNS / 100));
    for (const [outcome, times] of Object.entries(reached)) {
      expect(
        times,
        `${outcome} over ${RUNS} sequences: ${JSON.stringify(reached)}`,
      ).toBeGreaterThanOrEqual(minimum);
    }
  }, 1_800_000);
});
