import { ACCOUNT_RECOVERY_MESSAGES, AUTH_MESSAGES } from '@keyhaven/shared';
import { ENGAGEMENT_LIMITS } from '@keyhaven/shared/constants';
import { and, eq, like, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createAccount,
  nextAddress,
  registrationBody,
  type TestAccount,
} from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { accept, offer } from '../../../test/helpers/offers.js';
import { startTestSmtpServer } from '../../../test/helpers/smtp-server.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { queryRows } from '../../db/client.js';
import { users, verifications } from '../../db/schema.js';
import { RESET_MAILS_PER_ADDRESS } from './account-recovery.routes.js';

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});
const ctx = useTestApp(() => ({ SMTP_URL: smtp.url }));

beforeEach(() => {
  smtp.messages.length = 0;
});

const post = (url: string, payload?: Record<string, unknown>, headers = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextAddress() });
const forgot = (email: string) => post('/auth/forgot-password', { email });
const reset = (token: string, password: string) =>
  post('/auth/reset-password', { token, password });
const login = (email: string, password: string) => post('/auth/login', { email, password });
const sessionOf = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ method: 'GET', url: '/auth/session', headers })).json().user;

/** Runs every queued job (lookups, mails) and hands back what reached the SMTP server. */
async function delivered(): Promise<ParsedMail[]> {
  await ctx.app.jobs.drain();
  return smtp.messages;
}

const addressedTo = (mail: ParsedMail, email: string) =>
  [mail.to].flat().some((to) => to?.value.some((entry) => entry.address === email));

/** The mails one address received whose link opens `page`, and each link's token. */
async function linksTo(email: string, page: '/reset-password' | '/verify-email') {
  const pattern = new RegExp(
    `https?://[^\\s"'<>\\]\\[()]+${page}\\?token=[^\\s"'<>\\]\\[()&]+`,
    'g',
  );
  return (await delivered())
    .filter((mail) => addressedTo(mail, email))
    .flatMap((mail) => [...new Set(`${mail.text}\n${mail.html}`.match(pattern) ?? [])])
    .map((link) => new URL(link).searchParams.get('token') as string);
}

async function resetLinkFor(email: string) {
  const tokens = await linksTo(email, '/reset-password');
  expect(tokens).toHaveLength(1);
  return tokens[0] as string;
}

describe('POST /auth/forgot-password', () => {
  it('answers a known and an unknown address alike, and mails only the account', async () => {
    const account = await createAccount(ctx.app);
    const known = await forgot(account.email);
    const unknown = await forgot('nobody-here@example.test');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: ACCOUNT_RECOVERY_MESSAGES.forgotSent });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);

    const mails = await delivered();
    expect(mails.filter((mail) => addressedTo(mail, 'nobody-here@example.test'))).toEqual([]);
    const token = await resetLinkFor(account.email);
    expect(token.length).toBeGreaterThanOrEqual(24);
  });

  it('takes the address in any case, and refuses one that is not an address', async () => {
    const account = await createAccount(ctx.app);
    expect((await forgot(account.email.toUpperCase())).statusCode).toBe(200);
    await resetLinkFor(account.email);
    const invalid = await forgot('not-an-address');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields.email).toBe(AUTH_MESSAGES.invalidEmail);
  });

  it('mails one address a few links an hour at most, answering every request the same', async () => {
    const account = await createAccount(ctx.app);
    for (let request = 0; request <= RESET_MAILS_PER_ADDRESS; request++) {
      const response = await forgot(account.email);
      expect(response.json()).toEqual({ message: ACCOUNT_RECOVERY_MESSAGES.forgotSent });
    }
    expect(await linksTo(account.email, '/reset-password')).toHaveLength(RESET_MAILS_PER_ADDRESS);
  });

  it('refuses one address after ten requests in an hour', async () => {
    const from = nextAddress();
    const ask = (n: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/auth/forgot-password',
        payload: { email: `someone${n}@example.test` },
        remoteAddress: from,
      });
    for (let n = 0; n < 10; n++) expect((await ask(n)).statusCode).toBe(200);
    const eleventh = await ask(10);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().code).toBe('RATE_LIMITED');
  });
});

/**
 * Every table of the database (the job queue's included) whose rows hold `secret` anywhere: what
 * someone who reads the database, or a copy of it, would find.
 */
async function tablesHolding(secret: string) {
  const tables = await queryRows<{ name: string }>(
    ctx.app.db,
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname in ('public', 'pgboss')`,
  );
  const holding: string[] = [];
  for (const { name } of tables) {
    const [found] = await queryRows<{ count: number }>(
      ctx.app.db,
      sql`select count(*)::int as count from ${sql.raw(name)} as row
          where strpos(row::text, ${secret}) > 0`,
    );
    if (found?.count) holding.push(name);
  }
  return holding;
}

describe('links at rest', () => {
  it('keeps no reset link in the database, jobs included, and the mailed one still works', async () => {
    const account = await createAccount(ctx.app);
    await forgot(account.email);
    const token = await resetLinkFor(account.email);
    expect(await tablesHolding(token)).toEqual([]);
    expect((await reset(token, 'Brand9New')).statusCode).toBe(200);
    expect((await login(account.email, 'Brand9New')).statusCode).toBe(200);
  });

  it('keeps no confirmation link in the database, jobs included, and the mailed one still works', async () => {
    const body = registrationBody();
    const registered = await post('/auth/register', body);
    expect(registered.statusCode).toBe(200);
    const [token] = await linksTo(body.email, '/verify-email');
    expect(token).toBeTruthy();
    expect(await tablesHolding(token as string)).toEqual([]);
    expect((await post('/auth/verify-email', { token })).statusCode).toBe(200);
    const [stored] = await ctx.app.db.select().from(users).where(eq(users.email, body.email));
    expect(stored?.emailVerified).toBe(true);
  });
});

describe('POST /auth/reset-password', () => {
  it('sets the new password once, signs out every session and mails a notice', async () => {
    const account = await createAccount(ctx.app);
    const elsewhere = await login(account.email, account.password);
    const otherSession = { authorization: `Bearer ${elsewhere.json().token}` };
    expect((await sessionOf(account.bearer))?.email).toBe(account.email);
    await forgot(account.email);
    const token = await resetLinkFor(account.email);

    const done = await reset(token, 'Brand9New');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: ACCOUNT_RECOVERY_MESSAGES.resetDone });

    expect(await sessionOf(account.bearer)).toBeNull();
    expect(await sessionOf(otherSession)).toBeNull();
    expect((await login(account.email, account.password)).statusCode).toBe(401);
    expect((await login(account.email, 'Brand9New')).statusCode).toBe(200);

    const again = await reset(token, 'Another9New');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: ACCOUNT_RECOVERY_MESSAGES.resetInvalid,
      code: 'VALIDATION_FAILED',
    });
    expect((await login(account.email, 'Another9New')).statusCode).toBe(401);

    const notices = (await delivered()).filter(
      (mail) => addressedTo(mail, account.email) && String(mail.text).includes('/forgot-password'),
    );
    expect(notices).toHaveLength(1);
    expect(String(notices[0]?.text)).not.toContain(token);
  });

  it('refuses a link past its 30 minutes', async () => {
    const account = await createAccount(ctx.app);
    await forgot(account.email);
    const token = await resetLinkFor(account.email);
    const [stored] = await ctx.app.db
      .select()
      .from(verifications)
      .where(
        and(
          eq(verifications.value, account.id),
          like(verifications.identifier, 'reset-password:%'),
        ),
      );
    // The link was made to last exactly the product's 30 minutes.
    const lifetimeMs = Number(stored?.expiresAt) - Number(stored?.createdAt);
    expect(Math.round(lifetimeMs / 60_000)).toBe(ENGAGEMENT_LIMITS.passwordResetMinutes);
    // Only a digest of the token is stored, so the database alone opens no account.
    expect(stored?.identifier).not.toContain(token);

    await ctx.app.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, account.id));
    const late = await reset(token, 'Brand9New');
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe(ACCOUNT_RECOVERY_MESSAGES.resetInvalid);
    expect((await login(account.email, account.password)).statusCode).toBe(200);
  });

  it('makes every older link useless once the password has changed', async () => {
    const account = await createAccount(ctx.app);
    await forgot(account.email);
    await forgot(account.email);
    const [older, newer] = await linksTo(account.email, '/reset-password');
    expect(older && newer && older !== newer).toBe(true);
    expect((await reset(newer as string, 'Brand9New')).statusCode).toBe(200);
    const stale = await reset(older as string, 'Stale9Pass');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toBe(ACCOUNT_RECOVERY_MESSAGES.resetInvalid);
    expect((await login(account.email, 'Brand9New')).statusCode).toBe(200);
  });

  it('holds the new password to the registration rules and refuses made-up tokens', async () => {
    const account = await createAccount(ctx.app);
    await forgot(account.email);
    const token = await resetLinkFor(account.email);
    const weak = await reset(token, 'alllowercase1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toBe(AUTH_MESSAGES.passwordTooWeak);
    const short = await reset(token, 'Ab1');
    expect(short.json().fields.password).toBe(AUTH_MESSAGES.passwordTooShort);
    // The refused attempts did not spend the link.
    expect((await reset(token, 'Brand9New')).statusCode).toBe(200);

    for (const forged of ['x', 'a'.repeat(24), `${token}x`]) {
      const response = await reset(forged, 'Brand9New');
      expect(response.statusCode, forged).toBe(400);
      expect(response.json().error).toBe(ACCOUNT_RECOVERY_MESSAGES.resetInvalid);
    }
  });

  it('confirms the address of the account it opens: the link came through its mailbox', async () => {
    const account = await createAccount(ctx.app, 'user', {}, { verified: false });
    await forgot(account.email);
    expect((await reset(await resetLinkFor(account.email), 'Brand9New')).statusCode).toBe(200);
    const [stored] = await ctx.app.db.select().from(users).where(eq(users.id, account.id));
    expect(stored?.emailVerified).toBe(true);
  });
});

describe('e-mail confirmation', () => {
  async function register() {
    const body = registrationBody();
    const response = await post('/auth/register', body);
    expect(response.statusCode).toBe(200);
    const { user, token } = response.json();
    expect(user.emailVerified).toBe(false);
    return {
      id: user._id,
      email: body.email,
      password: body.password,
      token,
      cookie: '',
      bearer: { authorization: `Bearer ${token}` },
    } satisfies TestAccount;
  }
  const confirm = (token: string) => post('/auth/verify-email', { token });
  const resend = (account: TestAccount) =>
    post('/auth/verify-email/resend', undefined, account.bearer);

  it('mails a new account a link that confirms it, after which it may offer', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const propertyId = await createListing(ctx.app, agent);
    const buyer = await register();

    const refused = await offer(ctx.app, buyer, propertyId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: ACCOUNT_RECOVERY_MESSAGES.verifyBeforeOffer,
      code: 'EMAIL_NOT_VERIFIED',
    });
    // Refused, not signed out, and still free to browse.
    expect((await sessionOf(buyer.bearer))?.email).toBe(buyer.email);
    const listing = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/${propertyId}`,
      headers: buyer.bearer,
    });
    expect(listing.statusCode).toBe(200);

    const [token] = await linksTo(buyer.email, '/verify-email');
    const confirmed = await confirm(token as string);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: ACCOUNT_RECOVERY_MESSAGES.verified });
    expect((await sessionOf(buyer.bearer))?.emailVerified).toBe(true);
    expect((await offer(ctx.app, buyer, propertyId)).statusCode).toBe(200);
    // A second click on the link changes nothing and says so kindly.
    expect((await confirm(token as string)).json()).toEqual({
      message: ACCOUNT_RECOVERY_MESSAGES.verified,
    });
  });

  it('refuses checkout to a buyer whose address is not confirmed, and opens it once it is', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const propertyId = await createListing(ctx.app, agent);
    const buyer = await createAccount(ctx.app);
    expect((await offer(ctx.app, buyer, propertyId)).statusCode).toBe(200);
    expect((await accept(ctx.app, agent, propertyId)).statusCode).toBe(200);
    const setVerified = (emailVerified: boolean) =>
      ctx.app.db.update(users).set({ emailVerified }).where(eq(users.id, buyer.id));
    const checkout = () =>
      post(
        '/api/payment/create-checkout-session',
        { offer: { _id: propertyId, property: { _id: propertyId }, offerDetails: { amount: 1 } } },
        buyer.bearer,
      );

    await setVerified(false);
    const refused = await checkout();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: ACCOUNT_RECOVERY_MESSAGES.verifyBeforePayment,
      code: 'EMAIL_NOT_VERIFIED',
    });
    await setVerified(true);
    expect((await checkout()).statusCode).toBe(200);
  });

  it('refuses a link that is made up, altered or from another site', async () => {
    const buyer = await register();
    const [token] = await linksTo(buyer.email, '/verify-email');
    for (const forged of ['x', `${token}x`, `${token?.slice(0, -4)}AAAA`]) {
      const response = await confirm(forged);
      expect(response.statusCode, forged).toBe(400);
      expect(response.json().error).toBe(ACCOUNT_RECOVERY_MESSAGES.verifyInvalid);
    }
    expect((await sessionOf(buyer.bearer))?.emailVerified).toBe(false);
  });

  it('sends the link again a few times an hour, to unconfirmed accounts only', async () => {
    const buyer = await register();
    for (let n = 0; n < ENGAGEMENT_LIMITS.verificationResendsPerHour; n++) {
      const response = await resend(buyer);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: ACCOUNT_RECOVERY_MESSAGES.verifyResent });
    }
    const tooMany = await resend(buyer);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toEqual({
      error: ACCOUNT_RECOVERY_MESSAGES.verifyResendTooSoon,
      code: 'RATE_LIMITED',
    });
    const tokens = await linksTo(buyer.email, '/verify-email');
    expect(tokens).toHaveLength(1 + ENGAGEMENT_LIMITS.verificationResendsPerHour);
    // Any of them confirms the address.
    expect((await confirm(tokens.at(-1) as string)).statusCode).toBe(200);

    const verified = await createAccount(ctx.app);
    await delivered();
    smtp.messages.length = 0;
    expect((await resend(verified)).json()).toEqual({
      message: ACCOUNT_RECOVERY_MESSAGES.verified,
    });
    expect(await linksTo(verified.email, '/verify-email')).toEqual([]);
    expect((await post('/auth/verify-email/resend')).statusCode).toBe(401);
  });
});
