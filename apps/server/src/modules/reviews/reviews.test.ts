import { eq } from 'drizzle-orm';
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
      url: `/api/reviews?propertyId=${propertyId}`,
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
    await post(buyer, { title: 'Newer' });
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
    const first = (await post(author, { title: 'Mine' })).json().insertedId;
    const second = (await post(author, { title: 'Also mine' })).json().insertedId;
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
      message: 'You have successfully subscribed',
    });
    expect((await subscribe('reader@example.test')).statusCode).toBe(200);
    expect(await ctx.app.db.select().from(newsletterSubscribers)).toHaveLength(1);
  });

  it('refuses a bad e-mail with 400', async () => {
    for (const email of ['not-an-email', '', null, 42]) {
      const response = await subscribe(email);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('is rate-limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/subscribe',
        payload: { email: `r${i}@example.test` },
        remoteAddress: '10.99.99.99',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
