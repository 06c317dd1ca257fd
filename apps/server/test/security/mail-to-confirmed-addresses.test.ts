import { describe, expect, it } from 'vitest';
import { savedSearches } from '../../src/db/schema.js';
import { DIGEST_QUEUE } from '../../src/modules/saved-searches/saved-search-alerts.js';
import { savedSearchRow } from '../../src/modules/saved-searches/saved-searches.service.js';
import { createAccount, nextAddress, type TestAccount } from '../helpers/accounts.js';
import { createListing } from '../helpers/listings.js';
import { messagesTo, useMailingTestApp } from '../helpers/smtp-server.js';

/*
 * The marketplace mails only addresses their owners confirmed, apart from the mail that asks
 * them to confirm; and what people type (search names, listing titles, their own names) never
 * becomes the subject line a stranger's inbox shows.
 */

const PUBLIC_URL = 'https://homes.example.test';
const BAIT = 'URGENT: verify your bank at bank.example';
const CONFIRMATION = 'Confirm your e-mail address for Keyhaven';

const { ctx, mail } = useMailingTestApp({ PUBLIC_URL });
const mailsTo = (account: TestAccount) => messagesTo(mail.smtp, account.email);

const as = (account: TestAccount, method: 'PATCH' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: account.bearer,
    ...(payload ? { payload } : {}),
    remoteAddress: nextAddress(),
  });

/** Saves searches straight in the database, as they stood before alerts needed a confirmed address. */
async function saveSearches(account: TestAccount, count: number, alert: 'instant' | 'daily') {
  await ctx.app.db
    .insert(savedSearches)
    .values(
      Array.from({ length: count }, () =>
        savedSearchRow(account.id, { name: BAIT, filters: { location: 'Austin' }, alert }),
      ),
    );
}

/** An admin approves a new Austin listing, and every job that follows runs. */
async function approveAustinListing(agent: TestAccount, admin: TestAccount, title = 'Austin home') {
  const listing = await createListing(ctx.app, agent, { title, location: 'Austin, TX' }, 'pending');
  const approved = await as(admin, 'PATCH', `/api/properties/admin-approval/${listing}/true`);
  expect(approved.statusCode, approved.body).toBe(200);
  await ctx.app.jobs.drain();
  return listing;
}

describe('mail', () => {
  it('sends an address nobody confirmed its confirmation and nothing else, however many searches match', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    const victim = await createAccount(ctx.app, 'user', { name: BAIT }, { verified: false });
    const buyer = await createAccount(ctx.app);
    await saveSearches(victim, 25, 'instant');
    await saveSearches(victim, 25, 'daily');
    await saveSearches(buyer, 1, 'instant');

    await approveAustinListing(agent, admin);
    await ctx.app.jobs.send(DIGEST_QUEUE, {}, { key: 'digest-of-the-test' });
    // A notice by e-mail too: an admin changes the account's role.
    expect((await as(admin, 'PATCH', `/api/user-role-update/${victim.id}/agent`)).statusCode).toBe(
      200,
    );
    await ctx.app.jobs.drain();

    // The same approval mailed the confirmed buyer: the alerts did go out.
    expect(mailsTo(buyer).filter((message) => message.subject !== CONFIRMATION)).toHaveLength(1);
    expect(mailsTo(victim).map((message) => message.subject)).toEqual([CONFIRMATION]);
    // Even the confirmation carries no word of whoever typed the address in.
    expect(mailsTo(victim)[0]?.text).not.toMatch(/URGENT|bank/i);
  });

  it('sends a reset link to an address nobody confirmed (how its owner claims it back), carrying nothing its registrant typed', async () => {
    const victim = await createAccount(ctx.app, 'user', { name: BAIT }, { verified: false });

    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: victim.email },
      remoteAddress: nextAddress(),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await ctx.app.jobs.drain();

    const reset = mailsTo(victim).filter((message) => message.subject !== CONFIRMATION);
    expect(reset.map((message) => message.subject)).toEqual(['Reset your Keyhaven password']);
    expect(reset[0]?.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(reset[0]?.text).not.toMatch(/URGENT|bank/i);
  });

  it('never puts what people typed into a subject line, only into the body', async () => {
    const agent = await createAccount(ctx.app, 'agent', { name: BAIT });
    const admin = await createAccount(ctx.app, 'admin');
    const buyer = await createAccount(ctx.app, 'user', { name: BAIT });
    const saved = await as(buyer, 'POST', '/api/saved-searches', {
      name: BAIT,
      filters: { location: 'Austin' },
      alert: 'instant',
    });
    expect(saved.statusCode, saved.body).toBe(201);

    const listing = await approveAustinListing(agent, admin, BAIT);
    const asked = await as(buyer, 'POST', `/api/properties/${listing}/messages`, { body: BAIT });
    expect(asked.statusCode, asked.body).toBe(201);
    const reviewed = await as(buyer, 'POST', '/api/reviews', {
      reviewFor: 'property',
      propertyId: listing,
      rating: 1,
      title: BAIT,
      text: BAIT,
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    await ctx.app.jobs.drain();

    const told = [...mailsTo(agent), ...mailsTo(buyer)].filter(
      (message) => message.subject !== CONFIRMATION,
    );
    // Approved, asked, reviewed (the agent); the alert (the buyer).
    expect(told.length).toBeGreaterThanOrEqual(4);
    for (const message of told) {
      expect(message.subject).not.toMatch(/URGENT|bank/i);
      expect(message.text?.toLowerCase()).toContain(BAIT.toLowerCase());
    }
  });
});
