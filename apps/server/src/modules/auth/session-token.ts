import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * The session a request presents, read the way better-auth reads it (its bearer plugin, then its
 * signed session cookie) for the forms our clients send: a `Bearer` session token, or the session
 * cookie signed with the auth secret. Anything else is `other`, and better-auth itself decides.
 */
export type PresentedSession =
  | { kind: 'none' }
  | { kind: 'token'; token: string }
  | { kind: 'other' };

/** Session tokens better-auth generates: letters and digits only. */
const PLAIN_TOKEN = /^[A-Za-z0-9]+$/;
/** better-call's cookie signature: HMAC-SHA-256, standard base64 with its padding. */
const SIGNATURE_LENGTH = 44;

export interface SessionCookie {
  name: string;
  secret: string;
}

export function presentedSession(
  headers: IncomingHttpHeaders,
  cookie: SessionCookie,
): PresentedSession {
  const authorization = headers.authorization;
  // better-auth's bearer plugin replaces the session cookie with a non-empty Bearer token; an
  // unsigned token is taken as is (the plugin signs it itself before checking the signature).
  if (authorization?.slice(0, 7).toLowerCase() === 'bearer ') {
    const token = authorization.slice(7).trim();
    if (token) return PLAIN_TOKEN.test(token) ? { kind: 'token', token } : { kind: 'other' };
  }
  const header = headers.cookie;
  if (!header?.includes(cookie.name)) return { kind: 'none' };
  // Exactly one plain `name=value` pair, or better-auth's parser decides which one counts.
  if (header.indexOf(cookie.name) !== header.lastIndexOf(cookie.name)) return { kind: 'other' };
  const pair = header
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${cookie.name}=`));
  if (!pair) return { kind: 'other' };
  let value: string;
  try {
    value = decodeURIComponent(pair.slice(cookie.name.length + 1));
  } catch {
    return { kind: 'other' };
  }
  const dot = value.lastIndexOf('.');
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (dot < 1 || !PLAIN_TOKEN.test(token) || signature.length !== SIGNATURE_LENGTH) {
    return { kind: 'other' };
  }
  const given = Buffer.from(signature);
  const expected = createHmac('sha256', cookie.secret).update(token).digest();
  const wanted = Buffer.from(expected.toString('base64'));
  return given.length === wanted.length && timingSafeEqual(given, wanted)
    ? { kind: 'token', token }
    : { kind: 'other' };
}
