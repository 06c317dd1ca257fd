import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NOTIFICATION_KINDS } from '@keyhaven/shared';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, nextAddress, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing, listingBody } from '../../../test/helpers/listings.js';
import { accept, offer, openCheckout, payDemo } from '../../../test/helpers/offers.js';
import { startTestSmtpServer } from '../../../test/helpers/smtp-server.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { buildApp } from '../../app.js';
import { configFrom } from '../../config.js';
import { emailDeliveries, notifications, offers, payments } from '../../db/schema.js';
import { sweepOverdueOffers } from '../offers/overdue-offers.js';
import { offerReceived, paymentFulfilled } from './notification-events.js';
import { STREAM_LIMITS } from './notification-stream.js';
import type { NotificationEvent } from './notifications.service.js';
import { deliver } from './notifier.js';

/*
 * Notifications: every event tells each of its recipients once, in the app and (as their
 * settings allow) by one e-mail, however often it is reported or its job runs; nobody reads or
 * marks anyone else's; and the unread count reaches open pages live, across instances too.
 */

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});
beforeEach(() => {
  smtp.messages.splice(0);
});

const ctx = useTestApp(() => ({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://keyhaven.test' }));

const notificationsOf = (userId: string) =>
  ctx.app.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);

/**
 * The notification e-mails the SMTP server received for this account (headed by their
 * notifications' titles: a new account's verification mail is not one of them).
 */
async function mailTo(account: TestAccount) {
  const titles = (await notificationsOf(account.id)).map((n) => n.title);
  return smtp.messages.filter(
    (message) =>
      JSON.stringify(message.to ?? '').includes(account.email) &&
      // The text part writes the heading in capitals.
      titles.some((title) => message.text?.toLowerCase().includes(title.toLowerCase())),
  );
}

/** The e-mails the app has sent in all, as the SMTP server received them. */
async function sentMail() {
  await ctx.app.jobs.drain();
  const rows = await ctx.app.db.select().from(emailDeliveries);
  const sent = rows.filter((row) => row.status === 'sent');
  await smtp.waitFor(sent.length);
  return sent;
}

async function marketplace() {
  const agent = await createAccount(ctx.app, 'agent', { name: 'Agatha Agent' });
  const buyer = await createAccount(ctx.app, 'user', { name: 'Bea Buyer' });
  const propertyId = await createListing(ctx.app, agent, { title: 'Lake house' });
  return { agent, buyer, propertyId };
}

function call(
  account: TestAccount | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    headers: account ? account.bearer : {},
    ...(payload ? { payload } : {}),
  });
}

/** The payment deadline of the listing's accepted offer was November 1, 2026. */
const deadlinePassed = (propertyId: string) =>
  ctx.app.db
    .update(offers)
    .set({ payBy: new Date('2026-11-01T12:00:00Z') })
    .where(eq(offers.propertyId, propertyId));

describe('events', () => {
  it('a new offer tells the agent once, in the app and by one e-mail, however often it is reported', async () => {
    const { agent, buyer, propertyId } = await marketplace();
    expect((await offer(ctx.app, buyer, propertyId, { offerAmount: 260_000 })).statusCode).toBe(
      200,
    );
    await sentMail();

    const [made] = await ctx.app.db.select().from(offers).where(eq(offers.propertyId, propertyId));
    // Reported again, and its job run twice more (a retry after a crash): nothing new.
    const events = await offerReceived(ctx.app.db, (made as { id: string }).id);
    await ctx.app.notifications.queue(ctx.app.db, events);
    const [event] = events;
    await deliver(ctx.app, event as NotificationEvent);
    await deliver(ctx.app, event as NotificationEvent);
    await sentMail();

    const stored = await notificationsOf(agent.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      kind: 'offer_received',
      title: 'New offer on Lake house',
      body: 'Bea Buyer offered $260,000.',
      link: '/dashboard/requests',
      readAt: null,
    });
    expect(await notificationsOf(buyer.id)).toEqual([]);
    const mails = await mailTo(agent);
    expect(mails).toHaveLength(1);
    // The subject is in our words; the listing's title, which its agent typed, heads the body.
    expect(mails[0]?.subject).toBe('New offer on your listing');
    expect(mails[0]?.text).toContain('NEW OFFER ON LAKE HOUSE');
    expect(mails[0]?.text).toContain('Bea Buyer offered $260,000.');
    expect(mails[0]?.text).toContain('https://keyhaven.test/dashboard/requests');
    expect(await mailTo(buyer)).toEqual([]);
  });

  it('accepting tells the buyer where to pay and declines the other buyers, each once', async () => {
    const { agent, buyer, propertyId } = await marketplace();
    const other = await createAccount(ctx.app, 'user', { name: 'Otto Other' });
    await offer(ctx.app, buyer, propertyId);
    await offer(ctx.app, other, propertyId);
    expect((await accept(ctx.app, agent, propertyId, buyer.email)).statusCode).toBe(200);
    await sentMail();

    const [accepted] = await notificationsOf(buyer.id);
    expect(accepted).toMatchObject({
      kind: 'offer_accepted',
      title: 'Your offer on Lake house is accepted',
      link: '/dashboard/bought',
    });
    expect(accepted?.body).toMatch(/^Pay \$260,000 by \w+ \d+, \d{4} to buy this home\.$/);
    expect(await notificationsOf(other.id)).toMatchObject([
      { kind: 'offer_rejected', body: 'The agent accepted another offer on this home.' },
    ]);
    // The agent hears of both offers; the decision is theirs, so no news of it.
    expect((await notificationsOf(agent.id)).map((n) => n.kind)).toEqual([
      'offer_received',
      'offer_received',
    ]);
    expect(await mailTo(buyer)).toHaveLength(1);
    expect(await mailTo(other)).toHaveLength(1);
    expect(await mailTo(agent)).toHaveLength(2);
  });

  it('a declined and a withdrawn offer each tell the other side', async () => {
    const { agent, buyer, propertyId } = await marketplace();
    const quitter = await createAccount(ctx.app, 'user', { name: 'Quinn Quitter' });
    await offer(ctx.app, buyer, propertyId, { offerAmount: 255_000 });
    await offer(ctx.app, quitter, propertyId);
    const declined = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/requestStatus/${propertyId}?email=${encodeURIComponent(buyer.email)}`,
      headers: agent.bearer,
    });
    expect(declined.statusCode).toBe(200);
    const withdrawn = await ctx.app.inject({
      method: 'PATCH',
      url: `/requested-properties/${propertyId}/remove`,
      headers: quitter.bearer,
    });
    expect(withdrawn.statusCode).toBe(200);
    await sentMail();

    expect(await notificationsOf(buyer.id)).toMatchObject([
      {
        kind: 'offer_rejected',
        title: 'Your offer on Lake house was declined',
        body: 'The agent declined your offer of $255,000.',
      },
    ]);
    const agentKinds = (await notificationsOf(agent.id)).map((n) => [n.kind, n.body]);
    expect(agentKinds).toContainEqual(['offer_withdrawn', 'Quinn Quitter withdrew their offer.']);
    expect(await mailTo(quitter)).toEqual([]);
  });

  it('an accepted offer left unpaid past its deadline tells the buyer and the agent once that it lapsed', async () => {
    const { agent, buyer, propertyId } = await marketplace();
    await offer(ctx.app, buyer, propertyId);
    await accept(ctx.app, agent, propertyId, buyer.email);
    await deadlinePassed(propertyId);
    // The buyer comes to pay too late: the offer lapses as the checkout is refused.
    const late = await call(buyer, 'POST', '/api/payment/create-checkout-session', {
      offer: { _id: propertyId },
    });
    expect(late.statusCode).toBe(409);
    // The periodic sweep finds nothing more to tell.
    await sweepOverdueOffers(ctx.app);
    await sentMail();

    expect(
      (await notificationsOf(buyer.id)).filter((n) => n.kind === 'offer_ended_unpaid'),
    ).toMatchObject([
      {
        title: 'Your offer on Lake house lapsed',
        body: 'It was not paid by November 1, 2026, so the home is offered to other buyers again.',
        link: '/dashboard/bought',
      },
    ]);
    expect(
      (await notificationsOf(agent.id)).filter((n) => n.kind === 'offer_ended_unpaid'),
    ).toMatchObject([
      {
        title: 'Offer lapsed on Lake house',
        body: 'Bea Buyer did not pay by November 1, 2026. The home is available to buyers again.',
        link: '/dashboard/requests',
      },
    ]);
    expect((await mailTo(buyer)).map((mail) => mail.subject)).toContain(
      'An accepted offer ended unpaid',
    );
    expect((await mailTo(agent)).map((mail) => mail.subject)).toContain(
      'An accepted offer ended unpaid',
    );
  });

  it('a released offer tells its buyer, and its agent only when an admin released it', async () => {
    const { agent, buyer, propertyId } = await marketplace();
    const admin = await createAccount(ctx.app, 'admin');
    const secondHome = await createListing(ctx.app, agent, { title: 'River loft' });
    for (const id of [propertyId, secondHome]) {
      await offer(ctx.app, buyer, id);
      await accept(ctx.app, agent, id, buyer.email);
    }
    // The agent lets the first go once its deadline has passed; an admin the second, before it.
    await deadlinePassed(propertyId);
    const byAgent = await call(agent, 'PATCH', `/api/properties/release-offer/${propertyId}`);
    expect(byAgent.statusCode).toBe(200);
    const byAdmin = await call(admin, 'PATCH', `/api/properties/release-offer/${secondHome}`);
    expect(byAdmin.statusCode).toBe(200);
    await sentMail();

    const ended = (account: TestAccount) =>
      notificationsOf(account.id).then((rows) =>
        rows.filter((n) => n.kind === 'offer_ended_unpaid').map((n) => [n.title, n.body]),
      );
    expect(await ended(buyer)).toEqual([
      [
        'Your offer on Lake house was released',
        'It was not paid by November 1, 2026, so the agent released it and the home is offered to other buyers again.',
      ],
      [
        'Your offer on River loft was released',
        'An admin released your accepted offer, so the home is offered to other buyers again.',
      ],
    ]);
    expect(await ended(agent)).toEqual([
      [
        'Offer released on River loft',
        "An admin released Bea Buyer's accepted offer. The home is available to buyers again.",
      ],
    ]);
  });

  it('a payment tells the buyer and the agent once, when both the checkout and a later check complete it', async () => {
    const { agent, buyer, propertyId } = await marketplace();
    await offer(ctx.app, buyer, propertyId);
    await accept(ctx.app, agent, propertyId, buyer.email);
    const { sessionId } = await openCheckout(ctx.app, buyer, propertyId);
    expect((await payDemo(ctx.app, buyer, sessionId)).statusCode).toBe(200);
    const verified = await call(buyer, 'GET', `/api/payment/verify?session_id=${sessionId}`);
    expect(verified.json().verified).toBe(true);
    // The Stripe webhook and the buyer's return may both report one payment.
    await ctx.app.notifications.queue(ctx.app.db, await paymentFulfilled(ctx.app.db, sessionId));
    await sentMail();

    const [payment] = await ctx.app.db
      .select()
      .from(payments)
      .where(eq(payments.checkoutSessionId, sessionId));
    const buyerNews = (await notificationsOf(buyer.id)).filter(
      (n) => n.kind === 'payment_confirmed',
    );
    expect(buyerNews).toMatchObject([
      {
        eventKey: `payment_confirmed:${payment?.id}`,
        title: 'Payment confirmed for Lake house',
        link: '/dashboard/bought',
      },
    ]);
    expect(
      (await notificationsOf(agent.id)).filter((n) => n.kind === 'payment_received'),
    ).toMatchObject([
      { body: 'Bea Buyer paid $260,000. The home is sold.', link: '/dashboard/sold-properties' },
    ]);
    // The accepted offer, then the payment.
    expect(await mailTo(buyer)).toHaveLength(2);
    expect(await mailTo(agent)).toHaveLength(2);
  });

  it("an admin's decisions tell the agent, and a listing approved, edited and approved again tells it twice", async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    const propertyId = await createListing(ctx.app, agent, { title: 'Harbour loft' }, 'pending');
    const decide = (decision: boolean) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/properties/admin-approval/${propertyId}/${decision}`,
        headers: admin.bearer,
      });
    expect((await decide(false)).statusCode).toBe(200);
    expect((await decide(true)).statusCode).toBe(200);
    // Approving what is already approved is no news.
    expect((await decide(true)).statusCode).toBe(200);
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/${propertyId}`,
      headers: agent.bearer,
      payload: listingBody({ title: 'Harbour loft with a view' }),
    });
    expect(edited.statusCode).toBe(200);
    expect((await decide(true)).statusCode).toBe(200);
    await sentMail();

    expect((await notificationsOf(agent.id)).map((n) => [n.kind, n.title, n.link])).toEqual([
      ['listing_rejected', 'Harbour loft was rejected', '/dashboard/my-properties'],
      ['listing_approved', 'Harbour loft is approved', '/dashboard/my-properties'],
      ['listing_approved', 'Harbour loft with a view is approved', '/dashboard/my-properties'],
    ]);
    expect(await mailTo(agent)).toHaveLength(3);
  });

  it('a review of a listing tells its agent and links to the listing; a role change tells the user', async () => {
    const { agent, buyer, propertyId } = await marketplace();
    const admin = await createAccount(ctx.app, 'admin');
    const review = (title: string) =>
      call(buyer, 'POST', '/api/reviews', {
        reviewFor: 'property',
        propertyId,
        rating: 4,
        title,
        text: 'Quiet street and a lovely garden.',
      });
    expect((await review('Lovely')).statusCode).toBe(200);
    // A second review replaces the first: it is not a new review.
    expect((await review('Lovely indeed')).statusCode).toBe(200);
    const website = await call(buyer, 'POST', '/api/reviews', {
      reviewFor: 'website',
      rating: 5,
      title: 'Great site',
      text: 'Easy to use.',
    });
    expect(website.statusCode).toBe(200);
    const promoted = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/user-role-update/${buyer.id}/agent`,
      headers: admin.bearer,
    });
    expect(promoted.statusCode).toBe(200);
    await sentMail();

    expect(await notificationsOf(agent.id)).toMatchObject([
      {
        kind: 'review_received',
        title: 'New review of Lake house',
        body: 'Bea Buyer rated it 4 out of 5: “Lovely”',
        link: `/propertyDetails/${propertyId}`,
      },
    ]);
    expect(await notificationsOf(buyer.id)).toMatchObject([
      { kind: 'role_changed', title: 'You are now an agent', link: '/dashboard' },
    ]);
    expect(await notificationsOf(admin.id)).toEqual([]);
  });

  it('tells an agent marked as fraud in the app, but sends a fraud account no e-mail', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    const marked = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/user-role-update/${agent.id}/fraud`,
      headers: admin.bearer,
    });
    expect(marked.statusCode).toBe(200);
    await sentMail();
    expect(await notificationsOf(agent.id)).toMatchObject([
      { kind: 'role_changed', title: 'Your account has been suspended' },
    ]);
    expect(await mailTo(agent)).toEqual([]);
  });

  it('tells an account that no longer exists nothing, and fails nobody', async () => {
    const { agent } = await marketplace();
    const event: NotificationEvent = {
      kind: 'role_changed',
      key: `role_changed:test:${randomUUID()}`,
      recipients: [agent.id, 'no-such-account'],
      title: 'You are now an admin',
      body: 'Welcome.',
      link: '/dashboard',
    };
    await deliver(ctx.app, event);
    expect(await notificationsOf(agent.id)).toHaveLength(1);
    const stray = await ctx.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, 'no-such-account'));
    expect(stray).toEqual([]);
  });
});

describe('e-mail settings', () => {
  it('are all on by default, change only the kinds named, and hold back that kind’s e-mail but not its notification', async () => {
    const { agent, buyer, propertyId } = await marketplace();
    const initial = await call(agent, 'GET', '/api/notification-settings');
    expect(initial.statusCode).toBe(200);
    expect(initial.json().searchAlerts).toBe('instant');
    expect(Object.values(initial.json().email).every((on) => on === true)).toBe(true);
    expect(Object.keys(initial.json().email).sort()).toEqual([...NOTIFICATION_KINDS].sort());

    const changed = await call(agent, 'PUT', '/api/notification-settings', {
      email: { offer_received: false },
      searchAlerts: 'daily',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().email.offer_received).toBe(false);
    expect(changed.json().email.offer_withdrawn).toBe(true);
    expect(changed.json().searchAlerts).toBe('daily');
    const again = await call(agent, 'PUT', '/api/notification-settings', {
      email: { review_received: false },
    });
    expect(again.json().email).toMatchObject({ offer_received: false, review_received: false });
    expect(again.json().searchAlerts).toBe('daily');
    expect((await call(agent, 'GET', '/api/notification-settings')).json()).toEqual(again.json());

    await offer(ctx.app, buyer, propertyId);
    await sentMail();
    expect(await notificationsOf(agent.id)).toHaveLength(1);
    expect(await mailTo(agent)).toEqual([]);

    const bad = await call(agent, 'PUT', '/api/notification-settings', {
      email: { no_such_kind: false },
    });
    expect(bad.statusCode).toBe(400);
  });
});

async function notify(account: TestAccount, title: string) {
  await deliver(ctx.app, {
    kind: 'role_changed',
    key: `test:${randomUUID()}`,
    recipients: [account.id],
    title,
    body: `${title}, in words.`,
    link: '/dashboard',
    email: false,
  });
}

describe('reading notifications', () => {
  it('pages the newest first, with the total and the unread count, and marks them read', async () => {
    const me = await createAccount(ctx.app);
    for (const title of ['First', 'Second', 'Third']) await notify(me, title);
    // Told within one millisecond they would tie on time; each is dated a minute after the last.
    for (const [minutesAgo, title] of [
      [3, 'First'],
      [2, 'Second'],
      [1, 'Third'],
    ] as const) {
      await ctx.app.db
        .update(notifications)
        .set({ createdAt: new Date(Date.now() - minutesAgo * 60_000) })
        .where(and(eq(notifications.userId, me.id), eq(notifications.title, title)));
    }
    const first = await call(me, 'GET', '/api/notifications?page=1&limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 3, unread: 3 });
    expect(first.json().items.map((n: { title: string }) => n.title)).toEqual(['Third', 'Second']);
    const second = await call(me, 'GET', '/api/notifications?page=2&limit=2');
    expect(second.json().items.map((n: { title: string }) => n.title)).toEqual(['First']);
    expect(second.json().items[0]).toMatchObject({
      kind: 'role_changed',
      body: 'First, in words.',
      link: '/dashboard',
      read: false,
    });

    const id = second.json().items[0]._id;
    const read = await call(me, 'POST', `/api/notifications/${id}/read`);
    expect(read.json()).toEqual({ unread: 2 });
    // Reading it again changes nothing.
    expect((await call(me, 'POST', `/api/notifications/${id}/read`)).json()).toEqual({ unread: 2 });
    expect((await call(me, 'GET', '/api/notifications/unread-count')).json()).toEqual({
      unread: 2,
    });
    expect((await call(me, 'POST', '/api/notifications/read-all')).json()).toEqual({ unread: 0 });
    const after = await call(me, 'GET', '/api/notifications');
    expect(after.json()).toMatchObject({ total: 3, unread: 0 });
    expect(after.json().items.every((n: { read: boolean }) => n.read)).toBe(true);

    expect((await call(me, 'GET', '/api/notifications?limit=51')).statusCode).toBe(400);
    expect((await call(me, 'POST', '/api/notifications/not-an-id/read')).statusCode).toBe(400);
  });

  it("never shows or marks another person's notifications", async () => {
    const me = await createAccount(ctx.app);
    const someoneElse = await createAccount(ctx.app);
    await notify(someoneElse, 'Private news');
    const [theirs] = await notificationsOf(someoneElse.id);

    expect((await call(me, 'GET', '/api/notifications')).json()).toEqual({
      items: [],
      total: 0,
      unread: 0,
    });
    const marked = await call(me, 'POST', `/api/notifications/${theirs?.id}/read`);
    expect(marked.statusCode).toBe(404);
    expect((await call(me, 'POST', '/api/notifications/read-all')).statusCode).toBe(200);
    expect((await notificationsOf(someoneElse.id))[0]?.readAt).toBeNull();
    expect((await call(someoneElse, 'GET', '/api/notifications/unread-count')).json()).toEqual({
      unread: 1,
    });
    for (const url of [
      '/api/notifications',
      '/api/notifications/unread-count',
      '/api/notification-settings',
    ]) {
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
    }
  });
});

/** An open event stream read through real HTTP, as a browser's EventSource reads it. */
interface StreamReader {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Waits for the next event (comments such as heartbeats are not events). */
  next(): Promise<{ event: string; data: unknown }>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

function openStream(app: FastifyInstance, account: TestAccount): Promise<StreamReader> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/notifications/stream',
        agent: false,
        headers: {
          accept: 'text/event-stream',
          cookie: account.cookie,
          'accept-encoding': 'gzip, br',
        },
      },
      (response) => {
        const events: Array<{ event: string; data: unknown }> = [];
        const waiting: Array<() => void> = [];
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data) });
            end = buffer.indexOf('\n\n');
          }
          for (const wake of waiting.splice(0)) wake();
        });
        const ended = new Promise<void>((done) => response.on('end', done));
        const next = async () => {
          while (events.length === 0) await new Promise<void>((wake) => waiting.push(wake));
          return events.shift() as { event: string; data: unknown };
        };
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          next,
          ended,
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}

/**
 * Counts the unread-count queries the app sends its database from now on (until `stop`), by
 * watching the database client's query calls.
 */
function watchUnreadCounts() {
  const client = (ctx.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const query = client.query;
  const watcher = {
    count: 0,
    stop: () => {
      client.query = query;
    },
  };
  client.query = function (this: unknown, ...args: unknown[]) {
    const [text] = args;
    const sql = typeof text === 'string' ? text : (text as { text?: string } | null)?.text;
    if (sql && /count\(/i.test(sql) && /"read_at" is null/i.test(sql)) watcher.count += 1;
    return query.apply(this, args);
  };
  return watcher;
}

/** Signs a session out, as its Log Out button does. */
async function signOut(app: FastifyInstance, headers: Record<string, string>) {
  const response = await app.inject({ method: 'POST', url: '/auth/logout', headers });
  expect(response.statusCode).toBe(200);
}

describe('GET /api/notifications/stream', () => {
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('sends the unread count at once and again after each new notification, uncompressed, with the session cookie', async () => {
    const me = await createAccount(ctx.app);
    await notify(me, 'Already there');
    const stream = await openStream(ctx.app, me);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['content-encoding']).toBeUndefined();
      expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 1 } });

      await notify(me, 'Just now');
      expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 2 } });
      // Read on another page: this one follows.
      await call(me, 'POST', '/api/notifications/read-all');
      expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 0 } });
      // Someone else's news is not this stream's.
      const other = await createAccount(ctx.app);
      await notify(other, 'Not yours');
      await ctx.app.live.publish(me.id, { type: 'messages' });
      expect(await stream.next()).toEqual({ event: 'messages', data: {} });
    } finally {
      stream.close();
    }
  });

  it('keeps five streams per account: a sixth replaces the oldest, which is told so and ends', async () => {
    const me = await createAccount(ctx.app);
    const streams: StreamReader[] = [];
    try {
      for (let i = 0; i < STREAM_LIMITS.perAccount; i++) {
        const stream = await openStream(ctx.app, me);
        expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 0 } });
        streams.push(stream);
      }
      const newest = await openStream(ctx.app, me);
      streams.push(newest);
      expect(await newest.next()).toEqual({ event: 'unread', data: { unread: 0 } });
      const [oldest, ...kept] = streams as [StreamReader, ...StreamReader[]];
      expect(await oldest.next()).toEqual({ event: 'replaced', data: {} });
      await oldest.ended;
      // The others still hear every change.
      await notify(me, 'For every open page');
      for (const stream of kept) {
        expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 1 } });
      }
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('keeps twenty streams per address, whichever accounts hold them: one more replaces the oldest', async () => {
    const people = await Promise.all(
      Array.from({ length: STREAM_LIMITS.perAddress / STREAM_LIMITS.perAccount + 1 }, () =>
        createAccount(ctx.app),
      ),
    );
    const streams: StreamReader[] = [];
    try {
      for (const person of people.slice(0, -1)) {
        for (let i = 0; i < STREAM_LIMITS.perAccount; i++) {
          const stream = await openStream(ctx.app, person);
          expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 0 } });
          streams.push(stream);
        }
      }
      const newcomer = await openStream(ctx.app, people.at(-1) as TestAccount);
      streams.push(newcomer);
      expect(await newcomer.next()).toEqual({ event: 'unread', data: { unread: 0 } });
      const oldest = streams[0] as StreamReader;
      expect(await oldest.next()).toEqual({ event: 'replaced', data: {} });
      await oldest.ended;
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it("counts a person's unread notifications once per change, however many of their pages are open", async () => {
    const countQueries = watchUnreadCounts();
    const changeCost = async (openPages: number) => {
      const me = await createAccount(ctx.app);
      const streams: StreamReader[] = [];
      try {
        for (let i = 0; i < openPages; i++) {
          const stream = await openStream(ctx.app, me);
          expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 0 } });
          streams.push(stream);
        }
        const before = countQueries.count;
        await notify(me, 'One change');
        for (const stream of streams) {
          expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 1 } });
        }
        return countQueries.count - before;
      } finally {
        for (const stream of streams) stream.close();
      }
    };
    try {
      const withOnePage = await changeCost(1);
      expect(withOnePage).toBeGreaterThan(0);
      expect(await changeCost(STREAM_LIMITS.perAccount)).toBe(withOnePage);
    } finally {
      countQueries.stop();
    }
  });

  it('ends with signed-out once its own session is signed out elsewhere, and not for another session of the same person', async () => {
    const me = await createAccount(ctx.app);
    const stream = await openStream(ctx.app, me);
    try {
      expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 0 } });

      // The same person signed in on a phone, then signed out there: this page's session holds.
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: me.email, password: me.password },
        remoteAddress: nextAddress(),
      });
      expect(login.statusCode).toBe(200);
      await signOut(ctx.app, { authorization: `Bearer ${login.json().token}` });
      await notify(me, 'Still here');
      expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 1 } });

      // Signed out in another tab of this browser: the same session as this stream's.
      await signOut(ctx.app, { cookie: me.cookie });
      expect(await stream.next()).toEqual({ event: 'signed-out', data: {} });
      await stream.ended;
      // Its news is no longer this page's to hear.
      expect((await call(me, 'GET', '/api/notifications/unread-count')).statusCode).toBe(401);
    } finally {
      stream.close();
    }
  });

  it('ends with signed-out when an admin deletes the account', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const me = await createAccount(ctx.app);
    const stream = await openStream(ctx.app, me);
    try {
      expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 0 } });
      const deleted = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/users/${me.id}`,
        headers: admin.bearer,
      });
      expect(deleted.statusCode).toBe(200);
      expect(await stream.next()).toEqual({ event: 'signed-out', data: {} });
      await stream.ended;
    } finally {
      stream.close();
    }
  });

  it('answers 401 without a session, and 400 to a client that does not ask for an event stream', async () => {
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications/stream',
      headers: { accept: 'text/event-stream' },
    });
    expect(anonymous.statusCode).toBe(401);
    const me = await createAccount(ctx.app);
    const plain = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications/stream',
      headers: { ...me.bearer, accept: 'application/json' },
    });
    expect(plain.statusCode).toBe(400);
    // A HEAD request would be answered with a stream that never ends, so there is none.
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: '/api/notifications/stream',
      headers: { ...me.bearer, accept: 'text/event-stream' },
    });
    expect(head.statusCode).toBe(404);
  });
});

describe('GET /api/notifications/stream across instances (Redis)', () => {
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  // Parallel test runs on one Redis each get their own channel.
  const channel = `keyhaven-test:live:${randomUUID()}`;
  const instances: FastifyInstance[] = [];

  async function instance() {
    const app = await buildApp(
      configFrom({
        DATA_DIR: ctx.dataDir,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        SMTP_URL: smtp.url,
        REDIS_URL: redisUrl,
        LIVE_UPDATES_CHANNEL: channel,
      }),
      { database: ctx.database },
    );
    instances.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  }

  afterAll(async () => {
    for (const app of instances) await app.close();
  });

  it('a sign-out handled by one instance ends the stream of that session open on another', async () => {
    const [first, second] = [await instance(), await instance()];
    const me = await createAccount(first);
    const stream = await openStream(second, me);
    try {
      expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 0 } });
      await signOut(first, { cookie: me.cookie });
      expect(await stream.next()).toEqual({ event: 'signed-out', data: {} });
      await stream.ended;
    } finally {
      stream.close();
    }
  });

  it('an event handled by one instance reaches a stream open on another; closing ends the stream', async () => {
    const [first, second] = [await instance(), await instance()];
    const me = await createAccount(first);
    const stream = await openStream(second, me);
    expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 0 } });

    await deliver(first, {
      kind: 'role_changed',
      key: `test:${randomUUID()}`,
      recipients: [me.id],
      title: 'Across instances',
      body: 'Through Redis.',
      link: '/dashboard',
      email: false,
    });
    expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 1 } });

    // Shutting an instance down ends its streams rather than waiting on them.
    instances.splice(instances.indexOf(second), 1);
    await second.close();
    await stream.ended;
    const keys = await first.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.id), like(notifications.eventKey, 'test:%')));
    expect(keys).toHaveLength(1);
  });
});
