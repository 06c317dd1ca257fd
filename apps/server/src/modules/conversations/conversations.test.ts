import { CONVERSATION_MESSAGES } from '@keyhaven/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { auditLog, conversations, messages, notifications, users } from '../../db/schema.js';

const ctx = useTestApp();

const ask = (who: TestAccount | undefined, propertyId: string, body: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/properties/${propertyId}/messages`,
    headers: who?.bearer ?? {},
    payload: { body },
  });

const answer = (who: TestAccount, conversationId: string, body: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    headers: who.bearer,
    payload: { body },
  });

const read = (who: TestAccount, conversationId: string) =>
  ctx.app.inject({ url: `/api/conversations/${conversationId}`, headers: who.bearer });

async function listOf(who: TestAccount) {
  const response = await ctx.app.inject({ url: '/api/conversations', headers: who.bearer });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function unreadOf(who: TestAccount): Promise<number> {
  const response = await ctx.app.inject({
    url: '/api/conversations/unread-count',
    headers: who.bearer,
  });
  expect(response.statusCode).toBe(200);
  return response.json().unread;
}

/** A buyer, an agent and one of the agent's approved listings. */
async function scene() {
  const buyer = await createAccount(ctx.app, 'user', { name: 'Bea Buyer' });
  const agent = await createAccount(ctx.app, 'agent', { name: 'Al Agent' });
  const listing = await createListing(ctx.app, agent, { title: 'Lake house' });
  return { buyer, agent, listing };
}

async function started(who: TestAccount, listing: string, body = 'Is the roof new?') {
  const response = await ask(who, listing, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().conversationId as string;
}

describe('asking and answering', () => {
  it('opens a conversation the agent answers, each side seeing it with the other unread', async () => {
    const { buyer, agent, listing } = await scene();
    const id = await started(buyer, listing, 'Is the roof new?');

    const [agentView] = await listOf(agent);
    expect(agentView).toMatchObject({
      _id: id,
      propertyId: listing,
      propertyTitle: 'Lake house',
      buyerName: 'Bea Buyer',
      agentName: 'Al Agent',
      role: 'agent',
      lastMessage: 'Is the roof new?',
      unread: 1,
    });
    expect(await unreadOf(agent)).toBe(1);
    const [buyerView] = await listOf(buyer);
    expect(buyerView).toMatchObject({ _id: id, role: 'buyer', unread: 0 });
    expect(await unreadOf(buyer)).toBe(0);

    const thread = await read(agent, id);
    expect(thread.statusCode).toBe(200);
    expect(thread.json().messages).toEqual([
      expect.objectContaining({
        mine: false,
        senderName: 'Bea Buyer',
        sender: 'buyer',
        body: 'Is the roof new?',
        removed: false,
      }),
    ]);
    expect(await unreadOf(agent)).toBe(0);

    expect((await answer(agent, id, 'Yes, from 2021.')).statusCode).toBe(201);
    expect(await unreadOf(buyer)).toBe(1);
    expect((await listOf(buyer))[0]).toMatchObject({ lastMessage: 'Yes, from 2021.', unread: 1 });
    const buyerThread = (await read(buyer, id)).json();
    expect(buyerThread.conversation).toMatchObject({ role: 'buyer', unread: 0 });
    expect(
      buyerThread.messages.map((m: { mine: boolean; body: string }) => [m.mine, m.body]),
    ).toEqual([
      [true, 'Is the roof new?'],
      [false, 'Yes, from 2021.'],
    ]);
    expect(await unreadOf(buyer)).toBe(0);
    // Writing a message reads the thread up to it: the agent has nothing unread of their own.
    expect(await unreadOf(agent)).toBe(0);
  });

  it('keeps one conversation per buyer and listing, and lists the newest activity first', async () => {
    const { buyer, agent, listing } = await scene();
    const other = await createListing(ctx.app, agent, { title: 'Town flat' });
    const first = await started(buyer, listing, 'One');
    const onOther = await started(buyer, other, 'Elsewhere');
    expect(await started(buyer, listing, 'Two')).toBe(first);
    expect(onOther).not.toBe(first);

    expect((await listOf(agent)).map((c: { _id: string }) => c._id)).toEqual([first, onOther]);
    expect((await listOf(agent))[0]).toMatchObject({ lastMessage: 'Two', unread: 2 });
    expect(await unreadOf(agent)).toBe(3);
    const stored = await ctx.app.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, first));
    expect(stored.map((m) => m.body).sort()).toEqual(['One', 'Two']);
  });

  it('makes two first questions sent at once share one conversation', async () => {
    const { buyer, listing } = await scene();
    const answers = await Promise.all([
      ask(buyer, listing, 'First'),
      ask(buyer, listing, 'Second'),
      ask(buyer, listing, 'Third'),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(answers.map((r) => r.json().conversationId));
    expect(ids.size).toBe(1);
    expect(await ctx.app.db.select().from(conversations)).toHaveLength(1);
    expect(await ctx.app.db.select().from(messages)).toHaveLength(3);
  });

  it('lets other agents and admins ask too, but never about their own listing', async () => {
    const { agent, listing } = await scene();
    const otherAgent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    await started(otherAgent, listing);
    await started(admin, listing);
    const own = await ask(agent, listing, 'Hello me');
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe(CONVERSATION_MESSAGES.ownListing);
  });
});

describe('what a message may be', () => {
  it('is 1 to 2,000 characters once trimmed, or the body field says why', async () => {
    const { buyer, listing } = await scene();
    const refusals: Array<[unknown, string]> = [
      ['', CONVERSATION_MESSAGES.bodyRequired],
      ['   \n ', CONVERSATION_MESSAGES.bodyRequired],
      ['x'.repeat(2001), CONVERSATION_MESSAGES.bodyTooLong],
      [undefined, CONVERSATION_MESSAGES.bodyRequired],
      [42, CONVERSATION_MESSAGES.bodyRequired],
    ];
    for (const [body, message] of refusals) {
      const response = await ask(buyer, listing, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { body: message },
      });
    }
    expect(await ctx.app.db.select().from(conversations)).toEqual([]);
    const id = await started(buyer, listing, `  ${'y'.repeat(2000)}  `);
    const [stored] = await ctx.app.db.select().from(messages);
    expect(stored?.body).toBe('y'.repeat(2000));
    const reply = await answer(buyer, id, 'z'.repeat(2001));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fields).toEqual({ body: CONVERSATION_MESSAGES.bodyTooLong });
  });

  it('is kept and answered as the text it was: markup and links stay plain characters', async () => {
    const { buyer, agent, listing } = await scene();
    const text =
      '<b>Hi</b> <script>alert(1)</script>\nSee https://example.test/?a=1&b=2 <a href="x">x</a>';
    const id = await started(buyer, listing, text);
    const [stored] = await ctx.app.db.select().from(messages);
    expect(stored?.body).toBe(text);
    const thread = await read(agent, id);
    expect(thread.headers['content-type']).toMatch(/^application\/json/);
    expect(thread.json().messages[0].body).toBe(text);
    expect((await listOf(agent))[0].lastMessage).toBe(text);
  });
});

describe('who may send', () => {
  it('refuses fraud accounts, even in a conversation they started before', async () => {
    const { buyer, agent, listing } = await scene();
    const fraud = await createAccount(ctx.app, 'fraud');
    const refused = await ask(fraud, listing, 'Hello');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(CONVERSATION_MESSAGES.fraudCannotSend);

    const id = await started(buyer, listing);
    await ctx.app.db.update(users).set({ role: 'fraud' }).where(eq(users.id, buyer.id));
    const again = await answer(buyer, id, 'Still there?');
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toBe(CONVERSATION_MESSAGES.fraudCannotSend);
    expect(await ctx.app.db.select().from(messages)).toHaveLength(1);
    // Reading what was said stays possible; the agent still answers.
    expect((await read(buyer, id)).statusCode).toBe(200);
    expect((await answer(agent, id, 'Yes')).statusCode).toBe(201);
  });

  it('takes no question about a listing buyers cannot see', async () => {
    const { buyer, agent } = await scene();
    const admin = await createAccount(ctx.app, 'admin');
    const pending = await createListing(ctx.app, agent, { title: 'Waiting' }, 'pending');
    const rejected = await createListing(ctx.app, agent, { title: 'No' }, 'rejected');
    const suspended = await createAccount(ctx.app, 'agent');
    const frozen = await createListing(ctx.app, suspended, { title: 'Frozen' });
    await ctx.app.db.update(users).set({ role: 'fraud' }).where(eq(users.id, suspended.id));

    for (const listing of [pending, rejected, frozen, '00000000-0000-4000-8000-000000000000']) {
      const response = await ask(buyer, listing, 'Hello?');
      expect(response.statusCode, listing).toBe(404);
      expect(response.json().error).toBe('Property not found');
    }
    // An admin sees such listings, so is told why instead.
    for (const listing of [pending, rejected, frozen]) {
      const response = await ask(admin, listing, 'Hello?');
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe(CONVERSATION_MESSAGES.listingNotOpen);
    }
    expect((await ask(agent, pending, 'Me?')).statusCode).toBe(403);
    expect((await ask(undefined, pending, 'Anyone?')).statusCode).toBe(401);
    expect(await ctx.app.db.select().from(conversations)).toEqual([]);
  });

  it('lets nobody but its two sides and admins read a thread, and only its sides write in it', async () => {
    const { buyer, agent, listing } = await scene();
    const id = await started(buyer, listing);
    const stranger = await createAccount(ctx.app);
    const otherAgent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');

    for (const who of [stranger, otherAgent]) {
      expect((await read(who, id)).statusCode).toBe(404);
      expect((await answer(who, id, 'Let me in')).statusCode).toBe(404);
      expect(await listOf(who)).toEqual([]);
      expect(await unreadOf(who)).toBe(0);
    }
    const adminView = await read(admin, id);
    expect(adminView.statusCode).toBe(200);
    expect(adminView.json().conversation).toMatchObject({ role: 'admin', unread: 0 });
    expect(adminView.json().messages[0]).toMatchObject({ mine: false, sender: 'buyer' });
    expect((await answer(admin, id, 'Admin here')).statusCode).toBe(403);
    // An admin's reading does not mark it read for the agent.
    expect(await unreadOf(agent)).toBe(1);
    expect(await ctx.app.db.select().from(messages)).toHaveLength(1);
  });
});

describe('removal by an admin', () => {
  it('hides the text from both sides, marks it removed and logs who did it', async () => {
    const { buyer, agent, listing } = await scene();
    const admin = await createAccount(ctx.app, 'admin');
    const id = await started(buyer, listing, 'Call me on 555-0100');
    const [message] = await ctx.app.db.select().from(messages);
    if (!message) throw new Error('no message');

    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/messages/${message.id}`,
          headers: agent.bearer,
        })
      ).statusCode,
    ).toBe(403);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/messages/${message.id}`,
      headers: admin.bearer,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: CONVERSATION_MESSAGES.removedDone });

    for (const who of [buyer, agent, admin]) {
      const thread = (await read(who, id)).json();
      expect(thread.messages).toEqual([
        expect.objectContaining({ _id: message.id, body: '', removed: true }),
      ]);
      expect(JSON.stringify(thread)).not.toContain('555-0100');
    }
    expect((await listOf(agent))[0].lastMessage).toBe(CONVERSATION_MESSAGES.removed);
    // A removed message is nothing to read.
    expect(await unreadOf(agent)).toBe(0);

    const audit = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.removed'), eq(auditLog.targetId, message.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, targetType: 'message' });

    // Removing it again changes nothing and logs nothing more.
    const twice = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/messages/${message.id}`,
      headers: admin.bearer,
    });
    expect(twice.statusCode).toBe(200);
    expect(await ctx.app.db.select().from(auditLog)).toHaveLength(1);
    const missing = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/messages/00000000-0000-4000-8000-000000000000',
      headers: admin.bearer,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('telling the other side', () => {
  it('notifies the recipient once per message, with a preview and a link to the thread', async () => {
    const { buyer, agent, listing } = await scene();
    const published = vi.spyOn(ctx.app.live, 'publish');
    try {
      const id = await started(buyer, listing, 'Is the\n\nroof new?');
      await ctx.app.jobs.drain();
      await ctx.app.jobs.drain();
      const toAgent = await ctx.app.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, agent.id));
      expect(toAgent).toEqual([
        expect.objectContaining({
          kind: 'message_received',
          title: 'Bea Buyer wrote about Lake house',
          body: 'Is the roof new?',
          link: `/dashboard/messages/${id}`,
        }),
      ]);
      expect(published).toHaveBeenCalledWith(agent.id, { type: 'messages' });

      expect((await answer(agent, id, 'x'.repeat(500))).statusCode).toBe(201);
      await ctx.app.jobs.drain();
      const toBuyer = await ctx.app.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, buyer.id));
      expect(toBuyer).toHaveLength(1);
      expect(toBuyer[0]?.body.length).toBeLessThanOrEqual(140);
      expect(published).toHaveBeenCalledWith(buyer.id, { type: 'messages' });
      expect(
        await ctx.app.db.select().from(notifications).where(eq(notifications.userId, agent.id)),
      ).toHaveLength(1);
    } finally {
      published.mockRestore();
    }
  });
});

describe('the hourly allowance', () => {
  const limited = useTestApp({}, { accountLimits: { message: 2 } });

  it('refuses the third message in an hour with the reason, whichever route sends it', async () => {
    const buyer = await createAccount(limited.app);
    const agent = await createAccount(limited.app, 'agent');
    const listing = await createListing(limited.app, agent);
    const send = (url: string) =>
      limited.app.inject({ method: 'POST', url, headers: buyer.bearer, payload: { body: 'Hi' } });
    const first = await send(`/api/properties/${listing}/messages`);
    expect(first.statusCode).toBe(201);
    const id = first.json().conversationId;
    const second = await send(`/api/conversations/${id}/messages`);
    expect(second.statusCode).toBe(201);
    const third = await send(`/api/conversations/${id}/messages`);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ error: CONVERSATION_MESSAGES.tooMany, code: 'RATE_LIMITED' });
    expect(third.headers['retry-after']).toBeDefined();
    expect((await send(`/api/properties/${listing}/messages`)).statusCode).toBe(429);
    // The agent's allowance is their own.
    expect(
      (
        await limited.app.inject({
          method: 'POST',
          url: `/api/conversations/${id}/messages`,
          headers: agent.bearer,
          payload: { body: 'Hello' },
        })
      ).statusCode,
    ).toBe(201);
  });
});
