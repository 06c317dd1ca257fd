import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { accept, offer, openCheckout, payDemo } from '../../../test/helpers/offers.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { queryRows } from '../../db/client.js';
import { messages, notifications, offers, payments } from '../../db/schema.js';

/*
 * A change and the notices it calls for are kept together: a change that commits has queued
 * them, so no crash between the two can leave a buyer or an agent untold, and a change whose
 * notices cannot be queued is not kept (the person is asked to try again, and nothing is
 * half-done). The job queue is refused its notices here by a trigger in the database itself.
 */

const ctx = useTestApp();

async function refuseNotices() {
  await ctx.app.db.execute(sql`
    CREATE OR REPLACE FUNCTION refuse_notices() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.name = 'notify' THEN RAISE EXCEPTION 'the notices queue refuses this job'; END IF;
      RETURN NEW;
    END $$`);
  await ctx.app.db.execute(sql`
    CREATE TRIGGER refuse_notices BEFORE INSERT ON pgboss.job
    FOR EACH ROW EXECUTE FUNCTION refuse_notices()`);
}

const acceptNotices = () =>
  ctx.app.db.execute(sql`DROP TRIGGER IF EXISTS refuse_notices ON pgboss.job`);

afterEach(acceptNotices);

/** The notices queued under a key and not yet run: what a crash right after the answer would find. */
async function queuedNotices(key: string) {
  return queryRows<{ key: string }>(
    ctx.app.db,
    sql`SELECT data->>'key' AS key FROM pgboss.job
        WHERE name = 'notify' AND data->>'key' = ${key} AND state = 'created'`,
  );
}

async function marketplace() {
  const agent = await createAccount(ctx.app, 'agent', { name: 'Agatha Agent' });
  const buyer = await createAccount(ctx.app, 'user', { name: 'Bea Buyer' });
  const propertyId = await createListing(ctx.app, agent, { title: 'Lake house' });
  return { agent, buyer, propertyId };
}

describe('notices are kept with the change they tell of', () => {
  it('an offer is kept only with its notice to the agent', async () => {
    const { agent, buyer, propertyId } = await marketplace();
    await refuseNotices();

    const refused = await offer(ctx.app, buyer, propertyId);
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toEqual({ error: expect.any(String), code: 'INTERNAL' });
    expect(refused.body).not.toContain('refuses this job');
    expect(await ctx.app.db.select().from(offers).where(eq(offers.propertyId, propertyId))).toEqual(
      [],
    );

    await acceptNotices();
    expect((await offer(ctx.app, buyer, propertyId)).statusCode).toBe(200);
    const [made] = await ctx.app.db.select().from(offers).where(eq(offers.propertyId, propertyId));
    // Queued by the time the buyer hears it was sent, before any job has run.
    expect(await queuedNotices(`offer_received:${made?.id}`)).toHaveLength(1);

    await ctx.app.jobs.drain();
    const told = await ctx.app.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, agent.id));
    expect(told).toEqual([{ title: 'New offer on Lake house' }]);
  });

  it('a card payment that cannot announce the sale leaves the checkout open to pay again', async () => {
    const { agent, buyer, propertyId } = await marketplace();
    expect((await offer(ctx.app, buyer, propertyId)).statusCode).toBe(200);
    expect((await accept(ctx.app, agent, propertyId, buyer.email)).statusCode).toBe(200);
    const { sessionId } = await openCheckout(ctx.app, buyer, propertyId);
    await refuseNotices();

    expect((await payDemo(ctx.app, buyer, sessionId)).statusCode).toBe(500);
    const [open] = await ctx.app.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.checkoutSessionId, sessionId));
    expect(open).toEqual({ status: 'open' });

    await acceptNotices();
    expect((await payDemo(ctx.app, buyer, sessionId)).statusCode).toBe(200);
    await ctx.app.jobs.drain();
    const kinds = await ctx.app.db
      .select({ userId: notifications.userId, kind: notifications.kind })
      .from(notifications)
      .where(sql`${notifications.kind} IN ('payment_confirmed', 'payment_received')`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        { userId: buyer.id, kind: 'payment_confirmed' },
        { userId: agent.id, kind: 'payment_received' },
      ]),
    );
    expect(kinds).toHaveLength(2);
  });

  it('a question to an agent is kept only with its notice', async () => {
    const { agent, buyer, propertyId } = await marketplace();
    await refuseNotices();
    const ask = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/properties/${propertyId}/messages`,
        headers: buyer.bearer,
        payload: { body: 'Is the garden south-facing?' },
      });

    expect((await ask()).statusCode).toBe(500);
    expect(await ctx.app.db.select().from(messages)).toEqual([]);

    await acceptNotices();
    expect((await ask()).statusCode).toBe(201);
    await ctx.app.jobs.drain();
    const told = await ctx.app.db
      .select({ kind: notifications.kind, body: notifications.body })
      .from(notifications)
      .where(eq(notifications.userId, agent.id));
    expect(told).toEqual([{ kind: 'message_received', body: 'Is the garden south-facing?' }]);
  });
});
