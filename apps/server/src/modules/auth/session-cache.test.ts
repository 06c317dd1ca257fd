import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { users } from '../../db/schema.js';

// The session cache is off in tests by default (helpers change rows directly); this turns it on.
const ctx = useTestApp({ SESSION_CACHE_SECONDS: '60' });

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, account: TestAccount) =>
  ctx.app.inject({ method, url, headers: account.bearer });

const sessionOf = async (account: TestAccount, headers: Record<string, string> = account.bearer) =>
  (await ctx.app.inject({ method: 'GET', url: '/auth/session', headers })).json().user as {
    _id: string;
    role: string;
  } | null;

describe('the session cache', () => {
  it('keeps what it read for its lifetime: a change made outside the API is not seen by reads', async () => {
    const user = await createAccount(ctx.app);
    expect((await sessionOf(user))?.role).toBe('user');
    await ctx.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    expect((await sessionOf(user))?.role).toBe('user');
    // Any request that may change an account empties it, whatever it was.
    await ctx.app.inject({ method: 'POST', url: '/auth/logout' });
    expect((await sessionOf(user))?.role).toBe('admin');
  });

  it('lets a promotion and a demotion through the API take effect on the very next request', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const user = await createAccount(ctx.app);
    expect((await call('GET', '/api/all-users', user)).statusCode).toBe(403);
    await call('PATCH', `/api/user-role-update/${user.id}/agent`, admin);
    expect((await call('GET', '/api/properties?agentUID=self', user)).statusCode).toBe(200);
    await call('PATCH', `/api/user-role-update/${user.id}/fraud`, admin);
    expect((await call('GET', '/api/properties?agentUID=self', user)).statusCode).toBe(403);
  });

  it('ends access on the very next request after a deletion or a sign-out', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const deleted = await createAccount(ctx.app);
    const signedOut = await createAccount(ctx.app);
    expect((await sessionOf(deleted))?._id).toBe(deleted.id);
    expect((await sessionOf(signedOut, { cookie: signedOut.cookie }))?._id).toBe(signedOut.id);
    expect((await sessionOf(signedOut))?._id).toBe(signedOut.id);

    expect((await call('DELETE', `/api/users/${deleted.id}`, admin)).statusCode).toBe(200);
    expect(await sessionOf(deleted)).toBeNull();
    expect((await call('GET', `/auth/users/${deleted.id}`, deleted)).statusCode).toBe(401);

    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: signedOut.cookie, origin: 'http://localhost:3000' },
    });
    expect(logout.statusCode).toBe(200);
    expect(await sessionOf(signedOut, { cookie: signedOut.cookie })).toBeNull();
    expect(await sessionOf(signedOut)).toBeNull();
  });

  it("keeps what it read through a buyer's wishlist save, and not through other writes", async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const listing = await createListing(ctx.app, agent);
    expect((await sessionOf(buyer))?.role).toBe('user');
    await ctx.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, buyer.id));

    const save = await ctx.app.inject({
      method: 'PATCH',
      url: `/properties/${listing}/wishlist`,
      headers: buyer.bearer,
      payload: {},
    });
    expect(save.statusCode).toBe(200);
    expect((await sessionOf(buyer))?.role).toBe('user');

    const review = await ctx.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: buyer.bearer,
      payload: { rating: 5 },
    });
    expect(review.statusCode).toBe(200);
    expect((await sessionOf(buyer))?.role).toBe('admin');
  });
});
