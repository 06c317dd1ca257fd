import { ACCOUNT_RECOVERY_MESSAGES } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingReports, messages, reviews, savedSearches, users } from '../../src/db/schema.js';
import { createAccount, nextAddress, type TestAccount } from '../helpers/accounts.js';
import { createListing } from '../helpers/listings.js';
import { useTestApp } from '../helpers/test-app.js';

/*
 * An account whose e-mail address nobody confirmed browses freely, but everything that speaks to
 * other people or brings mail needs the address confirmed: reviews, reports, messages and
 * saved-search alerts, as offers and payments already do.
 */

const ctx = useTestApp();

async function setup() {
  const agent = await createAccount(ctx.app, 'agent');
  const listing = await createListing(ctx.app, agent, { title: 'Quiet house' });
  const unconfirmed = await createAccount(ctx.app, 'user', {}, { verified: false });
  return { listing, unconfirmed };
}

const send = (
  account: TestAccount,
  method: 'POST' | 'PATCH',
  url: string,
  payload: Record<string, unknown>,
) =>
  ctx.app.inject({ method, url, headers: account.bearer, payload, remoteAddress: nextAddress() });

const confirm = (account: TestAccount) =>
  ctx.app.db.update(users).set({ emailVerified: true }).where(eq(users.id, account.id));

function expectRefused(response: { statusCode: number; json(): unknown }, message: string) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ error: message, code: 'EMAIL_NOT_VERIFIED' });
}

describe('an account whose address is not confirmed', () => {
  it('cannot review a listing or the website, and can once its address is confirmed', async () => {
    const { listing, unconfirmed } = await setup();
    const ofListing = {
      reviewFor: 'property',
      propertyId: listing,
      rating: 1,
      title: 'Awful',
      text: 'Do not buy here',
    };
    const ofWebsite = { reviewFor: 'website', rating: 1, title: 'Scam', text: 'Avoid this site' };

    for (const review of [ofListing, ofWebsite]) {
      const refused = await send(unconfirmed, 'POST', '/api/reviews', review);
      expectRefused(refused, ACCOUNT_RECOVERY_MESSAGES.verifyBeforeReview);
    }
    expect(await ctx.app.db.select().from(reviews)).toEqual([]);

    await confirm(unconfirmed);
    for (const review of [ofListing, ofWebsite]) {
      expect((await send(unconfirmed, 'POST', '/api/reviews', review)).statusCode).toBe(200);
    }
    expect(await ctx.app.db.select().from(reviews)).toHaveLength(2);
  });

  it('cannot report a listing, and can once its address is confirmed', async () => {
    const { listing, unconfirmed } = await setup();
    const report = { reason: 'wrong_information', note: 'The garden is a car park' };
    const url = `/api/properties/${listing}/reports`;

    expectRefused(
      await send(unconfirmed, 'POST', url, report),
      ACCOUNT_RECOVERY_MESSAGES.verifyBeforeReport,
    );
    expect(await ctx.app.db.select().from(listingReports)).toEqual([]);

    await confirm(unconfirmed);
    expect((await send(unconfirmed, 'POST', url, report)).statusCode).toBe(201);
    expect(await ctx.app.db.select().from(listingReports)).toHaveLength(1);
  });

  it("cannot message a listing's agent, and can once its address is confirmed", async () => {
    const { listing, unconfirmed } = await setup();
    const url = `/api/properties/${listing}/messages`;
    const question = { body: 'URGENT: verify your bank details at bank.example' };

    expectRefused(
      await send(unconfirmed, 'POST', url, question),
      ACCOUNT_RECOVERY_MESSAGES.verifyBeforeMessage,
    );
    expect(await ctx.app.db.select().from(messages)).toEqual([]);

    await confirm(unconfirmed);
    expect((await send(unconfirmed, 'POST', url, question)).statusCode).toBe(201);
  });

  it('saves a search without alerts, but cannot turn its alerts on until confirmed', async () => {
    const { unconfirmed } = await setup();
    const search = { name: 'Austin homes', filters: { location: 'Austin' } };

    for (const alert of [undefined, 'instant', 'daily']) {
      expectRefused(
        await send(unconfirmed, 'POST', '/api/saved-searches', { ...search, alert }),
        ACCOUNT_RECOVERY_MESSAGES.verifyBeforeAlerts,
      );
    }
    expect(await ctx.app.db.select().from(savedSearches)).toEqual([]);

    const quiet = await send(unconfirmed, 'POST', '/api/saved-searches', {
      ...search,
      alert: 'off',
    });
    expect(quiet.statusCode).toBe(201);
    const url = `/api/saved-searches/${quiet.json()._id}`;
    expect((await send(unconfirmed, 'PATCH', url, { name: 'Austin, quietly' })).statusCode).toBe(
      200,
    );
    expectRefused(
      await send(unconfirmed, 'PATCH', url, { alert: 'instant' }),
      ACCOUNT_RECOVERY_MESSAGES.verifyBeforeAlerts,
    );
    const [stored] = await ctx.app.db.select().from(savedSearches);
    expect(stored).toMatchObject({ name: 'Austin, quietly', alert: 'off' });

    await confirm(unconfirmed);
    expect((await send(unconfirmed, 'PATCH', url, { alert: 'instant' })).statusCode).toBe(200);
  });
});
