import { like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/helpers/smtp-server.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { queryRows } from '../../db/client.js';
import { emailDeliveries } from '../../db/schema.js';
import { MATCH_QUEUE } from './saved-search-alerts.js';

/*
 * A buyer who saved "Open house this weekend" hears of a home when it gets an open house that
 * weekend, not only when it is approved; a search that does not ask for open houses is not told
 * of an old listing again because it got one.
 */

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => smtp?.close());
const ctx = useTestApp(() => ({ SMTP_URL: smtp.url }));
afterEach(() => {
  vi.useRealTimers();
});

/** Only Date is faked: the app's timers run as they do. Wednesday 10 March 2027, noon UTC. */
const WEDNESDAY = '2027-03-10T12:00:00.000Z';
const NEW_YORK = { lat: 40.7128, lng: -74.006, location: 'New York, New York' };

async function saveSearch(buyer: TestAccount, name: string, filters: Record<string, string>) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/saved-searches',
    headers: buyer.bearer,
    payload: { name, filters, alert: 'instant' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json()._id as string;
}

async function addOpenHouse(agent: TestAccount, listingId: string, date: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/properties/${listingId}/open-houses`,
    headers: agent.bearer,
    payload: { date, start: '13:00', end: '15:00' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** The search alerts handed to SMTP, by key. */
const alertKeys = async () =>
  (
    await ctx.app.db
      .select({ key: emailDeliveries.key })
      .from(emailDeliveries)
      .where(like(emailDeliveries.key, 'search-alert:%'))
  )
    .map((row) => row.key)
    .sort();

/** The match jobs an open house queued and when they may run. */
const queuedOpenHouseMatches = () =>
  queryRows<{ startAfter: Date; propertyId: string }>(
    ctx.app.db,
    sql`SELECT start_after AS "startAfter", data->'data'->>'propertyId' AS "propertyId"
        FROM pgboss.job
        WHERE name = ${MATCH_QUEUE} AND data->>'key' LIKE 'saved-search-match:open-house:%'
          AND state = 'created'`,
  );

async function market() {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(WEDNESDAY) });
  const agent = await createAccount(ctx.app, 'agent');
  const buyer = await createAccount(ctx.app, 'user');
  const home = await createListing(ctx.app, agent, NEW_YORK);
  return { agent, buyer, home };
}

describe('an open house and saved searches', () => {
  it('tells a search for "Open house this weekend" once, and no search that does not ask', async () => {
    const { agent, buyer, home } = await market();
    const weekend = await saveSearch(buyer, 'Open this weekend', { openHouse: 'weekend' });
    // Saved after the home was approved: it was never matched, and an open house is no reason.
    await saveSearch(buyer, 'Anything in New York', { location: 'New York' });

    await addOpenHouse(agent, home, '2027-03-13');
    await ctx.app.jobs.drain();
    expect(await alertKeys()).toEqual([`search-alert:${weekend}:${home}`]);

    // A second open house the same weekend tells nobody again.
    await addOpenHouse(agent, home, '2027-03-14');
    await ctx.app.jobs.drain();
    expect(await alertKeys()).toEqual([`search-alert:${weekend}:${home}`]);
    expect(smtp.messages).toHaveLength(1);
  });

  it('waits for the Monday before a later weekend, and a weekday open house queues nothing', async () => {
    const { agent, buyer, home } = await market();
    const weekend = await saveSearch(buyer, 'Open this weekend', { openHouse: 'weekend' });

    await addOpenHouse(agent, home, '2027-03-17'); // a Wednesday
    await addOpenHouse(agent, home, '2027-03-20'); // the Saturday after next
    await ctx.app.jobs.drain();
    expect(await alertKeys()).toEqual([]);
    const queued = await queuedOpenHouseMatches();
    expect(queued.map((job) => [new Date(job.startAfter).toISOString(), job.propertyId])).toEqual([
      ['2027-03-15T00:00:00.000Z', home],
    ]);

    // That Monday, the weekend is this weekend: the match the job runs then alerts the search.
    vi.setSystemTime(new Date('2027-03-15T00:00:00.000Z'));
    await ctx.app.jobs.send(
      MATCH_QUEUE,
      { propertyId: home, openHouse: true },
      { key: 'test-open-house-monday' },
    );
    await ctx.app.jobs.drain();
    expect(await alertKeys()).toEqual([`search-alert:${weekend}:${home}`]);
  });
});
