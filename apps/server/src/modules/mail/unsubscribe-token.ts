import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** What one-click unsubscribe can stop: a person's saved-search alerts, or the newsletter. */
export const UNSUBSCRIBE_SCOPES = ['search_alerts', 'newsletter'] as const;
export type UnsubscribeScope = (typeof UNSUBSCRIBE_SCOPES)[number];

export interface UnsubscribeClaim {
  scope: UnsubscribeScope;
  email: string;
  userId?: string;
}

const ZClaim = z.object({
  s: z.enum(UNSUBSCRIBE_SCOPES),
  e: z.string().min(1),
  u: z.string().min(1).optional(),
});

/*
 * A token is its claim (scope, address, account) and an HMAC-SHA256 of it under a key drawn from
 * the session secret, both base64url: `<claim>.<signature>`. Changing the address or the scope
 * changes the signature, so a link works only for the mailbox and the e-mails it was sent for.
 * It needs no table and stays valid as long as the secret does; unsubscribing twice is harmless.
 */
function signingKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('keyhaven unsubscribe token').digest();
}

function sign(key: Buffer, claim: string): string {
  return createHmac('sha256', key).update(claim).digest('base64url');
}

export function createUnsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const body = Buffer.from(
    JSON.stringify({
      s: claim.scope,
      e: claim.email,
      ...(claim.userId ? { u: claim.userId } : {}),
    }),
  ).toString('base64url');
  return `${body}.${sign(signingKey(secret), body)}`;
}

/** The claim a token carries, or null when it was not made with this secret or was altered. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | null {
  const [body, signature, ...rest] = token.split('.');
  if (!body || !signature || rest.length > 0) return null;
  // Compared as text: two spellings of one signature in base64url are not both accepted.
  const expected = Buffer.from(sign(signingKey(secret), body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claim = ZClaim.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return { scope: claim.s, email: claim.e, ...(claim.u ? { userId: claim.u } : {}) };
  } catch {
    return null;
  }
}
