import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { NOTIFICATION_MESSAGES } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, nextAddress } from '../../../test/helpers/accounts.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/helpers/smtp-server.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { uploadAs } from '../../../test/helpers/uploads.js';
import { emailDeliveries, notificationSettings } from '../../db/schema.js';
import { EMAIL_QUEUE, type MailMessage } from './mail.service.js';
import { keyDigest } from './mail-transport.js';
import { createUnsubscribeToken } from './unsubscribe-token.js';

const PUBLIC_URL = 'https://homes.example.test';

const alertFor = (
  account: { id: string; email: string },
  photo: string | null = null,
): MailMessage<'search-alert'> => ({
  key: `search-alert:test:${account.id}`,
  to: account.email,
  userId: account.id,
  template: 'search-alert',
  props: {
    name: 'Ada',
    searchName: 'Lisbon flats',
    searchUrl: `${PUBLIC_URL}/all-properties?location=Lisbon`,
    listings: [
      {
        title: 'Bright flat by the river',
        location: 'Lisbon, Portugal',
        price: '$420,000',
        url: `${PUBLIC_URL}/property/1`,
        imageUrl: photo,
      },
      {
        title: 'Loft with a view',
        location: 'Lisbon, Portugal',
        price: '$380,000',
        url: `${PUBLIC_URL}/property/2`,
        imageUrl: 'https://elsewhere.example.com/photo.jpg',
      },
    ],
  },
  unsubscribe: { scope: 'search_alerts', email: account.email, userId: account.id },
});

/** A header as it was sent (mailparser reads the List-* headers into an object of its own). */
function headerOf(message: ParsedMail | undefined, name: string): string | undefined {
  const line = message?.headerLines.find((header) => header.key === name)?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

/** The token in a message's List-Unsubscribe header. */
function unsubscribeTokenOf(message: ParsedMail | undefined): string {
  const header = headerOf(message, 'list-unsubscribe') ?? '';
  const match = /unsubscribe\?token=([\w.-]+)>$/.exec(header);
  if (!match?.[1]) throw new Error(`no unsubscribe token in ${header}`);
  return match[1];
}

describe('e-mail through SMTP', () => {
  let smtp: TestSmtpServer;
  /** The messages sent for a key (registration sends its own confirmation besides). */
  const received = (key: string) =>
    smtp.messages.filter((message) => message.messageId?.startsWith(`<${keyDigest(key)}@`));

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => smtp?.close());
  const context = useTestApp(() => ({
    SMTP_URL: smtp.url,
    PUBLIC_URL,
    BRAND_NAME: 'Harbour Homes',
  }));
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  it('sends an alert once, with text and HTML parts, the settings link and one-click unsubscribe', async () => {
    const buyer = await createAccount(context.app);
    const photo = await uploadAs(context.app, await createAccount(context.app, 'agent'));
    const message = alertFor(buyer, `${PUBLIC_URL}${photo.url}`);

    await context.app.mail.enqueue(message);
    await context.app.mail.enqueue(message);
    await context.app.jobs.drain();
    // The same message in a second job, as when a job runs again after a crash.
    await context.app.jobs.send(EMAIL_QUEUE, message, { key: `${message.key}:run-again` });
    await context.app.jobs.drain();

    expect(received(message.key)).toHaveLength(1);
    const [mail] = received(message.key);
    expect(mail?.to).toMatchObject({ value: [{ address: buyer.email }] });
    expect(mail?.from?.value[0]).toMatchObject({
      name: 'Harbour Homes',
      address: 'no-reply@homes.example.test',
    });
    expect(mail?.subject).toBe('2 new homes for your saved search');
    expect(mail?.messageId).toMatch(/^<[0-9a-f]{32}@homes\.example\.test>$/);
    expect(mail?.text).toContain('Bright flat by the river');
    expect(mail?.text).toContain(`${PUBLIC_URL}/dashboard/notification-settings`);
    expect(mail?.html).toContain('Harbour Homes');
    expect(mail?.html).toContain(`href="${PUBLIC_URL}/dashboard/notification-settings"`);
    // The photo as the small JPEG every mail client shows.
    expect(mail?.html).toContain(
      `src="${PUBLIC_URL}${photo.url.replace('-1600.webp', '-256.jpg')}"`,
    );
    // Nothing in a mail is fetched from another site.
    expect(mail?.html).not.toContain('elsewhere.example.com');
    expect(mail?.html).not.toMatch(/<link[^>]+stylesheet|@import|fonts\.googleapis/);
    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(mail, 'list-unsubscribe')).toBe(
      `<${PUBLIC_URL}/api/unsubscribe?token=${unsubscribeTokenOf(mail)}>`,
    );

    const [delivery] = await context.app.db
      .select()
      .from(emailDeliveries)
      .where(eq(emailDeliveries.key, message.key));
    expect(delivery).toMatchObject({ status: 'sent', attempts: 1, toAddress: buyer.email });
  });

  it('sends a message whose send was cut short by a crash, once', async () => {
    const buyer = await createAccount(context.app);
    const message = alertFor(buyer);
    await context.app.db.insert(emailDeliveries).values({
      key: message.key,
      userId: buyer.id,
      template: message.template,
      toAddress: buyer.email,
      subject: 'left behind',
      status: 'sending',
      attempts: 1,
    });

    await context.app.mail.enqueue(message);
    await context.app.jobs.drain();

    expect(received(message.key)).toHaveLength(1);
    const [delivery] = await context.app.db
      .select()
      .from(emailDeliveries)
      .where(eq(emailDeliveries.key, message.key));
    expect(delivery).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('leaves a message without unsubscribe headers when it is not an alert', async () => {
    const buyer = await createAccount(context.app);
    const key = `password-changed:${buyer.id}:1`;

    await context.app.mail.enqueue({
      key,
      to: buyer.email,
      userId: buyer.id,
      template: 'password-changed',
      props: { name: 'Ada', forgotUrl: `${PUBLIC_URL}/forgot-password` },
    });
    await context.app.jobs.drain();

    const [mail] = received(key);
    expect(mail?.subject).toBe('Your Harbour Homes password was changed');
    expect(headerOf(mail, 'list-unsubscribe')).toBeUndefined();
    expect(mail?.text).toContain(`${PUBLIC_URL}/forgot-password`);
  });

  it('turns saved-search alerts off with the one-click unsubscribe a mail program sends', async () => {
    const buyer = await createAccount(context.app);
    const alert = alertFor(buyer);
    await context.app.mail.enqueue(alert);
    await context.app.jobs.drain();
    const token = unsubscribeTokenOf(received(alert.key)[0]);

    const response = await context.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: nextAddress(),
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: NOTIFICATION_MESSAGES.unsubscribed });
    const [settings] = await context.app.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, buyer.id));
    expect(settings?.searchAlerts).toBe('off');
  });
});

describe('one-click unsubscribe tokens', () => {
  const context = useTestApp({ SESSION_SECRET: 'a'.repeat(40) });
  const secret = 'a'.repeat(40);

  async function unsubscribeWith(token: string) {
    return context.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: nextAddress(),
    });
  }

  async function alertsOf(userId: string) {
    const [settings] = await context.app.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId));
    return settings?.searchAlerts ?? 'instant';
  }

  it('refuses a token that was altered, moved to another address or scope, or made elsewhere', async () => {
    const victim = await createAccount(context.app);
    const attacker = await createAccount(context.app);
    const own = createUnsubscribeToken(secret, {
      scope: 'newsletter',
      email: attacker.email,
    });
    const [body, signature] = own.split('.') as [string, string];
    const claimOf = (claim: object) => Buffer.from(JSON.stringify(claim)).toString('base64url');
    const forged = [
      // The attacker's own signature on the victim's alerts.
      `${claimOf({ s: 'search_alerts', e: victim.email, u: victim.id })}.${signature}`,
      // The same address, another scope.
      `${claimOf({ s: 'search_alerts', e: attacker.email, u: victim.id })}.${signature}`,
      // Signed with another secret.
      createUnsubscribeToken('b'.repeat(40), {
        scope: 'search_alerts',
        email: victim.email,
        userId: victim.id,
      }),
      `${body}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      `${body}.`,
      'not-a-token',
    ];

    for (const token of forged) {
      const response = await unsubscribeWith(token);
      expect(response.statusCode, token).toBe(400);
      expect(response.json()).toMatchObject({
        error: NOTIFICATION_MESSAGES.unsubscribeInvalid,
        code: 'VALIDATION_FAILED',
      });
    }
    expect(await alertsOf(victim.id)).toBe('instant');
  });

  it('refuses a request without a token', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: {},
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(400);
  });

  it('turns off only the alerts of the account and address the token names', async () => {
    const buyer = await createAccount(context.app);
    const other = await createAccount(context.app);
    const token = createUnsubscribeToken(secret, {
      scope: 'search_alerts',
      email: buyer.email,
      userId: buyer.id,
    });

    expect((await unsubscribeWith(token)).statusCode).toBe(200);
    expect((await unsubscribeWith(token)).statusCode).toBe(200);

    expect(await alertsOf(buyer.id)).toBe('off');
    expect(await alertsOf(other.id)).toBe('instant');
  });
});

describe('e-mail without an SMTP server', () => {
  const context = useTestApp();

  it('writes each message to the outbox as an .eml file', async () => {
    const buyer = await createAccount(context.app);
    const key = `verify-email:test:${buyer.id}`;

    await context.app.mail.enqueue({
      key,
      to: buyer.email,
      userId: buyer.id,
      template: 'verify-email',
      props: { verifyUrl: 'http://localhost:3000/verify-email?token=abc' },
    });
    await context.app.jobs.drain();

    const outbox = path.join(context.dataDir, 'outbox');
    const files = (await readdir(outbox)).filter((file) =>
      file.endsWith(`-${keyDigest(key).slice(0, 16)}.eml`),
    );
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{16}\.eml$/);
    const eml = await readFile(path.join(outbox, files[0] as string), 'utf8');
    expect(eml).toContain('Subject: Confirm your e-mail address for Keyhaven');
    expect(eml).toContain(`To: ${buyer.email}`);
    expect(eml).toContain('From: Keyhaven <no-reply@localhost>');
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).toMatch(/Content-Type: text\/html/);
  });
});
