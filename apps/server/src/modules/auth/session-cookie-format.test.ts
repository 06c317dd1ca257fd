import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/helpers/accounts.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { presentedSession } from './session-token.js';

/*
 * session-token.ts reads better-auth's signed session cookie by hand, to spare a signed-in
 * request better-auth's own session lookup. These tests hold it to what better-auth itself
 * writes: the cookie its real sign-in endpoint sets, the token its bearer plugin hands out, and
 * the session its getSession finds. A better-auth upgrade that changes the format fails here.
 */

const ctx = useTestApp();

async function signInThroughBetterAuth() {
  const account = await createAccount(ctx.app);
  const response = await ctx.app.auth.api.signInEmail({
    body: { email: account.email, password: account.password },
    asResponse: true,
  });
  expect(response.status).toBe(200);
  const context = await ctx.app.auth.$context;
  const name = context.authCookies.sessionToken.name;
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!setCookie) throw new Error(`better-auth set no ${name} cookie`);
  const pair = setCookie.split(';')[0] as string;
  const body = (await response.json()) as { token: string };
  return {
    cookie: { name, secret: context.secret },
    pair,
    token: body.token,
    bearerToken: response.headers.get('set-auth-token'),
  };
}

describe("better-auth's session cookie, as session-token.ts reads it", () => {
  it('decodes exactly the token of the session better-auth made and finds', async () => {
    const { cookie, pair, token, bearerToken } = await signInThroughBetterAuth();
    expect(token).toMatch(/^[A-Za-z0-9]+$/);
    expect(presentedSession({ cookie: `theme=dark; ${pair}` }, cookie)).toEqual({
      kind: 'token',
      token,
    });
    expect(bearerToken).toBeTruthy();
    expect(presentedSession({ authorization: `Bearer ${bearerToken}` }, cookie)).toEqual({
      kind: 'other',
    });
    expect(presentedSession({ authorization: `Bearer ${token}` }, cookie)).toEqual({
      kind: 'token',
      token,
    });
    const found = await ctx.app.auth.api.getSession({ headers: new Headers({ cookie: pair }) });
    expect(found?.session.token).toBe(token);
  });

  it('refuses the cookie with a tampered signature, as better-auth does', async () => {
    const { cookie, pair } = await signInThroughBetterAuth();
    const value = decodeURIComponent(pair.slice(cookie.name.length + 1));
    const dot = value.lastIndexOf('.');
    const signature = value.slice(dot + 1);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const tampered = `${cookie.name}=${encodeURIComponent(`${value.slice(0, dot)}.${flipped}`)}`;
    expect(presentedSession({ cookie: tampered }, cookie)).toEqual({ kind: 'other' });
    expect(
      await ctx.app.auth.api.getSession({ headers: new Headers({ cookie: tampered }) }),
    ).toBeNull();
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: { cookie: tampered },
    });
    expect(session.json()).toEqual({ user: null });
  });
});
