import { BUSINESS_LIMITS, REPORT_MESSAGES } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties, users } from '../../src/db/schema.js';
import { type AccountOptions, createAccount, type TestAccount } from '../helpers/accounts.js';
import { createListing } from '../helpers/listings.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();

/** Confirmed and a month old: an account whose report counts toward hiding a listing. */
const ESTABLISHED: AccountOptions = { verified: true, joinedDaysAgo: 30 };

const report = (who: TestAccount, propertyId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/properties/${propertyId}/reports`,
    headers: who.bearer,
    payload: { reason: 'suspected_fraud', note: 'Asks for a deposit by wire' },
  });

async function reported(who: TestAccount, propertyId: string) {
  const response = await report(who, propertyId);
  expect(response.statusCode, response.body).toBe(201);
}

const people = (count: number, role: 'user' | 'agent', options: AccountOptions) =>
  Promise.all(Array.from({ length: count }, () => createAccount(ctx.app, role, {}, options)));

const decide = (admin: TestAccount, propertyId: string, decision: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/reports/${propertyId}/decision`,
    headers: admin.bearer,
    payload: { decision },
  });

/** Whether buyers still find the listing in search and can open it. */
async function onTheMarket(propertyId: string) {
  const viewer = await createAccount(ctx.app);
  const search = await ctx.app.inject({ url: '/properties/search?limit=50' });
  const details = await ctx.app.inject({
    url: `/api/properties/${propertyId}`,
    headers: viewer.bearer,
  });
  const found = search.json().some((p: { _id: string }) => p._id === propertyId);
  expect(details.statusCode === 200).toBe(found);
  return found;
}

async function scene() {
  const agent = await createAccount(ctx.app, 'agent', {}, ESTABLISHED);
  const admin = await createAccount(ctx.app, 'admin', {}, ESTABLISHED);
  const listing = await createListing(ctx.app, agent, { title: 'Lake house' });
  return { agent, admin, listing };
}

async function openReportsOf(admin: TestAccount, propertyId: string) {
  const queue = await ctx.app.inject({ url: '/api/admin/reports', headers: admin.bearer });
  const item = queue
    .json()
    .items.find((entry: { property: { _id: string } }) => entry.property._id === propertyId);
  return item?.openReports ?? 0;
}

describe('reports that cannot take a listing off the market', () => {
  it('from three accounts whose e-mail is not confirmed', async () => {
    const { listing } = await scene();
    // Whether such accounts may report at all is another rule; their reports never hide.
    for (const reporter of await people(3, 'user', { verified: false, joinedDaysAgo: 30 })) {
      await report(reporter, listing);
    }
    expect(await onTheMarket(listing)).toBe(true);
  });

  it('from three confirmed accounts made today', async () => {
    const { admin, listing } = await scene();
    for (const reporter of await people(3, 'user', { verified: true })) {
      await reported(reporter, listing);
    }
    expect(await onTheMarket(listing)).toBe(true);
    expect(await openReportsOf(admin, listing)).toBe(3);
  });

  it('from three competing agents: the reports reach the admins, the listing stays', async () => {
    const { admin, listing } = await scene();
    for (const competitor of await people(3, 'agent', ESTABLISHED)) {
      await reported(competitor, listing);
    }
    expect(await onTheMarket(listing)).toBe(true);
    expect(await openReportsOf(admin, listing)).toBe(3);
  });

  it('from a reporter marked as fraud after reporting, who no longer counts', async () => {
    const { listing } = await scene();
    const [turned, ...honest] = await people(3, 'user', ESTABLISHED);
    await reported(turned as TestAccount, listing);
    await ctx.app.db
      .update(users)
      .set({ role: 'fraud' })
      .where(eq(users.id, (turned as TestAccount).id));
    for (const reporter of honest) await reported(reporter, listing);
    expect(await onTheMarket(listing)).toBe(true);
    // A third reporter in good standing is one too many.
    await reported(await createAccount(ctx.app, 'user', {}, ESTABLISHED), listing);
    expect(await onTheMarket(listing)).toBe(false);
  });

  it('from accounts whose reports of two other listings were dismissed', async () => {
    const { agent, admin, listing } = await scene();
    const trio = await people(3, 'user', ESTABLISHED);
    for (const title of ['First home', 'Second home']) {
      const other = await createListing(ctx.app, agent, { title });
      for (const reporter of trio) await reported(reporter, other);
      expect((await decide(admin, other, 'dismiss')).statusCode).toBe(200);
    }
    for (const reporter of trio) await reported(reporter, listing);
    expect(await onTheMarket(listing)).toBe(true);
    expect(BUSINESS_LIMITS.reporterDismissalsToDistrust).toBe(2);
  });
});

describe('reports that take a listing off the market', () => {
  it('from three confirmed buyers in good standing, once: after a dismissal only other people can hide it again', async () => {
    const { admin, listing } = await scene();
    const first = await people(3, 'user', ESTABLISHED);
    for (const reporter of first) await reported(reporter, listing);
    expect(await onTheMarket(listing)).toBe(false);
    expect((await decide(admin, listing, 'dismiss')).statusCode).toBe(200);
    expect(await onTheMarket(listing)).toBe(true);

    // The same three at once again: to the queue, and the listing stays.
    for (const reporter of first) await reported(reporter, listing);
    expect(await onTheMarket(listing)).toBe(true);
    expect(await openReportsOf(admin, listing)).toBe(3);
    const [row] = await ctx.app.db.select().from(properties).where(eq(properties.id, listing));
    expect(row).toMatchObject({ approval: 'approved', heldByReports: false });

    // Two new people beside them are still short of three who count.
    const second = await people(3, 'user', ESTABLISHED);
    await reported(second[0] as TestAccount, listing);
    await reported(second[1] as TestAccount, listing);
    expect(await onTheMarket(listing)).toBe(true);
    await reported(second[2] as TestAccount, listing);
    expect(await onTheMarket(listing)).toBe(false);
    expect((await report(second[0] as TestAccount, listing)).json().error).toBe(
      REPORT_MESSAGES.notFound,
    );
  });
});
