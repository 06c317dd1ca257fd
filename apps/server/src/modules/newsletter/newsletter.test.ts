import { NEWSLETTER_MESSAGES } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { nextAddress } from '../../../test/helpers/accounts.js';
import { messagesTo, useMailingTestApp } from '../../../test/helpers/smtp-server.js';
import { newsletterSubscribers } from '../../db/schema.js';
import { SIGN_UPS_PER_HOUR } from './newsletter.routes.js';
import { NEWSLETTER_CONFIRMATIONS_PER_ADDRESS } from './newsletter.service.js';

const PUBLIC_URL = 'https://homes.example.test';

const { ctx, mail } = useMailingTestApp({ PUBLIC_URL, BRAND_NAME: 'Harbour Homes' });

let counter = 0;
const newAddress = () => {
  counter += 1;
  return `reader-${counter}-${Date.now()}@example.test`;
};

/** Sends a form of the newsletter, then runs the jobs it queued. */
async function post(url: string, payload: Record<string, string>) {
  const response = await ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: nextAddress(),
  });
  await ctx.app.jobs.drain();
  return response;
}
const subscribe = (email: string) => post('/api/subscribe', { email });
const confirm = (token: string) => post('/api/subscribe/confirm', { token });

const mailsTo = (email: string) => messagesTo(mail.smtp, email);

/** The token in a confirmation mail's link to the web page. */
function confirmTokenOf(message: ParsedMail | undefined): string {
  const match = /\/newsletter\/confirm\?token=([\w-]+)/.exec(message?.text ?? '');
  if (!match?.[1]) throw new Error(`no confirmation link in ${message?.text}`);
  return match[1];
}

const rowOf = async (email: string) =>
  (
    await ctx.app.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
  )[0];

describe('the newsletter', () => {
  it('asks a new subscriber to confirm, welcomes them only once they follow the link, and lets them leave', async () => {
    const email = newAddress();

    const subscribed = await subscribe(email);

    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.json()).toEqual({ message: NEWSLETTER_MESSAGES.confirmSent });
    const [confirmation] = mailsTo(email);
    expect(mailsTo(email)).toHaveLength(1);
    expect(confirmation?.subject).toBe('Confirm your subscription to the Harbour Homes newsletter');
    const token = confirmTokenOf(confirmation);
    // Only a digest of the token is kept: a copy of the database confirms nobody.
    const waiting = await rowOf(email);
    expect(waiting).toMatchObject({ confirmedAt: null });
    expect(JSON.stringify(waiting)).not.toContain(token);

    const confirmed = await confirm(token);

    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: NEWSLETTER_MESSAGES.confirmed });
    expect((await rowOf(email))?.confirmedAt).toBeInstanceOf(Date);
    const welcome = mailsTo(email)[1];
    expect(welcome?.subject).toBe('Welcome to the Harbour Homes newsletter');
    // A link works once.
    expect((await confirm(token)).statusCode).toBe(400);
    expect(mailsTo(email)).toHaveLength(2);

    const leave = /href="[^"]+\/unsubscribe\?token=([^"]+)"/.exec(String(welcome?.html))?.[1];
    const left = await ctx.app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: { token: leave },
      remoteAddress: nextAddress(),
    });
    expect(left.statusCode).toBe(200);
    expect(await rowOf(email)).toBeUndefined();
  });

  it('answers alike for a new, a waiting and a confirmed address, and mails a confirmed one nothing', async () => {
    const email = newAddress();
    const first = await subscribe(email);
    const waiting = await subscribe(email);
    expect(await confirm(confirmTokenOf(mailsTo(email)[1]))).toMatchObject({ statusCode: 200 });
    const before = mailsTo(email).length;

    const again = await subscribe(email);

    for (const response of [first, waiting, again]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: NEWSLETTER_MESSAGES.confirmSent });
    }
    expect(mailsTo(email)).toHaveLength(before);
  });

  it('refuses a link it never sent, and one older than its lifetime', async () => {
    const email = newAddress();
    await subscribe(email);
    const token = confirmTokenOf(mailsTo(email)[0]);
    await ctx.app.db
      .update(newsletterSubscribers)
      .set({ confirmSentAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where(eq(newsletterSubscribers.email, email));

    for (const tried of [token, 'A'.repeat(43), 'not-a-token']) {
      const response = await confirm(tried);
      expect(response.statusCode, tried).toBe(400);
      expect(response.json()).toEqual({
        error: NEWSLETTER_MESSAGES.confirmInvalid,
        code: 'VALIDATION_FAILED',
      });
    }
    expect((await rowOf(email))?.confirmedAt).toBeNull();
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('counts only the sign-ups it takes from one client, and says in its own words when to come back', async () => {
    const remoteAddress = nextAddress();
    const fromOneClient = (email: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/subscribe', payload: { email }, remoteAddress });
    for (const email of ['', 'not-an-address', 'still@wrong']) {
      expect((await fromOneClient(email)).statusCode).toBe(400);
    }
    for (let time = 0; time < SIGN_UPS_PER_HOUR; time += 1) {
      expect((await fromOneClient(newAddress())).statusCode).toBe(200);
    }
    const refused = await fromOneClient(newAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: NEWSLETTER_MESSAGES.tooManySignUps(60),
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    await ctx.app.jobs.drain();
  });

  it('sends one address a few confirmations an hour, from however many clients', async () => {
    const email = newAddress();
    for (let time = 0; time < NEWSLETTER_CONFIRMATIONS_PER_ADDRESS + 5; time += 1) {
      expect((await subscribe(email)).statusCode).toBe(200);
    }
    expect(mailsTo(email)).toHaveLength(NEWSLETTER_CONFIRMATIONS_PER_ADDRESS);
  });
});
