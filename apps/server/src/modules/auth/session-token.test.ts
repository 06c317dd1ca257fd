import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { presentedSession } from './session-token.js';

const cookie = { name: 'keyhaven.session_token', secret: 'a-secret-for-the-test' };
const token = 'Ab3dEfGhIjKlMnOpQrStUvWxYz012345';
const signed = (value: string, secret = cookie.secret) =>
  encodeURIComponent(`${value}.${createHmac('sha256', secret).update(value).digest('base64')}`);

describe('presentedSession', () => {
  it('reads a plain Bearer token, whatever the case of the scheme', () => {
    expect(presentedSession({ authorization: `Bearer ${token}` }, cookie)).toEqual({
      kind: 'token',
      token,
    });
    expect(presentedSession({ authorization: `bearer  ${token} ` }, cookie)).toEqual({
      kind: 'token',
      token,
    });
  });

  it('reads the session cookie only when its signature is right', () => {
    const headers = (value: string) => ({ cookie: `theme=dark; ${cookie.name}=${value}` });
    expect(presentedSession(headers(signed(token)), cookie)).toEqual({ kind: 'token', token });
    expect(presentedSession(headers(signed(token, 'another-secret')), cookie)).toEqual({
      kind: 'other',
    });
    expect(presentedSession(headers(token), cookie)).toEqual({ kind: 'other' });
  });

  it('leaves every other form to better-auth', () => {
    const other = { kind: 'other' };
    expect(presentedSession({ authorization: `Bearer ${signed(token)}` }, cookie)).toEqual(other);
    expect(presentedSession({ authorization: 'Bearer not a token' }, cookie)).toEqual(other);
    const twice = `${cookie.name}=${signed(token)}; ${cookie.name}=${signed('Other0123')}`;
    expect(presentedSession({ cookie: twice }, cookie)).toEqual(other);
    expect(presentedSession({ cookie: `${cookie.name}=%E0%A4%A` }, cookie)).toEqual(other);
  });

  it('finds none without a Bearer token or a session cookie', () => {
    expect(presentedSession({}, cookie)).toEqual({ kind: 'none' });
    expect(presentedSession({ authorization: 'Basic dXNlcjpwYXNz' }, cookie)).toEqual({
      kind: 'none',
    });
    expect(presentedSession({ authorization: 'Bearer ', cookie: 'theme=dark' }, cookie)).toEqual({
      kind: 'none',
    });
  });

  it('falls back to the cookie when the Authorization header is not a Bearer token', () => {
    const headers = {
      authorization: 'Basic dXNlcjpwYXNz',
      cookie: `${cookie.name}=${signed(token)}`,
    };
    expect(presentedSession(headers, cookie)).toEqual({ kind: 'token', token });
  });
});
