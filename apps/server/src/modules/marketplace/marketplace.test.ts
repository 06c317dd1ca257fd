import type { MarketplaceDashboard } from '@keyhaven/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { accept, offer, openCheckout, payDemo } from '../../../test/helpers/offers.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { auditLog, listingDecisionDays } from '../../db/schema.js';

const ctx = useTestApp();

const DAY_MS = 24 * 60 * 60 * 1000;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
/** An instant `days` ago, at noon UTC, so it falls on that day whatever the time now. */
const noonDaysAgo = (days: number) => `${daysAgo(days)}T12:00:00Z`;

async function setDate(table: string, column: string, id: string, at: string) {
  await ctx.app.db.execute(
    sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${at}::timestamptz where id = ${id}`,
  );
}

const dashboard = async (admin: TestAccount, period: number) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/dashboard?period=${period}`,
    headers: admin.bearer,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as MarketplaceDashboard;
};

const decide = (admin: TestAccount, id: string, approve: boolean) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/properties/admin-approval/${id}/${approve}`,
    headers: admin.bearer,
  });

/** Mondays (UTC) from the week of `from` to the week of `to`, as the dashboard counts weeks. */
function mondays(from: string, to: string) {
  const monday = (day: string) => {
    const date = new Date(`${day}T00:00:00Z`);
    return date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS;
  };
  const weeks: string[] = [];
  for (let at = monday(from); at <= monday(to); at += 7 * DAY_MS) {
    weeks.push(new Date(at).toISOString().slice(0, 10));
  }
  return weeks;
}

function months(from: string, to: string) {
  const list: string[] = [];
  const date = new Date(`${from.slice(0, 7)}-01T00:00:00Z`);
  while (date.toISOString().slice(0, 7) <= to.slice(0, 7)) {
    list.push(date.toISOString().slice(0, 7));
    date.setUTCMonth(date.getUTCMonth() + 1);
  }
  return list;
}

const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((n, row) => n + pick(row), 0);

/**
 * A small marketplace with a known history: who joined when, what the admins decided, which
 * listings wait, an offer made three weeks ago, and one sale paid today.
 */
async function marketplace() {
  const admin = await createAccount(ctx.app, 'admin');
  const agent = await createAccount(ctx.app, 'agent', { name: 'Avery Agent' });
  const buyer = await createAccount(ctx.app);
  const lateBuyer = await createAccount(ctx.app);
  const oldAgent = await createAccount(ctx.app, 'agent');
  await setDate('users', 'created_at', lateBuyer.id, noonDaysAgo(10));
  await setDate('users', 'created_at', oldAgent.id, noonDaysAgo(100));

  const austin = { location: 'Austin, Texas' };
  const approved = await createListing(ctx.app, agent, { ...austin, title: 'Approved' }, 'pending');
  const rejected = await createListing(
    ctx.app,
    agent,
    { location: 'Denver, Colorado', title: 'Rejected' },
    'pending',
  );
  const waiting = await createListing(ctx.app, agent, { ...austin, title: 'Waiting' }, 'pending');
  const longest = await createListing(ctx.app, agent, { ...austin, title: 'Longest' }, 'pending');
  // Five whole days and an hour ago: waiting five full days whatever the time of day now.
  const longestWaitingSince = new Date(Date.now() - 5 * DAY_MS - 60 * 60 * 1000).toISOString();
  await setDate('properties', 'updated_at', longest, longestWaitingSince);
  // Listed two months ago: outside 30 days, inside 90.
  const older = await createListing(ctx.app, oldAgent, { location: 'Boston, Massachusetts' });
  await setDate('properties', 'created_at', older, noonDaysAgo(60));

  expect((await decide(admin, approved, true)).statusCode).toBe(200);
  expect((await decide(admin, rejected, false)).statusCode).toBe(200);
  // Earlier decisions, written as the approval route writes them (the log only grows).
  for (const days of [3, 40]) {
    await ctx.app.db.insert(auditLog).values({
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'property.approval_changed',
      targetType: 'property',
      targetId: older,
      details: { title: 'Older', from: 'pending', to: 'rejected' },
      before: { approval: 'pending' },
      after: { approval: 'rejected' },
      createdAt: new Date(noonDaysAgo(days)),
    });
    await ctx.app.db
      .insert(listingDecisionDays)
      .values({ day: noonDaysAgo(days).slice(0, 10), approved: 0, rejected: 1 });
  }

  // An offer three weeks ago on the older listing, and today's sale of the approved one.
  const early = await offer(ctx.app, lateBuyer, older);
  expect(early.statusCode).toBe(200);
  await ctx.app.db.execute(
    sql`update offers set created_at = ${noonDaysAgo(20)}::timestamptz where property_id = ${older}`,
  );
  expect((await offer(ctx.app, buyer, approved, { offerAmount: 262_500.5 })).statusCode).toBe(200);
  expect((await accept(ctx.app, agent, approved, buyer.email)).statusCode).toBe(200);
  const { sessionId } = await openCheckout(ctx.app, buyer, approved);
  expect((await payDemo(ctx.app, buyer, sessionId)).statusCode).toBe(200);

  return { admin, agent, buyer, longest, longestWaitingSince, waiting };
}

describe('marketplace dashboard', () => {
  it('counts what happened in the last 30 days, as counted by hand', async () => {
    const { admin, agent, longest, longestWaitingSince, waiting } = await marketplace();
    const d = await dashboard(admin, 30);

    expect(d.period).toBe(30);
    expect(d.to).toBe(today());
    expect(d.from).toBe(daysAgo(29));

    expect(d.pending.count).toBe(2);
    expect(d.pending.oldest.map((row) => row._id)).toEqual([longest, waiting]);
    expect(d.pending.oldest[0]).toMatchObject({
      title: 'Longest',
      location: 'Austin, Texas',
      agentName: 'Avery Agent',
      agentEmail: agent.email,
      ageDays: 5,
    });
    expect(d.pending.oldest[0]?.waitingSince).toBe(longestWaitingSince);

    // Every day of the period, oldest first, zeros included.
    expect(d.decisions).toHaveLength(30);
    expect(d.decisions[0]?.day).toBe(d.from);
    expect(d.decisions.at(-1)).toEqual({ day: today(), approved: 1, rejected: 1 });
    expect(d.decisions.find((row) => row.day === daysAgo(3))).toEqual({
      day: daysAgo(3),
      approved: 0,
      rejected: 1,
    });
    expect(sum(d.decisions, (row) => row.approved)).toBe(1);
    expect(sum(d.decisions, (row) => row.rejected)).toBe(2);

    expect(d.newUsers).toHaveLength(30);
    expect(d.newUsers.at(-1)).toEqual({ day: today(), user: 1, agent: 1, admin: 1, fraud: 0 });
    expect(d.newUsers.find((row) => row.day === daysAgo(10))).toMatchObject({ user: 1 });
    expect(sum(d.newUsers, (row) => row.user + row.agent + row.admin + row.fraud)).toBe(4);

    expect(d.offersByWeek.map((row) => row.week)).toEqual(mondays(d.from, d.to));
    expect(sum(d.offersByWeek, (row) => row.made)).toBe(2);
    expect(sum(d.offersByWeek, (row) => row.accepted)).toBe(1);
    expect(sum(d.offersByWeek, (row) => row.paid)).toBe(1);
    const weekOf = (day: string) => mondays(day, day)[0];
    expect(d.offersByWeek.find((row) => row.week === weekOf(daysAgo(20)))?.made).toBe(1);
    expect(d.offersByWeek.at(-1)).toMatchObject({ accepted: 1, paid: 1 });

    expect(d.salesByMonth.map((row) => row.month)).toEqual(months(d.from, d.to));
    expect(d.salesByMonth.at(-1)).toEqual({
      month: today().slice(0, 7),
      sales: 1,
      volume: 262_500.5,
    });
    expect(sum(d.salesByMonth, (row) => row.sales)).toBe(1);

    expect(d.topLocationsByListings).toEqual([
      { location: 'Austin, Texas', listings: 3 },
      { location: 'Denver, Colorado', listings: 1 },
    ]);
    expect(d.topLocationsBySales).toEqual([
      { location: 'Austin, Texas', sales: 1, volume: 262_500.5 },
    ]);
  });

  it('reaches further back over 90 and 365 days, one entry per day', async () => {
    const { admin } = await marketplace();
    const quarter = await dashboard(admin, 90);
    expect(quarter.from).toBe(daysAgo(89));
    expect(quarter.decisions).toHaveLength(90);
    expect(sum(quarter.decisions, (row) => row.rejected)).toBe(3);
    expect(quarter.topLocationsByListings).toContainEqual({
      location: 'Boston, Massachusetts',
      listings: 1,
    });
    expect(sum(quarter.newUsers, (row) => row.agent)).toBe(1);

    const year = await dashboard(admin, 365);
    expect(year.from).toBe(daysAgo(364));
    expect(year.decisions).toHaveLength(365);
    expect(year.newUsers).toHaveLength(365);
    expect(sum(year.newUsers, (row) => row.agent)).toBe(2);
    expect(year.offersByWeek.map((row) => row.week)).toEqual(mondays(year.from, year.to));
    expect(year.salesByMonth.map((row) => row.month)).toEqual(months(year.from, year.to));
  });

  it('is zero-filled on an empty marketplace, and defaults to 30 days', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: admin.bearer,
    });
    const d = response.json() as MarketplaceDashboard;
    expect(d.period).toBe(30);
    expect(d.pending).toEqual({ count: 0, oldest: [] });
    expect(d.decisions.every((row) => row.approved === 0 && row.rejected === 0)).toBe(true);
    expect(d.offersByWeek.every((row) => row.made + row.accepted + row.paid === 0)).toBe(true);
    expect(d.salesByMonth.every((row) => row.sales === 0 && row.volume === 0)).toBe(true);
    expect(d.topLocationsByListings).toEqual([]);
    expect(d.topLocationsBySales).toEqual([]);
  });

  it('refuses a period it does not offer, naming the field', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard?period=7',
      headers: admin.bearer,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('period');
  });
});
