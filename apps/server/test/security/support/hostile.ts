import fc from 'fast-check';

/*
 * Hostile input, as fast-check arbitraries: wrong types, huge strings, unicode, nulls, nested
 * objects, prototype-pollution keys, SQL and HTML metacharacters, and the fields a caller must
 * not be able to set (mass assignment).
 */

export const NASTY_STRINGS = [
  '',
  ' ',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "1' ; select pg_sleep(10); --",
  '" onmouseover="alert(1)',
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  '</title><svg/onload=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '%00',
  '\u0000',
  'a\u0000b',
  '\r\nSet-Cookie: injected=1',
  '\u202eevil',
  '\ud800',
  '\udfff\ud800',
  '🏠🔑',
  'ﷺ',
  'Ω≈ç√∫',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '$where',
  '{"$gt":""}',
  '%s%s%s%n',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}',
  '{{7*7}}',
  '#{7*7}',
  '\\',
  '%',
  '_',
  '*',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '0x10',
  '99999999999999999999999999999999',
  '9007199254740993',
  '1.005',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  'admin',
  'agent',
  'fraud',
  'approved',
  'accepted',
  'paid',
  'Sold',
  '2000-01-01',
  '9999-12-31',
  '2030-02-30',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'demo_cs_',
  `demo_cs_${'x'.repeat(60)}`,
  'nobody@example.test',
  'a@b',
  '"@example.test',
  'x'.repeat(300),
];

export const HUGE_STRINGS = ['x'.repeat(10_000), 'é'.repeat(70_000), '9'.repeat(5_000)];

/** Fields that decide ownership, state or money: a body must never set them. */
export const MASS_ASSIGNMENT_FIELDS = [
  'role',
  'adminApproval',
  'approval',
  'soldStatus',
  'soldDetails',
  'availability',
  'advertised',
  'advertiseStatus',
  'creatorUID',
  'creatorEmail',
  'agentId',
  'agentUID',
  'agentEmail',
  'amount',
  'amountCents',
  'status',
  'offerStatus',
  'requestStatus',
  'buyerId',
  'buyerUID',
  'userId',
  'ownerId',
  'reviewerUID',
  'reviewerId',
  'reviewerName',
  'transactionId',
  'emailVerified',
  'banned',
  'id',
  '_id',
  'uid',
  'createdAt',
  'updatedAt',
  'postedAt',
  'paidAt',
];

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

export const hostileString = (worldIds: string[] = []) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
    { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
    ...(worldIds.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...worldIds) }] : []),
  );

export const hostileKey = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS, ...MASS_ASSIGNMENT_FIELDS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/** Any JSON value, biased towards the nasty ones, nested up to a few levels. */
export const hostileValue = (worldIds: string[] = []) =>
  fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 5, arbitrary: hostileString(worldIds) },
      { weight: 2, arbitrary: fc.integer() },
      {
        weight: 1,
        arbitrary: fc.constantFrom(0, -1, 1.5, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2),
      },
      { weight: 1, arbitrary: fc.double() },
      { weight: 1, arbitrary: fc.boolean() },
      { weight: 2, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }) },
    ),
  })).value;

/** JSON text that JSON.stringify cannot produce: literal prototype keys, broken syntax, depth. */
export const RAW_BODIES = [
  '{"__proto__":{"polluted":"yes","role":"admin"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"a":1,"__proto__":{"isAdmin":true}}',
  '{"role":"admin","role":"user"}',
  '{"broken":',
  '{"a":1}}',
  "{'single':'quotes'}",
  'undefined',
  'NaN',
  '\u0000',
  '[',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"a":${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}}`,
  JSON.stringify({ big: 'x'.repeat(1_100_000) }),
];

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json, text/html',
];

/** Strings that should never reach a client: stack frames, file paths, driver errors. */
export const INTERNAL_DETAILS =
  /(\n\s+at |\bat [\w.$<>]+ \(|node_modules|\/work\/|\.ts:\d+|\.js:\d+|\bPGlite\b|drizzle|syntax error at|duplicate key|violates|relation "|column "|SQLSTATE|Failed query|\berror: )/i;

/** Names the prototype properties added since a snapshot: any is a pollution. */
export function prototypeKeys() {
  return [Object.prototype, Array.prototype, Function.prototype].map((proto) =>
    Object.getOwnPropertyNames(proto).sort().join(','),
  );
}
