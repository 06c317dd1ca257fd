import { NEWSLETTER_MESSAGES } from '@keyhaven/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, nextAddress, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { uploadAs } from '../../../test/helpers/uploads.js';
import { auditLog, newsletterSubscribers, reviews } from '../../db/schema.js';

const ctx = useTestApp();

const post = (who: TestAccount | undefined, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/reviews', headers: who?.bearer ?? {}, payload });

describe('POST /api/reviews', () => {
  it('defaults the rating to 5 and refuses ratings outside 1-5', async () => {
    const buyer = await createAccount(ctx.app);
    const saved = await post(buyer, { title: 'Smooth', text: 'Found my flat in a week.' });
    expect(saved.json()).toMatchObject({ message: 'Review submitted!' });
    const [stored] = await ctx.app.db.select().from(reviews);
    expect(stored?.rating).toBe(5);
    for (const rating of [0, 6, 2.5, 'five']) {
      const response = await post(buyer, { rating, title: 'x' });
      expect(response.statusCode, String(rating)).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
    for (const rating of [1, 5]) expect((await post(buyer, { rating })).statusCode).toBe(200);
  });

  it('takes a rating only as a number or its decimal text: not a boolean, a list, hex or spaces', async () => {
    const buyer = await createAccount(ctx.app);
    for (const rating of [
      true,
      false,
      [5],
      ['4'],
      { value: 5 },
      '0x5',
      '5e0',
      ' ',
      ' 4',
      'Infinity',
    ]) {
      const response = await post(buyer, { rating, title: 'x' });
      expect(response.statusCode, JSON.stringify(rating)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { rating: 'Rating must be a number from 1 to 5' },
      });
    }
    expect(await ctx.app.db.select().from(reviews)).toEqual([]);
    for (const rating of [4, '4', '3.0', '']) {
      expect((await post(buyer, { rating })).statusCode, JSON.stringify(rating)).toBe(200);
    }
    const [stored] = await ctx.app.db.select().from(reviews);
    expect(stored?.rating).toBe(5);
  });

  it('takes the reviewer from the session and the picture and agent from the listing', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const other = await createAccount(ctx.app);
    const { url: image } = await uploadAs(ctx.app, agent);
    const propertyId = await createListing(ctx.app, agent, { image });
    const response = await post(buyer, {
      reviewFor: 'property',
      propertyId,
      rating: 4,
      title: 'Lovely',
      text: 'Great light.',
      reviewerUID: other.id,
      reviewerName: 'Forged Name',
      reviewerAvatar: 'https://evil.example/x.png',
      propertyIMG: 'https://evil.example/y.png',
      agentId: other.id,
      postedAt: '2001-01-01T00:00:00.000Z',
    });
    expect(response.statusCode).toBe(200);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/property-reviews/${buyer.id}`,
      headers: buyer.bearer,
    });
    const [review] = list.json();
    expect(review).toMatchObject({
      reviewerUID: buyer.id,
      propertyIMG: image,
      agentId: agent.id,
      rating: 4,
    });
    expect(review.reviewerName).not.toBe('Forged Name');
    expect(new Date(review.postedAt).getFullYear()).toBeGreaterThan(2020);
  });

  it('keeps one review per buyer per listing: a second one replaces the first', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const propertyId = await createListing(ctx.app, agent);
    await post(buyer, { reviewFor: 'property', propertyId, rating: 2, title: 'First' });
    await post(buyer, { reviewFor: 'property', propertyId, rating: 4, title: 'Second' });
    const stored = await ctx.app.db.select().from(reviews);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ rating: 4, title: 'Second' });
  });

  it('keeps one website review per buyer: a second one replaces the first, with a new date', async () => {
    const buyer = await createAccount(ctx.app);
    const other = await createAccount(ctx.app);
    const first = await post(buyer, { rating: 2, title: 'First', text: 'Slow' });
    await post(other, { title: 'Someone else' });
    const [before] = await ctx.app.db.select().from(reviews).where(eq(reviews.title, 'First'));
    const second = await post(buyer, { rating: 4, title: 'Second', text: 'Better now' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({
      insertedId: first.json().insertedId,
      message: 'Review submitted!',
    });
    const mine = await ctx.app.db.select().from(reviews).where(eq(reviews.reviewerId, buyer.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ rating: 4, title: 'Second', text: 'Better now' });
    expect(mine[0]?.postedAt.getTime()).toBeGreaterThanOrEqual(before?.postedAt.getTime() ?? 0);
    const site = await ctx.app.inject({ method: 'GET', url: '/api/reviews?reviewFor=website' });
    expect(site.json().map((r: { title: string }) => r.title)).toEqual(['Second', 'Someone else']);
  });

  it('keeps one website review per buyer when several posts arrive at once', async () => {
    const buyer = await createAccount(ctx.app);
    const responses = await Promise.all(
      [1, 2, 3, 4, 5].map((rating) => post(buyer, { rating, title: `Take ${rating}` })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const stored = await ctx.app.db.select().from(reviews);
    expect(stored).toHaveLength(1);
    expect(new Set(responses.map((r) => r.json().insertedId))).toEqual(new Set([stored[0]?.id]));
  });

  it('lets one account post ten reviews an hour, from any address, then answers 429', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const listings = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => createListing(ctx.app, agent, { title: `Home ${n}` })),
    );
    const from = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers: buyer.bearer,
        payload,
        remoteAddress: nextAddress(),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await from({ title: `Site ${i}` })).statusCode);
    for (const propertyId of listings) {
      statuses.push((await from({ reviewFor: 'property', propertyId, title: 'Home' })).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(200));

    const refused = await from({ title: 'The eleventh' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: expect.any(String), code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    const [site] = await ctx.app.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.reviewerId, buyer.id), eq(reviews.reviewFor, 'website')));
    expect(site?.title).toBe('Site 4');

    // Another buyer, even from the same address, still has their own allowance.
    const neighbour = await createAccount(ctx.app);
    const theirs = await ctx.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: neighbour.bearer,
      payload: { title: 'Mine' },
    });
    expect(theirs.statusCode).toBe(200);
  });

  it('returns review text with <script> exactly as typed', async () => {
    const buyer = await createAccount(ctx.app);
    const text = '<script>alert("x")</script> & <b>bold</b>';
    await post(buyer, { title: '<img src=x onerror=alert(1)>', text });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/reviews?reviewFor=website' });
    expect(list.json()[0]).toMatchObject({ text, title: '<img src=x onerror=alert(1)>' });
    expect(list.headers['content-type']).toContain('application/json');
  });

  it('is refused to agents, admins and fraud users (403) and anonymous callers (401)', async () => {
    for (const role of ['agent', 'admin', 'fraud'] as const) {
      expect((await post(await createAccount(ctx.app, role), { rating: 5 })).statusCode).toBe(403);
    }
    expect((await post(undefined, { rating: 5 })).statusCode).toBe(401);
    expect(await ctx.app.db.select().from(reviews)).toEqual([]);
  });
});

describe('what review lists show', () => {
  it("names reviewers without their account ids, on Home and on a listing, and marks the caller's own", async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const other = await createAccount(ctx.app);
    const propertyId = await createListing(ctx.app, agent);
    await post(buyer, { title: 'Site', text: 'Easy' });
    await post(buyer, { reviewFor: 'property', propertyId, rating: 4, title: 'Mine' });
    await post(other, { reviewFor: 'property', propertyId, rating: 3, title: 'Theirs' });

    const site = await ctx.app.inject({ method: 'GET', url: '/api/reviews?reviewFor=website' });
    const listing = await ctx.app.inject({
      method: 'GET',
      url: `/api/reviews?propertyId=${propertyId}`,
      headers: buyer.bearer,
    });
    for (const response of [site, listing]) {
      expect(response.statusCode).toBe(200);
      for (const id of [buyer.id, other.id, agent.id]) expect(response.body).not.toContain(id);
      for (const review of response.json()) {
        expect(review).not.toHaveProperty('reviewerUID');
        expect(review).not.toHaveProperty('agentId');
        expect(review).toMatchObject({
          _id: expect.any(String),
          rating: expect.any(Number),
          title: expect.any(String),
          text: expect.any(String),
          reviewerName: expect.any(String),
          postedAt: expect.any(String),
        });
        expect(review).toHaveProperty('reviewerAvatar');
      }
    }
    expect(site.json()[0]).not.toHaveProperty('mine');
    expect(listing.json().map((r: { title: string; mine: boolean }) => [r.title, r.mine])).toEqual([
      ['Theirs', false],
      ['Mine', true],
    ]);

    // The caller's own list (My Reviews) and the admins' list keep what those pages need.
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/property-reviews/${buyer.id}`,
      headers: buyer.bearer,
    });
    expect(own.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reviewerUID: buyer.id, agentId: agent.id }),
      ]),
    );
  });
});

describe('reading and deleting reviews', () => {
  it('answers website reviews with an ETag, and 304 when the client already has them', async () => {
    await post(await createAccount(ctx.app), { title: 'Lovely' });
    const url = '/api/reviews?reviewFor=website';
    const first = await ctx.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('1');
    expect(first.json()).toMatchObject([{ title: 'Lovely' }]);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+-1"$/);

    const again = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await post(await createAccount(ctx.app), { title: 'Newer' });
    const changed = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().map((r: { title: string }) => r.title)).toEqual(['Newer', 'Lovely']);
  });

  it('shows website reviews to everyone, newest first, and property reviews to signed-in users', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const propertyId = await createListing(ctx.app, agent);
    await post(buyer, { title: 'Older' });
    await post(await createAccount(ctx.app), { title: 'Newer' });
    const site = await ctx.app.inject({ method: 'GET', url: '/api/reviews?reviewFor=website' });
    expect(site.json().map((r: { title: string }) => r.title)).toEqual(['Newer', 'Older']);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/reviews?propertyId=${propertyId}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets a reviewer delete their own review, refuses another user (403), and audits an admin', async () => {
    const author = await createAccount(ctx.app);
    const other = await createAccount(ctx.app);
    const admin = await createAccount(ctx.app, 'admin');
    const propertyId = await createListing(ctx.app, await createAccount(ctx.app, 'agent'));
    const first = (await post(author, { title: 'Mine' })).json().insertedId;
    const second = (
      await post(author, { reviewFor: 'property', propertyId, title: 'Also mine' })
    ).json().insertedId;
    const remove = (who: TestAccount, id: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/property-reviews/${id}`, headers: who.bearer });
    expect((await remove(other, first)).statusCode).toBe(403);
    expect((await remove(author, first)).statusCode).toBe(200);
    expect((await remove(admin, second)).statusCode).toBe(200);
    expect(await ctx.app.db.select().from(reviews)).toEqual([]);
    const entries = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'review.deleted'));
    expect(entries.map((e) => e.targetId)).toEqual([second]);
  });

  it("lists a user's reviews for that user and admins, and every review for admins", async () => {
    const author = await createAccount(ctx.app);
    const other = await createAccount(ctx.app);
    const admin = await createAccount(ctx.app, 'admin');
    await post(author, { title: 'One' });
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/property-reviews/${author.id}`,
      headers: author.bearer,
    });
    expect(own.json()).toHaveLength(1);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/property-reviews/${author.id}`,
          headers: other.bearer,
        })
      ).statusCode,
    ).toBe(403);
    const all = await ctx.app.inject({
      method: 'GET',
      url: '/api/property-reviews?limit=10',
      headers: admin.bearer,
    });
    expect(all.headers['x-total-count']).toBe('1');
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/property-reviews',
          headers: author.bearer,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('POST /api/subscribe', () => {
  const subscribe = (email: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      payload: { email },
      remoteAddress: nextAddress(),
    });

  it('stores an e-mail once; subscribing twice is not an error', async () => {
    expect((await subscribe('Reader@Example.test')).json()).toEqual({
      message: NEWSLETTER_MESSAGES.confirmSent,
    });
    expect((await subscribe('reader@example.test')).statusCode).toBe(200);
    await ctx.app.jobs.drain();
    expect(await ctx.app.db.select().from(newsletterSubscribers)).toHaveLength(1);
  });

  it('refuses a bad e-mail with 400', async () => {
    for (const email of ['not-an-email', '', null, 42]) {
      const response = await subscribe(email);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('takes five sign-ups an hour from one address, then answers 429 with Retry-After', async () => {
    const fromOneAddress = (email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/subscribe',
        payload: { email },
        remoteAddress: '10.99.99.99',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await fromOneAddress(`r${i}@example.test`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refused = await fromOneAddress('r5@example.test');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: expect.any(String), code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    await ctx.app.jobs.drain();
    expect(await ctx.app.db.select().from(newsletterSubscribers)).toHaveLength(5);
    expect((await subscribe('elsewhere@example.test')).statusCode).toBe(200);
  });
});
