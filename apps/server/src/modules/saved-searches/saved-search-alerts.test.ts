import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/helpers/smtp-server.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { emailDeliveries, failedJobs, notificationSettings, properties } from '../../db/schema.js';
import { DIGEST_QUEUE, MATCH_QUEUE } from './saved-search-alerts.js';

const PUBLIC_URL = 'https://homes.example.test';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => smtp?.close());
const ctx = useTestApp(() => ({ SMTP_URL: smtp.url, PUBLIC_URL }));
beforeEach(() => {
  smtp.messages.length = 0;
});

async function saveSearch(
  account: TestAccount,
  name: string,
  filters: Record<string, string>,
  alert: string,
) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/saved-searches',
    headers: account.bearer,
    payload: { name, filters, alert },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json()._id as string;
}

/** Runs the match an approval queues; `round` names a separate job for the same listing. */
async function matchApproved(propertyId: string, round = 1) {
  await ctx.app.jobs.send(
    MATCH_QUEUE,
    { propertyId },
    { key: `test-match:${propertyId}:${round}` },
  );
  await ctx.app.jobs.drain();
}

async function runDigest(round = 1) {
  await ctx.app.jobs.send(DIGEST_QUEUE, {}, { key: `test-digest:${round}` });
  await ctx.app.jobs.drain();
}

/** The search e-mails handed to SMTP, by idempotency key. */
const searchMails = () =>
  ctx.app.db
    .select({
      key: emailDeliveries.key,
      to: emailDeliveries.toAddress,
      status: emailDeliveries.status,
    })
    .from(emailDeliveries)
    .where(like(emailDeliveries.key, 'search-%'));

async function notificationsOf(account: TestAccount) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/notifications',
    headers: account.bearer,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as { kind: string; title: string; link: string }[];
}

async function setSearchAlerts(account: TestAccount, searchAlerts: 'instant' | 'daily' | 'off') {
  await ctx.app.db
    .insert(notificationSettings)
    .values({ userId: account.id, searchAlerts })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { searchAlerts } });
}

describe('saved-search alerts', () => {
  it('tells the owner in the app and e-mails a match once, however often the match runs', async () => {
    const buyer = await createAccount(ctx.app, 'user');
    const agent = await createAccount(ctx.app, 'agent');
    const searchId = await saveSearch(buyer, 'Austin homes', { location: 'Austin' }, 'instant');
    await saveSearch(agent, 'My own', { location: 'Austin' }, 'instant');
    const house = await createListing(ctx.app, agent, { title: 'Porch house' });

    await matchApproved(house, 1);
    await matchApproved(house, 2);
    await smtp.waitFor(1);

    expect(await searchMails()).toEqual([
      { key: `search-alert:${searchId}:${house}`, to: buyer.email, status: 'sent' },
    ]);
    // The owner's name for the search is in the body: the subject line is in our words.
    const alerts = smtp.messages.filter((mail) => mail.text?.includes('“Austin homes”'));
    expect(alerts[0]?.subject).toBe('A new home for your saved search');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain('Porch house');
    expect(alerts[0]?.text).toContain(`${PUBLIC_URL}/all-properties?location=Austin`);
    const unsubscribe = alerts[0]?.headerLines.find((header) => header.key === 'list-unsubscribe');
    // The header line is folded across lines as sent; unfolded, it holds the signed link.
    expect(unsubscribe?.line.replace(/\s+/g, '')).toMatch(
      /<https:\/\/homes\.example\.test\/[^>]*unsubscribe[^>]*token=/,
    );

    const notices = await notificationsOf(buyer);
    expect(notices).toEqual([
      expect.objectContaining({
        kind: 'search_match',
        title: 'A new home matches “Austin homes”',
        link: '/all-properties?location=Austin',
      }),
    ]);
    // The listing's own agent is never told of a match with their listing.
    expect(await notificationsOf(agent)).toEqual([]);
    expect(await ctx.app.db.select().from(failedJobs)).toEqual([]);
  });

  it('gathers daily matches into one digest per person, leaving out homes no longer shown', async () => {
    const buyer = await createAccount(ctx.app, 'user');
    const other = await createAccount(ctx.app, 'user');
    const agent = await createAccount(ctx.app, 'agent');
    await saveSearch(buyer, 'Austin daily', { location: 'Austin' }, 'daily');
    await saveSearch(buyer, 'Houses daily', { types: 'House' }, 'daily');
    // Instant by the search, daily by the person's settings: the digest.
    await saveSearch(other, 'Austin for Oscar', { location: 'Austin' }, 'instant');
    await setSearchAlerts(other, 'daily');
    const first = await createListing(ctx.app, agent, { title: 'First house' });
    const second = await createListing(ctx.app, agent, { title: 'Second house' });
    const withdrawn = await createListing(ctx.app, agent, { title: 'Withdrawn house' });
    for (const id of [first, second, withdrawn]) await matchApproved(id);
    await ctx.app.db
      .update(properties)
      .set({ approval: 'rejected' })
      .where(eq(properties.id, withdrawn));
    expect(await searchMails()).toEqual([]);

    await runDigest(1);
    await smtp.waitFor(2);

    const day = new Date().toISOString().slice(0, 10);
    expect((await searchMails()).map((mail) => mail.key).sort()).toEqual(
      [`search-digest:${buyer.id}:${day}`, `search-digest:${other.id}:${day}`].sort(),
    );
    const digestTo = (account: TestAccount) =>
      smtp.messages.filter(
        (mail) =>
          mail.subject?.includes('saved searches') &&
          mail.to &&
          JSON.stringify(mail.to).includes(account.email),
      );
    const [buyerDigest] = digestTo(buyer);
    expect(digestTo(buyer)).toHaveLength(1);
    // Each search's name heads its homes (in capitals in the text part).
    expect(buyerDigest?.text).toMatch(/Austin daily/i);
    expect(buyerDigest?.text).toMatch(/Houses daily/i);
    expect(buyerDigest?.text).toContain('First house');
    expect(buyerDigest?.text).toContain('Second house');
    expect(buyerDigest?.text).not.toContain('Withdrawn house');
    expect(digestTo(other)[0]?.text).toMatch(/Austin for Oscar/i);

    // Everything waiting was sent: the next digest has nothing to say.
    await runDigest(2);
    expect(await searchMails()).toHaveLength(2);
  });

  it('sends no e-mail when the search or the person’s settings say off, but still tells in the app', async () => {
    const quiet = await createAccount(ctx.app, 'user');
    const silenced = await createAccount(ctx.app, 'user');
    const agent = await createAccount(ctx.app, 'agent');
    await saveSearch(quiet, 'Quiet search', {}, 'off');
    await saveSearch(silenced, 'Loud search', {}, 'instant');
    await setSearchAlerts(silenced, 'off');
    const house = await createListing(ctx.app, agent, { title: 'Silent house' });

    await matchApproved(house);
    await runDigest();

    expect(await searchMails()).toEqual([]);
    expect(await notificationsOf(quiet)).toHaveLength(1);
    expect(await notificationsOf(silenced)).toHaveLength(1);
  });
});
