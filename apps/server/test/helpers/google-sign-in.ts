import type { FastifyInstance } from 'fastify';
import type { LocalOidcProvider } from './oidc-provider.js';

/** A tiny cookie jar: the browser's part in the redirects. */
export function cookieJar() {
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
 * (answered at once for the identity it was told to sign in), and back to our callback. Answers
 * the callback response and the session's user (null when sign-in failed).
 */
export async function signInWithGoogle(app: FastifyInstance, provider: LocalOidcProvider) {
  const ours = cookieJar();
  const theirs = cookieJar();
  const start = await app.inject({ method: 'GET', url: '/auth/google?returnTo=/dashboard' });
  if (start.statusCode !== 302) throw new Error(`sign-in did not start: ${start.statusCode}`);
  ours.store(start.headers['set-cookie']);

  let next = new URL(String(start.headers.location));
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
  return { callback, user: session.json().user, cookie: ours.header() };
}
