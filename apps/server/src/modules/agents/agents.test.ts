import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/test-app.js';
import {
  auditLog,
  conversations,
  messages,
  offers,
  payments,
  properties,
  reviews,
  sessions,
  users,
} from '../../db/schema.js';

const ctx = useTestApp({}, { accountLimits: { review: 1e6 } });

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

interface Person {
  id: string;
  email: string;
  headers: { authorization: string };
}

/** An account with a session, straight in the database. */
async function person(
  role: 'user' | 'agent' | 'admin' | 'fraud',
  name: string,
  fields: { emailVerified?: boolean; phone?: string } = {},
): Promise<Person> {
  const id = randomBytes(12).toString('hex');
  const token = randomBytes(24).toString('hex');
  const email = `${id}@agents.test`;
  await ctx.app.db.insert(users).values({ id, name, email, role, emailVerified: true, ...fields });
  await ctx.app.db.insert(sessions).values({
    id: randomBytes(12).toString('hex'),
    token,
    userId: id,
    expiresAt: new Date(Date.now() + 7 * DAY),
  });
  return { id, email, headers: { authorization: `Bearer ${token}` } };
}

async function listing(
  agent: Person,
  title: string,
  fields: Partial<typeof properties.$inferInsert> = {},
) {
  const [row] = await ctx.app.db
    .insert(properties)
    .values({
      title,
      description: 'A home',
      location: 'Austin, Texas',
      propertyType: 'House',
      minPriceCents: 100_000_00,
      maxPriceCents: 120_000_00,
      bedrooms: 3,
      bathrooms: 2,
      areaSize: 1500,
      approval: 'approved',
      agentId: agent.id,
      ...fields,
    })
    .returning({ id: properties.id });
  return row?.id as string;
}

/** A home the buyer bought: listed `days` before it was paid for. */
async function sale(agent: Person, buyer: Person, title: string, days: number, paidAt: Date) {
  const propertyId = await listing(agent, title, {
    availability: 'Sold',
    createdAt: new Date(paidAt.getTime() - days * DAY),
  });
  const [offer] = await ctx.app.db
    .insert(offers)
    .values({
      propertyId,
      buyerId: buyer.id,
      amountCents: 110_000_00,
      buyingDate: '2026-12-01',
      status: 'paid',
    })
    .returning({ id: offers.id });
  await ctx.app.db.insert(payments).values({
    offerId: offer?.id,
    buyerId: buyer.id,
    propertyId,
    provider: 'demo',
    checkoutSessionId: randomBytes(8).toString('hex'),
    status: 'paid',
    amountCents: 110_000_00,
    transactionId: randomBytes(8).toString('hex'),
    paidAt,
  });
  return propertyId;
}

/** A conversation: each message by the buyer or the agent, minutes after the start. */
async function conversation(
  agent: Person,
  buyer: Person,
  said: Array<['buyer' | 'agent', number]>,
) {
  const start = new Date('2026-11-02T09:00:00Z').getTime();
  const [row] = await ctx.app.db
    .insert(conversations)
    .values({ propertyTitle: 'A home', buyerId: buyer.id, agentId: agent.id })
    .returning({ id: conversations.id });
  await ctx.app.db.insert(messages).values(
    said.map(([who, minutes]) => ({
      conversationId: row?.id as string,
      senderId: who === 'agent' ? agent.id : buyer.id,
      body: 'Hello',
      createdAt: new Date(start + minutes * MINUTE),
    })),
  );
}

/**
 * A small market with known answers: Alice sold three homes 4, 10 and 30 days after listing them
 * (median 10); she answered after 20, 60 and 30 minutes (median 30) and left one question
 * unanswered; she has two homes on the market and one waiting for review. Bob has nothing.
 */
async function market() {
  const alice = await person('agent', 'Alice Agent', { phone: '+1 555 010 0101' });
  const bob = await person('agent', 'Bob Broker');
  const fraud = await person('fraud', 'Fiona Fraud');
  const buyer = await person('user', 'Bea Buyer');
  const secondBuyer = await person('user', 'Cai Buyer');
  const browser = await person('user', 'Dan Browser');
  const admin = await person('admin', 'Ada Admin');
  const paidAt = new Date('2026-10-01T12:00:00Z');
  await sale(alice, buyer, 'Sold fast', 4, paidAt);
  await sale(alice, secondBuyer, 'Sold in ten days', 10, new Date(paidAt.getTime() + DAY));
  await sale(alice, buyer, 'Sold slowly', 30, new Date(paidAt.getTime() + 2 * DAY));
  const onMarket = await listing(alice, 'On the market');
  const underOffer = await listing(alice, 'Under offer', { availability: 'Pending' });
  await listing(alice, 'Waiting for review', { approval: 'pending' });
  await listing(fraud, 'Fraud house');
  await conversation(alice, buyer, [
    ['buyer', 0],
    ['buyer', 5],
    ['agent', 20],
    ['buyer', 100],
    ['agent', 160],
    ['buyer', 300],
  ]);
  await conversation(alice, secondBuyer, [
    ['buyer', 0],
    ['agent', 30],
    ['agent', 40],
  ]);
  return { alice, bob, fraud, buyer, secondBuyer, browser, admin, onMarket, underOffer };
}

const get = (who: Person | undefined, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const send = (who: Person, method: 'POST' | 'PUT', url: string, payload: object) =>
  ctx.app.inject({ method, url, headers: who.headers, payload });

describe('an agent profile', () => {
  it('shows the figures of a known market, and the contact the agent chose', async () => {
    const m = await market();
    const profile = await get(m.buyer, `/api/agents/${m.alice.id}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      _id: m.alice.id,
      name: 'Alice Agent',
      email: m.alice.email,
      phone: null,
      bio: '',
      serviceAreas: [],
      canReview: true,
      fraud: false,
      figures: {
        homesSold: 3,
        medianDaysToSale: 10,
        medianResponseMinutes: 30,
        rating: null,
        reviewCount: 0,
      },
    });
    expect((await get(m.browser, `/api/agents/${m.alice.id}`)).json().canReview).toBe(false);
    expect((await get(m.buyer, `/api/agents/${m.bob.id}`)).json().figures).toEqual({
      homesSold: 0,
      medianDaysToSale: null,
      medianResponseMinutes: null,
      rating: null,
      reviewCount: 0,
    });

    const saved = await send(m.alice, 'PUT', '/api/agent-profile', {
      bio: '  Twenty years in Austin.  ',
      serviceAreas: ['Austin, Texas', ' Round Rock '],
      showEmail: false,
      showPhone: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      bio: 'Twenty years in Austin.',
      serviceAreas: ['Austin, Texas', 'Round Rock'],
      phone: '+1 555 010 0101',
    });
    expect((await get(m.alice, '/api/agent-profile')).json().showEmail).toBe(false);
    expect((await get(m.browser, `/api/agents/${m.alice.id}`)).json()).toMatchObject({
      email: null,
      phone: '+1 555 010 0101',
      bio: 'Twenty years in Austin.',
      serviceAreas: ['Austin, Texas', 'Round Rock'],
    });
  });

  it('is for signed-in people, 404 for a fraud-marked agent (but to admins) and for a non-agent', async () => {
    const m = await market();
    expect((await get(undefined, `/api/agents/${m.alice.id}`)).statusCode).toBe(401);
    for (const who of [m.buyer, m.alice, m.bob]) {
      for (const path of ['', '/listings', '/sales', '/reviews']) {
        const fraud = await get(who, `/api/agents/${m.fraud.id}${path}`);
        expect(fraud.statusCode, path).toBe(404);
        expect(fraud.json().error).toBe('Agent not found');
      }
    }
    const seen = await get(m.admin, `/api/agents/${m.fraud.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ fraud: true, canReview: false });
    for (const id of [m.buyer.id, m.admin.id, 'no-such-account']) {
      expect((await get(m.admin, `/api/agents/${id}`)).statusCode).toBe(404);
    }
  });

  it('lists the homes on the market as buyers see them, and the sales without buyers or prices', async () => {
    const m = await market();
    const listings = await get(m.browser, `/api/agents/${m.alice.id}/listings?limit=1`);
    expect(listings.headers['x-total-count']).toBe('2');
    expect(listings.json().map((l: { title: string }) => l.title)).toHaveLength(1);
    const all = await get(m.browser, `/api/agents/${m.alice.id}/listings`);
    expect(
      all
        .json()
        .map((l: { _id: string }) => l._id)
        .sort(),
    ).toEqual([m.onMarket, m.underOffer].sort());

    const sales = await get(m.browser, `/api/agents/${m.alice.id}/sales`);
    expect(sales.headers['x-total-count']).toBe('3');
    expect(sales.json().map((s: { title: string }) => s.title)).toEqual([
      'Sold slowly',
      'Sold in ten days',
      'Sold fast',
    ]);
    expect(sales.json()[0]).toEqual({
      propertyId: expect.any(String),
      title: 'Sold slowly',
      location: 'Austin, Texas',
      soldAt: '2026-10-03T12:00:00.000Z',
    });
    expect(sales.body).not.toContain(m.buyer.id);
    expect(sales.body).not.toContain('Bea Buyer');
    const second = await get(m.browser, `/api/agents/${m.alice.id}/sales?page=2&limit=2`);
    expect(second.json().map((s: { title: string }) => s.title)).toEqual(['Sold fast']);
  });
});

describe('reviews of an agent', () => {
  it('come only from buyers who bought from the agent; a second replaces the first', async () => {
    const m = await market();
    const url = `/api/agents/${m.alice.id}/reviews`;
    const first = await send(m.buyer, 'POST', url, { rating: 2, title: 'Slow', text: 'Meh' });
    expect(first.statusCode).toBe(200);
    const second = await send(m.buyer, 'POST', url, { rating: 5, title: 'Great', text: 'Yes' });
    expect(second.json().insertedId).toBe(first.json().insertedId);
    await send(m.secondBuyer, 'POST', url, { rating: 4 });

    const refused = await send(m.browser, 'POST', url, { rating: 1, title: 'Never met' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(
      'Only buyers who toured or bought a home with this agent can review them.',
    );
    expect((await send(m.buyer, 'POST', `/api/agents/${m.bob.id}/reviews`, {})).statusCode).toBe(
      403,
    );
    expect((await send(m.alice, 'POST', url, { rating: 5 })).statusCode).toBe(403);
    expect(
      (await send(m.buyer, 'POST', `/api/agents/${m.fraud.id}/reviews`, { rating: 5 })).statusCode,
    ).toBe(404);
    expect((await send(m.buyer, 'POST', url, { rating: 6 })).statusCode).toBe(400);
    await ctx.app.db
      .update(users)
      .set({ emailVerified: false })
      .where(eq(users.id, m.secondBuyer.id));
    expect((await send(m.secondBuyer, 'POST', url, { rating: 1 })).statusCode).toBe(403);

    const listed = await get(m.buyer, url);
    expect(listed.headers['x-total-count']).toBe('2');
    expect(listed.json()[1]).toMatchObject({ rating: 5, title: 'Great', mine: true });
    expect(listed.body).not.toContain(m.buyer.id);
    const profile = await get(m.browser, `/api/agents/${m.alice.id}`);
    expect(profile.json().figures).toMatchObject({ rating: 4.5, reviewCount: 2 });
  });

  it('are moderated as other reviews: in the admins’ list, deleted by the reviewer or an admin', async () => {
    const m = await market();
    const url = `/api/agents/${m.alice.id}/reviews`;
    const mine = (await send(m.buyer, 'POST', url, { rating: 5 })).json().insertedId;
    const theirs = (await send(m.secondBuyer, 'POST', url, { rating: 1 })).json().insertedId;

    const all = await get(m.admin, '/api/property-reviews');
    expect(all.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ _id: mine, reviewFor: 'agent', agentId: m.alice.id }),
      ]),
    );
    const own = await get(m.buyer, `/api/property-reviews/${m.buyer.id}`);
    expect(own.json().map((r: { _id: string }) => r._id)).toEqual([mine]);

    const del = (who: Person, id: string) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/property-reviews/${id}`,
        headers: who.headers,
      });
    expect((await del(m.buyer, theirs)).statusCode).toBe(403);
    expect((await del(m.buyer, mine)).statusCode).toBe(200);
    expect((await del(m.admin, theirs)).statusCode).toBe(200);
    expect(await ctx.app.db.select().from(reviews)).toEqual([]);
    const [audit] = await ctx.app.db.select().from(auditLog);
    expect(audit?.action).toBe('review.deleted');
    expect(audit?.before).toMatchObject({ reviewFor: 'agent', agentId: m.alice.id });
  });
});

describe('the own profile', () => {
  it('starts empty with e-mail shown and phone hidden, and refuses what is too long or too many', async () => {
    const m = await market();
    expect((await get(m.bob, '/api/agent-profile')).json()).toMatchObject({
      bio: '',
      serviceAreas: [],
      showEmail: true,
      showPhone: false,
      name: 'Bob Broker',
    });
    for (const [body, field] of [
      [{ bio: 'x'.repeat(1001) }, 'bio'],
      [{ serviceAreas: Array.from({ length: 11 }, (_, i) => `Town ${i}`) }, 'serviceAreas'],
      [{ serviceAreas: ['y'.repeat(81)] }, 'serviceAreas.0'],
      [{ serviceAreas: ['Austin', 'austin'] }, 'serviceAreas'],
      [{ serviceAreas: ['  '] }, 'serviceAreas.0'],
      [{ showPhone: 'yes' }, 'showPhone'],
    ] as const) {
      const response = await send(m.bob, 'PUT', '/api/agent-profile', body);
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), field).toContain(field);
    }
    expect(
      (await send(m.bob, 'PUT', '/api/agent-profile', { bio: 'x'.repeat(1000) })).statusCode,
    ).toBe(200);
    expect((await send(m.buyer, 'PUT', '/api/agent-profile', { bio: 'Me' })).statusCode).toBe(403);
    expect((await get(m.admin, '/api/agent-profile')).statusCode).toBe(403);
  });
});

describe('the agents directory', () => {
  it('lists trusted agents only, searched by name or area, sorted by sales or rating, paged', async () => {
    const m = await market();
    const carol = await person('agent', 'Carol 100% Homes');
    await send(m.bob, 'PUT', '/api/agent-profile', { serviceAreas: ['Round Rock, Texas'] });
    await send(m.secondBuyer, 'POST', `/api/agents/${m.alice.id}/reviews`, { rating: 3 });
    await ctx.app.db.insert(reviews).values({
      reviewerId: m.buyer.id,
      reviewFor: 'agent',
      agentId: carol.id,
      rating: 5,
    });

    const names = async (query: string) => {
      const response = await get(undefined, `/api/agents${query}`);
      expect(response.statusCode, query).toBe(200);
      return {
        names: response.json().map((a: { name: string }) => a.name),
        total: response.headers['x-total-count'],
      };
    };
    // Equal sales are ordered by rating.
    expect(await names('')).toEqual({
      names: ['Alice Agent', 'Carol 100% Homes', 'Bob Broker'],
      total: '3',
    });
    expect((await names('?sort=rating')).names).toEqual([
      'Carol 100% Homes',
      'Alice Agent',
      'Bob Broker',
    ]);
    expect(await names('?search=round%20rock')).toEqual({ names: ['Bob Broker'], total: '1' });
    expect((await names('?search=ALICE')).names).toEqual(['Alice Agent']);
    expect((await names('?search=%25')).names).toEqual(['Carol 100% Homes']);
    expect((await names('?search=_')).names).toEqual([]);
    expect(await names('?limit=2&page=2')).toEqual({ names: ['Bob Broker'], total: '3' });
    expect(await names('?page=5')).toEqual({ names: [], total: '3' });

    const [first] = (await get(undefined, '/api/agents')).json();
    expect(first).toEqual({
      _id: m.alice.id,
      name: 'Alice Agent',
      image: null,
      serviceAreas: [],
      rating: 3,
      reviewCount: 1,
      homesSold: 3,
    });
    for (const query of ['?sort=cheapest', '?limit=101', `?search=${'a'.repeat(101)}`]) {
      expect((await get(undefined, `/api/agents${query}`)).statusCode, query).toBe(400);
    }
  });
});
