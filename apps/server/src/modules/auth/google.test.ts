import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, nextAddress, registrationBody } from '../../../test/helpers/accounts.js';
import { type LocalOidcProvider, startOidcProvider } from '../../../test/helpers/oidc-provider.js';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-database.js';
import { buildApp } from '../../app.js';
import { configFrom } from '../../config.js';
import { accounts, users } from '../../db/schema.js';

const PUBLIC_URL = 'http://keyhaven.localhost:3000';

let provider: LocalOidcProvider;
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  provider = await startOidcProvider(`${PUBLIC_URL}/api/auth/callback/google`);
  database = await createTestDatabase();
  app = await buildApp(
    configFrom({
      DATA_DIR: `/tmp/keyhaven-oidc-${process.pid}`,
      LOG_LEVEL: 'silent',
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
      OIDC_ISSUER: provider.issuer,
    }),
    { database },
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  await provider?.close();
});

/** A tiny cookie jar: the browser's part in the redirects. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    store(setCookie: string | string[] | undefined | null) {
      for (const line of [setCookie ?? []].flat()) {
        const [pair] = line.split(';');
        const [name, ...value] = (pair ?? '').split('=');
        if (name) cookies.set(name.trim(), value.join('='));
      }
    },
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  };
}

/**
 * Walks the browser's path: our start URL, the provider's redirects (answered at once for the
 * chosen identity), and back to our callback, optionally tampering with it on the way.
 */
async function signInWithGoogle(tamper?: (callback: URL) => void) {
  const ours = cookieJar();
  const theirs = cookieJar();
  const start = await app.inject({ method: 'GET', url: '/auth/google?returnTo=/dashboard' });
  expect(start.statusCode).toBe(302);
  ours.store(start.headers['set-cookie']);

  const authorize = new URL(String(start.headers.location));
  expect(authorize.origin).toBe(provider.issuer);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();

  let next = authorize;
  for (let hop = 0; hop < 10 && next.origin === provider.issuer; hop++) {
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: theirs.header() },
    });
    theirs.store(response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`provider stopped at ${next}: ${response.status} ${await response.text()}`);
    next = new URL(location, next);
  }
  expect(next.origin).toBe(PUBLIC_URL);
  tamper?.(next);
  const callback = await app.inject({
    method: 'GET',
    url: `${next.pathname}${next.search}`,
    headers: { cookie: ours.header() },
  });
  ours.store(callback.headers['set-cookie']);
  const session = await app.inject({
    method: 'GET',
    url: '/auth/session',
    headers: { cookie: ours.header() },
  });
  return { callback, user: session.json().user };
}

describe('Google sign-in through OpenID Connect', () => {
  it('is announced as enabled', async () => {
    const response = await app.inject({ method: 'GET', url: '/auth/providers' });
    expect(response.json()).toEqual({ google: true });
  });

  it('signs a new user in with role user and a profile from the claims', async () => {
    provider.signInAs({
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
    });
  });

  it('refuses a tampered state and creates no session', async () => {
    provider.signInAs({
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
    expect(await app.db.select().from(users).where(eq(users.email, 'tamper@example.test'))).toEqual(
      [],
    );
  });

  it('sends a sign-in cancelled at the provider back to the login page as cancelled, with no session', async () => {
    provider.signInAs({
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
    provider.signInAs({
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
    const existing = await createAccount(app);
    provider.signInAs({
      sub: 'google-unverified',
      email: existing.email,
      email_verified: false,
      name: 'Mallory',
      picture: 'https://images.example.test/m.png',
    });
    const { user } = await signInWithGoogle();
    expect(user).toBeNull();
    const linked = await app.db.select().from(accounts).where(eq(accounts.userId, existing.id));
    expect(linked.map((account) => account.providerId)).toEqual(['credential']);
  });

  it('does not join an unverified password account even when the provider verifies the e-mail', async () => {
    // Someone may have registered that address with a password before its owner arrived.
    const existing = await createAccount(app);
    provider.signInAs({
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
    const existing = await createAccount(app);
    await app.db.update(users).set({ emailVerified: true }).where(eq(users.id, existing.id));
    provider.signInAs({
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
      app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: victimEmail, password },
        remoteAddress: nextAddress(),
      });
    // Someone registers the victim's address with a password of their own; nobody verifies it.
    const squatter = await createAccount(app, 'user', {
      email: victimEmail,
      name: 'Squatter',
      password: 'Squat1234',
    });

    // The victim arrives with Google, which vouches for the address: no session, no join.
    provider.signInAs({
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
      await app.db.select().from(accounts).where(eq(accounts.accountId, 'google-victim')),
    ).toEqual([]);
    const [untouched] = await app.db.select().from(users).where(eq(users.id, squatter.id));
    expect(untouched).toMatchObject({ name: 'Squatter', emailVerified: false, image: null });

    // The squatter's password opens only the squatter's own account, with no Google in it.
    const squatterIn = await login('Squat1234');
    expect(squatterIn.statusCode).toBe(200);
    expect(squatterIn.json().user._id).toBe(squatter.id);
    const linked = await app.db.select().from(accounts).where(eq(accounts.userId, squatter.id));
    expect(linked.map((account) => account.providerId)).toEqual(['credential']);

    // Once an admin removes the squatted account, the owner gets in with Google, into an account
    // of their own that no password opens.
    const admin = await createAccount(app, 'admin');
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/users/${squatter.id}`,
      headers: { ...admin.bearer, origin: PUBLIC_URL },
    });
    expect(removed.statusCode).toBe(200);
    const owner = await signInWithGoogle();
    expect(owner.callback.headers.location).toBe('/dashboard');
    expect(owner.user).toMatchObject({ email: victimEmail, name: 'Victoria Victim', role: 'user' });
    expect(owner.user._id).not.toBe(squatter.id);
    const ownerAccounts = await app.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, owner.user._id));
    expect(ownerAccounts.map((account) => account.providerId)).toEqual(['google']);
    expect((await login('Squat1234')).statusCode).toBe(401);
  });

  it('lets no one claim a Google account later with a password', async () => {
    const email = `google-first-${Date.now()}@example.test`;
    provider.signInAs({
      sub: 'google-first',
      email,
      email_verified: true,
      name: 'First Comer',
      picture: 'https://images.example.test/f.png',
    });
    const { user } = await signInWithGoogle();
    expect(user?.email).toBe(email);
    const squat = await app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: registrationBody({ email, password: 'Squat1234' }),
      remoteAddress: nextAddress(),
    });
    expect(squat.statusCode).toBe(409);
    for (const password of ['Squat1234', 'Secret123']) {
      const attempt = await app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email, password },
        remoteAddress: nextAddress(),
      });
      expect(attempt.statusCode).toBe(401);
    }
    const linked = await app.db.select().from(accounts).where(eq(accounts.userId, user._id));
    expect(linked.map((account) => account.providerId)).toEqual(['google']);
  });
});
