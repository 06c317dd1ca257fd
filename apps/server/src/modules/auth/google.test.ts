import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/helpers/accounts.js';
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
    expect(user).toMatchObject({
      email: 'new.google.user@example.test',
      name: 'Grace Google',
      photo: 'https://images.example.test/grace.png',
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
});
