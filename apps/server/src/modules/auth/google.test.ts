import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, nextAddress, registrationBody } from '../../../test/helpers/accounts.js';
import {
  GOOGLE_TEST_PUBLIC_URL,
  useGoogleTestApp,
  signInWithGoogle as walkGoogleSignIn,
} from '../../../test/helpers/google-sign-in.js';
import { accounts, users } from '../../db/schema.js';

const ctx = useGoogleTestApp();

/**
 * Signs in through the local provider, checking on the way that the authorization request
 * carries PKCE, a state and a nonce, and that the provider sends the browser back to us.
 */
async function signInWithGoogle(tamper?: (callback: URL) => void) {
  const result = await walkGoogleSignIn(ctx.app, ctx.provider, tamper);
  expect(result.authorize.origin).toBe(ctx.provider.issuer);
  expect(result.authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(result.authorize.searchParams.get('state')).toBeTruthy();
  expect(result.authorize.searchParams.get('nonce')).toBeTruthy();
  expect(result.returnedTo.origin).toBe(GOOGLE_TEST_PUBLIC_URL);
  return result;
}

describe('Google sign-in through OpenID Connect', () => {
  it('is announced as enabled', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/auth/providers' });
    expect(response.json()).toEqual({ google: true });
  });

  it('signs a new user in with role user and a profile from the claims', async () => {
    ctx.provider.signInAs({
      sub: 'google-new-1',
      email: 'new.google.user@example.test',
      email_verified: true,
      name: 'Grace Google',
      picture: 'https://images.example.test/grace.png',
    });
    const { callback, user } = await signInWithGoogle();
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/dashboard');
    // A picture on a host other than the provider's is never fetched nor linked to
    // (google-picture.test.ts copies one from the provider's host).
    expect(user).toMatchObject({
      email: 'new.google.user@example.test',
      name: 'Grace Google',
      photo: null,
      role: 'user',
      // The provider vouched for the address: nothing to confirm before offers and payments.
      emailVerified: true,
    });
  });

  it('refuses a tampered state and creates no session', async () => {
    ctx.provider.signInAs({
      sub: 'google-tamper',
      email: 'tamper@example.test',
      email_verified: true,
      name: 'Tess Tamper',
      picture: 'https://images.example.test/t.png',
    });
    const { callback, user } = await signInWithGoogle((url) =>
      url.searchParams.set('state', `${url.searchParams.get('state')}x`),
    );
    expect(callback.statusCode).toBe(302);
    expect(String(callback.headers.location)).toContain('/login?error=google');
    expect(user).toBeNull();
    expect(
      await ctx.app.db.select().from(users).where(eq(users.email, 'tamper@example.test')),
    ).toEqual([]);
  });

  it('sends a sign-in cancelled at the provider back to the login page as cancelled, with no session', async () => {
    ctx.provider.signInAs({
      sub: 'google-cancel',
      email: 'cancel@example.test',
      email_verified: true,
      name: 'Cal Cancel',
      picture: 'https://images.example.test/c.png',
    });
    // The provider answers a declined consent with error=access_denied instead of a code.
    const { callback, user } = await signInWithGoogle((url) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
      url.searchParams.set('error_description', 'End-User aborted interaction');
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/login?error=google_cancelled');
    expect(user).toBeNull();
  });

  it('sends any other provider error to the login page as failed, without the provider’s words', async () => {
    ctx.provider.signInAs({
      sub: 'google-broken',
      email: 'broken@example.test',
      email_verified: true,
      name: 'Bea Broken',
      picture: 'https://images.example.test/b.png',
    });
    const { callback, user } = await signInWithGoogle((url) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'server_error');
      url.searchParams.set('error_description', '<script>alert(1)</script>');
    });
    expect(callback.headers.location).toBe('/login?error=google');
    expect(user).toBeNull();
  });

  it('never takes over a password account when the e-mail is not verified by the provider', async () => {
    const existing = await createAccount(ctx.app);
    ctx.provider.signInAs({
      sub: 'google-unverified',
      email: existing.email,
      email_verified: false,
      name: 'Mallory',
      picture: 'https://images.example.test/m.png',
    });
    const { user } = await signInWithGoogle();
    expect(user).toBeNull();
    const linked = await ctx.app.db.select().from(accounts).where(eq(accounts.userId, existing.id));
    expect(linked.map((account) => account.providerId)).toEqual(['credential']);
  });

  it('does not join an unverified password account even when the provider verifies the e-mail', async () => {
    // Someone may have registered that address with a password before its owner arrived.
    const existing = await createAccount(ctx.app, 'user', {}, { verified: false });
    ctx.provider.signInAs({
      sub: 'google-preclaimed',
      email: existing.email,
      email_verified: true,
      name: 'Owner',
      picture: 'https://images.example.test/o.png',
    });
    const { callback, user } = await signInWithGoogle();
    expect(user).toBeNull();
    expect(String(callback.headers.location)).toContain('/login?error=google');
  });

  it('joins a verified password account when the provider verifies the e-mail', async () => {
    const existing = await createAccount(ctx.app);
    ctx.provider.signInAs({
      sub: 'google-verified',
      email: existing.email,
      email_verified: true,
      name: 'Same Person',
      picture: 'https://images.example.test/s.png',
    });
    const { user } = await signInWithGoogle();
    expect(user?._id).toBe(existing.id);
  });

  it('keeps a squatted password account and its e-mail owner apart, end to end', async () => {
    const victimEmail = `victim-${Date.now()}@example.test`;
    const login = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: victimEmail, password },
        remoteAddress: nextAddress(),
      });
    // Someone registers the victim's address with a password of their own; nobody verifies it.
    const squatter = await createAccount(
      ctx.app,
      'user',
      {
        email: victimEmail,
        name: 'Squatter',
        password: 'Squat1234',
      },
      { verified: false },
    );

    // The victim arrives with Google, which vouches for the address: no session, no join.
    ctx.provider.signInAs({
      sub: 'google-victim',
      email: victimEmail,
      email_verified: true,
      name: 'Victoria Victim',
      picture: 'https://images.example.test/v.png',
    });
    const refused = await signInWithGoogle();
    expect(refused.user).toBeNull();
    expect(String(refused.callback.headers.location)).toMatch(/^\/login\?error=google(&|$)/);
    expect(
      await ctx.app.db.select().from(accounts).where(eq(accounts.accountId, 'google-victim')),
    ).toEqual([]);
    const [untouched] = await ctx.app.db.select().from(users).where(eq(users.id, squatter.id));
    expect(untouched).toMatchObject({ name: 'Squatter', emailVerified: false, image: null });

    // The squatter's password opens only the squatter's own account, with no Google in it.
    const squatterIn = await login('Squat1234');
    expect(squatterIn.statusCode).toBe(200);
    expect(squatterIn.json().user._id).toBe(squatter.id);
    const linked = await ctx.app.db.select().from(accounts).where(eq(accounts.userId, squatter.id));
    expect(linked.map((account) => account.providerId)).toEqual(['credential']);

    // Once an admin removes the squatted account, the owner gets in with Google, into an account
    // of their own that no password opens.
    const admin = await createAccount(ctx.app, 'admin');
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${squatter.id}`,
      headers: { ...admin.bearer, origin: GOOGLE_TEST_PUBLIC_URL },
    });
    expect(removed.statusCode).toBe(200);
    const owner = await signInWithGoogle();
    expect(owner.callback.headers.location).toBe('/dashboard');
    expect(owner.user).toMatchObject({ email: victimEmail, name: 'Victoria Victim', role: 'user' });
    expect(owner.user._id).not.toBe(squatter.id);
    const ownerAccounts = await ctx.app.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, owner.user._id));
    expect(ownerAccounts.map((account) => account.providerId)).toEqual(['google']);
    expect((await login('Squat1234')).statusCode).toBe(401);
  });

  it('lets no one claim a Google account later with a password', async () => {
    const email = `google-first-${Date.now()}@example.test`;
    ctx.provider.signInAs({
      sub: 'google-first',
      email,
      email_verified: true,
      name: 'First Comer',
      picture: 'https://images.example.test/f.png',
    });
    const { user } = await signInWithGoogle();
    expect(user?.email).toBe(email);
    const squat = await ctx.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: registrationBody({ email, password: 'Squat1234' }),
      remoteAddress: nextAddress(),
    });
    expect(squat.statusCode).toBe(409);
    for (const password of ['Squat1234', 'Secret123']) {
      const attempt = await ctx.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email, password },
        remoteAddress: nextAddress(),
      });
      expect(attempt.statusCode).toBe(401);
    }
    const linked = await ctx.app.db.select().from(accounts).where(eq(accounts.userId, user._id));
    expect(linked.map((account) => account.providerId)).toEqual(['google']);
  });
});
