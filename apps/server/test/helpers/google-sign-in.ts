import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type LocalOidcProvider, startOidcProvider } from './oidc-provider.js';
import { type TestContext, useTestApp } from './test-app.js';

/** The address the app believes it is reached at; Google returns the browser there. */
export const GOOGLE_TEST_PUBLIC_URL = 'http://keyhaven.localhost:3000';

export interface GoogleTestContext extends TestContext {
  provider: LocalOidcProvider;
}

/**
 * The real app with Google sign-in turned on, its issuer a real OpenID provider on 127.0.0.1
 * (the hooks of useTestApp, plus the provider started before the app and stopped after it).
 * Read the context inside tests.
 */
export function useGoogleTestApp(): GoogleTestContext {
  let provider: LocalOidcProvider | undefined;
  beforeAll(async () => {
    provider = await startOidcProvider(`${GOOGLE_TEST_PUBLIC_URL}/api/auth/callback/google`);
  });
  // Registered before the app's own hooks, so it runs after the app has closed.
  afterAll(async () => {
    await provider?.close();
  });
  const context = useTestApp(() => {
    const started = provider as LocalOidcProvider;
    return {
      PUBLIC_URL: GOOGLE_TEST_PUBLIC_URL,
      GOOGLE_CLIENT_ID: started.clientId,
      GOOGLE_CLIENT_SECRET: started.clientSecret,
      OIDC_ISSUER: started.issuer,
    };
  }) as GoogleTestContext;
  beforeAll(() => {
    context.provider = provider as LocalOidcProvider;
  });
  return context;
}

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
 * Walks the browser's path through Google sign-in: our start URL, the local provider's redirects
 * (answered at once for the identity it was told to sign in), and back to our callback,
 * optionally tampered with on the way. Answers the provider's authorization address we sent the
 * browser to, the address it returned to, the callback response and the session's user (null
 * when sign-in failed).
 */
export async function signInWithGoogle(
  app: FastifyInstance,
  provider: LocalOidcProvider,
  tamper?: (callback: URL) => void,
) {
  const ours = cookieJar();
  const theirs = cookieJar();
  const start = await app.inject({ method: 'GET', url: '/auth/google?returnTo=/dashboard' });
  if (start.statusCode !== 302) throw new Error(`sign-in did not start: ${start.statusCode}`);
  ours.store(start.headers['set-cookie']);

  const authorize = new URL(String(start.headers.location));
  let next = authorize;
  for (let hop = 0; hop < 10 && next.origin === provider.issuer; hop++) {
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: theirs.header() },
    });
    theirs.store(response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (!location) {
      throw new Error(`provider stopped at ${next}: ${response.status} ${await response.text()}`);
    }
    next = new URL(location, next);
  }
  const returnedTo = new URL(next);
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
  return { authorize, returnedTo, callback, user: session.json().user };
}
