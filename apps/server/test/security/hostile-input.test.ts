import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MATRIX, MATRIX_METRICS_TOKEN } from '../authz/matrix.js';
import type { MatrixRow } from '../authz/matrix-shape.js';
import { REPEATING_ACCOUNT_LIMITS, useTestApp } from '../helpers/test-app.js';
import {
  changeCounter,
  changedTables,
  type Fingerprint,
  fingerprint,
  installChangeCounter,
  restore,
  rowChanges,
  type Snapshot,
  snapshot,
} from './support/db-state.js';
import {
  CONTENT_TYPES,
  hostileKey,
  hostileString,
  hostileValue,
  INTERNAL_DETAILS,
  NASTY_STRINGS,
  prototypeKeys,
  RAW_BODIES,
} from './support/hostile.js';
import { type Baseline, forbiddenChanges, takeBaseline } from './support/permitted-changes.js';
import {
  ACTORS,
  type Actor,
  buildWorld,
  freshAddress,
  headersFor,
  type World,
} from './support/world.js';

/*
 * Property-based hostile input: fast-check sends generated path parameters, query strings and
 * bodies to every JSON route as every actor. Whatever arrives, the server never answers 5xx,
 * never shows a stack trace or a driver error, answers errors as {error, code}, leaves the
 * database exactly as it was when it refuses, changes only what the caller may change when it
 * accepts, and never lets a key pollute a prototype.
 *
 * `npm test` sends FUZZ_REQUESTS (10,000) requests per database; `npm run fuzz` sends more.
 * A failure names the route, the actor and the input; FUZZ_SEED replays a run.
 */

const REQUESTS = Number(process.env.FUZZ_REQUESTS || 10_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/**
 * Every JSON route of the matrix. Uploads are multipart (test/security/uploads.test.ts); the pages
 * (`/*`) answer HTML, and hostile addresses of pages are in test/platform/server-rendering.test.ts.
 */
const ROUTES = MATRIX.filter(
  (row) =>
    row.app !== 'stripe' &&
    row.path !== '/api/uploads' &&
    row.path !== '/uploads/*' &&
    row.path !== '/*',
);

const QUERY_KEYS = [
  'email',
  'agentUID',
  'requestStatus',
  'session_id',
  'propertyId',
  'reviewFor',
  'page',
  'limit',
  'location',
  'propertyType',
  'priceRange',
  'sort',
  'sold',
  'search',
  'status',
  'returnTo',
  '__proto__',
  'constructor',
];

// With the matrix's metrics token, so /metrics is there to be attacked like every other route.
const ctx = useTestApp(
  { METRICS_TOKEN: MATRIX_METRICS_TOKEN },
  { accountLimits: REPEATING_ACCOUNT_LIMITS },
);
let world: World;
let state: Snapshot;
let print: Fingerprint;
let baseline: Baseline;
let lastCounter: string;
let prototypes: string[];

/** Whether anything changed since the world was built: the change counter first, rows if it moved. */
async function databaseChanges(): Promise<string[]> {
  const counter = await changeCounter(ctx.app.db);
  if (counter === lastCounter) return [];
  const changed = changedTables(print, await fingerprint(ctx.app.db));
  if (changed.length === 0) lastCounter = counter;
  return changed;
}

async function putWorldBack(changed?: string[]) {
  await restore(ctx.app.db, state, changed);
  lastCounter = await changeCounter(ctx.app.db);
}

beforeAll(async () => {
  await ctx.database.reset();
  world = await buildWorld(ctx.app);
  state = await snapshot(ctx.app.db);
  print = await fingerprint(ctx.app.db);
  baseline = await takeBaseline(ctx.app.db);
  await installChangeCounter(ctx.app.db);
  lastCounter = await changeCounter(ctx.app.db);
  prototypes = prototypeKeys();
});

// useTestApp empties the database before each test: put the world back after it.
beforeEach(async () => {
  if (state) await putWorldBack();
});

interface Attempt {
  row: MatrixRow;
  actor: Actor;
  url: string;
  options: InjectOptions;
  describe: string;
}

const worldIds = () => [
  world.openListing,
  world.reservedListing,
  world.soldListing,
  world.unapprovedListing,
  world.reviewId,
  world.openSessionId,
  world.paidSessionId,
  ...Object.values(world.tourIds),
  ...Object.values(world.accounts).flatMap((account) => [account.id, account.email]),
];

/** Each byte as it stands in a path: unreserved characters as they are, the rest as %XX. */
const BYTE_IN_PATH = Array.from({ length: 256 }, (_, byte) =>
  /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
    ? String.fromCharCode(byte)
    : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
);

/** Percent-encodes every byte of the UTF-8 form (lone surrogates become U+FFFD, as a browser sends them). */
const encode = (value: string) => {
  let encoded = '';
  for (const byte of Buffer.from(value, 'utf8')) encoded += BYTE_IN_PATH[byte];
  return encoded;
};

function pathWith(row: MatrixRow, params: string[]) {
  let index = 0;
  return row.path.replace(/:\w+|\*/g, () => params[index++ % params.length] ?? 'x');
}

const show = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === undefined
    ? 'undefined'
    : text.length > 300
      ? `${text.slice(0, 300)}… (${text.length} chars)`
      : text;
};

/** One generated request: a route, an actor, and hostile pieces in the URL and the body. */
function attemptArbitrary(): fc.Arbitrary<Attempt> {
  const ids = worldIds();
  const param = fc.oneof(
    { weight: 3, arbitrary: hostileString(ids).map(encode) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('..', '%2e%2e', '%00', '%ZZ', '%', '.', '%2F', ';', '%E0%A4%A'),
    },
  );
  const queryValue = fc.oneof(hostileString(ids), fc.array(hostileString(ids), { maxLength: 3 }));
  const query = fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_KEYS), hostileKey), queryValue, {
    maxKeys: 4,
  });
  const body = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('mutated' as const),
        extra: fc.dictionary(hostileKey, hostileValue(ids), { minKeys: 1, maxKeys: 4 }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('value' as const), value: hostileValue(ids) }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.constantFrom(...RAW_BODIES),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('none' as const) }) },
  );
  return fc
    .record({
      row: fc.constantFrom(...ROUTES),
      caseIndex: fc.nat(),
      actor: fc.constantFrom(...ACTORS),
      hostilePath: fc.boolean(),
      params: fc.array(param, { minLength: 1, maxLength: 3 }),
      queryMode: fc.constantFrom('original', 'generated', 'both'),
      query,
      body,
      contentType: fc.oneof(
        { weight: 6, arbitrary: fc.constant('application/json') },
        { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      ),
      authorization: fc.option(
        fc.constantFrom(
          'Bearer ',
          'Bearer x',
          'Basic YWRtaW46YWRtaW4=',
          `Bearer ${'a'.repeat(5_000)}`,
          "Bearer ' or 1=1 --",
          'Bearer ../../etc/passwd',
        ),
        { freq: 8 },
      ),
    })
    .map((g) => {
      const cell = g.row.cases[g.caseIndex % g.row.cases.length];
      if (!cell) throw new Error(`no case for ${g.row.path}`);
      const original = cell.request(world);
      const [originalPath = '/', originalQuery = ''] = (original.url as string).split('?');
      const path = g.hostilePath ? pathWith(g.row, g.params) : originalPath;
      const generated = new URLSearchParams();
      for (const [key, value] of Object.entries(g.query)) {
        for (const v of [value].flat()) generated.append(key, v);
      }
      const search = [
        g.queryMode !== 'generated' ? originalQuery : '',
        g.queryMode !== 'original' ? generated.toString() : '',
      ]
        .filter(Boolean)
        .join('&');
      const url = search ? `${path}?${search}` : path;

      const headers: Record<string, string> = { ...headersFor(world, g.actor) };
      if (g.actor === 'anonymous' && g.authorization) headers.authorization = g.authorization;
      let payload: string | undefined;
      const hasBody = g.row.method !== 'GET';
      if (hasBody && g.body.kind === 'mutated') {
        const base = (original.payload ?? {}) as Record<string, unknown>;
        const merged: Record<string, unknown> = { ...base };
        for (const [key, value] of Object.entries(g.body.extra)) {
          Object.defineProperty(merged, key, {
            value,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
        payload = JSON.stringify(merged);
      } else if (hasBody && g.body.kind === 'value') {
        payload = JSON.stringify(g.body.value) ?? 'null';
      } else if (hasBody && g.body.kind === 'raw') {
        payload = g.body.text;
      }
      if (payload !== undefined) headers['content-type'] = g.contentType;
      const attempt: Attempt = {
        row: g.row,
        actor: g.actor,
        url,
        options: {
          method: g.row.method,
          url,
          headers,
          ...(payload !== undefined ? { payload } : {}),
        },
        describe: `${g.row.method} ${show(url)} as ${g.actor} with body ${show(payload)} (content-type ${headers['content-type'] ?? 'none'}${headers.authorization && g.actor === 'anonymous' ? `, authorization ${show(headers.authorization)}` : ''})`,
      };
      // fast-check prints a counterexample with this: the route, the actor and the input.
      return Object.assign(attempt, { [fc.toStringMethod]: () => attempt.describe });
    });
}

const statuses = new Map<string, number>();

/** Sends one attempt and answers the promises it broke, if any. */
async function check(attempt: Attempt): Promise<string[]> {
  const response = await ctx.app.inject({ ...attempt.options, remoteAddress: freshAddress() });
  const status = response.statusCode;
  const bucket = `${Math.floor(status / 100)}xx`;
  statuses.set(bucket, (statuses.get(bucket) ?? 0) + 1);
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}: ${show(response.body)}`);

  // What the request itself put in the URL may be echoed (the 404 names the path); nothing else may look internal.
  const rawPath = attempt.url.split('?')[0] ?? '';
  let decodedPath = rawPath;
  try {
    decodedPath = decodeURIComponent(rawPath);
  } catch {}
  const body = response.body.replaceAll(rawPath, '').replaceAll(decodedPath, '');
  const internal = status >= 400 ? INTERNAL_DETAILS.exec(body) : null;
  if (internal)
    problems.push(`shows internal details (${internal[0].trim()}): ${show(response.body)}`);

  const type = String(response.headers['content-type'] ?? '');
  if (type.includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      problems.push(`answered broken JSON: ${show(response.body)}`);
    }
    if (status >= 400 && parsed !== undefined) {
      const error = parsed as { error?: unknown; code?: unknown };
      if (typeof error.error !== 'string' || typeof error.code !== 'string') {
        problems.push(`an error that is not {error, code}: ${show(response.body)}`);
      }
    }
  } else if (status === 204) {
    if (response.body !== '') problems.push(`answered 204 with a body: ${show(response.body)}`);
  } else if (status >= 400 || attempt.row.method !== 'GET') {
    // Only a page (the web app, for GET paths the API does not own) or a 204 without a body may
    // be anything but JSON.
    problems.push(`answered ${status} as ${type || 'no content type'}: ${show(response.body)}`);
  }

  const polluted = prototypeKeys();
  if (polluted.join('|') !== prototypes.join('|')) problems.push('a prototype was polluted');

  const changed = await databaseChanges();
  if (changed.length > 0) {
    if (status >= 300) {
      const rows = await rowChanges(ctx.app.db, state, changed);
      problems.push(`refused with ${status}, yet changed ${changed.join(', ')}: ${rows}`);
    } else {
      const wrong = await forbiddenChanges(ctx.app.db, world, baseline, attempt.actor);
      problems.push(...wrong.map((w) => `accepted with ${status} and ${w}`));
    }
    await putWorldBack(changed);
  }
  return problems;
}

describe('hostile input to every JSON route, as every actor', () => {
  it(`never breaks a promise over ${REQUESTS} generated requests`, async () => {
    await fc.assert(
      fc.asyncProperty(attemptArbitrary(), async (attempt) => {
        const problems = await check(attempt);
        if (problems.length > 0) {
          throw new Error(`${attempt.describe}:\n  - ${problems.join('\n  - ')}`);
        }
      }),
      { numRuns: REQUESTS, seed: SEED, endOnFailure: true },
    );
    const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(sent).toBeGreaterThanOrEqual(REQUESTS);
    // The generator reaches past validation: some requests are accepted, most refused.
    expect(statuses.get('2xx') ?? 0).toBeGreaterThan(0);
    expect(statuses.get('4xx') ?? 0).toBeGreaterThan(0);
    expect(statuses.get('5xx') ?? 0).toBe(0);
  }, 900_000);

  it('refuses prototype-pollution bodies on every route with a body, and pollutes nothing', async () => {
    const failures: string[] = [];
    for (const row of ROUTES.filter((r) => r.method !== 'GET')) {
      for (const actor of ACTORS) {
        for (const text of RAW_BODIES.slice(0, 3)) {
          const cell = row.cases[0];
          if (!cell) continue;
          const attempt: Attempt = {
            row,
            actor,
            url: cell.request(world).url as string,
            options: {
              method: row.method,
              url: cell.request(world).url as string,
              headers: { ...headersFor(world, actor), 'content-type': 'application/json' },
              payload: text,
            },
            describe: `${row.method} ${row.path} as ${actor} with body ${text}`,
          };
          const problems = await check(attempt);
          failures.push(...problems.map((p) => `${attempt.describe}: ${p}`));
        }
      }
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  }, 300_000);

  it('refuses gzip-encoded and deeply nested bodies on every route with a body, unread, changing nothing', async () => {
    const failures: string[] = [];
    const bodies = [
      { name: 'a gzip bomb', text: gzipSync('['.repeat(1024 * 1024)), encoding: 'gzip' },
      { name: 'JSON nested 1000 deep', text: `{"a":${'['.repeat(1000)}${']'.repeat(1000)}}` },
    ];
    const acceptedBefore = statuses.get('2xx') ?? 0;
    for (const row of ROUTES.filter((r) => r.method !== 'GET')) {
      const cell = row.cases[0];
      if (!cell) continue;
      for (const actor of ACTORS) {
        for (const body of bodies) {
          const url = cell.request(world).url as string;
          const attempt: Attempt = {
            row,
            actor,
            url,
            options: {
              method: row.method,
              url,
              headers: {
                ...headersFor(world, actor),
                'content-type': 'application/json',
                ...(body.encoding ? { 'content-encoding': body.encoding } : {}),
              },
              payload: body.text,
            },
            describe: `${row.method} ${row.path} as ${actor} with ${body.name}`,
          };
          const problems = await check(attempt);
          failures.push(...problems.map((p) => `${attempt.describe}: ${p}`));
        }
      }
    }
    expect(failures).toEqual([]);
    // Every one was refused.
    expect(statuses.get('2xx') ?? 0).toBe(acceptedBefore);
  }, 300_000);

  it('sends every nasty string through every path parameter as the signed-in user', async () => {
    const failures: string[] = [];
    for (const row of ROUTES.filter((r) => /:\w+|\*/.test(r.path))) {
      for (const nasty of NASTY_STRINGS) {
        const cell = row.cases[0];
        if (!cell) continue;
        const url = pathWith(row, [encode(nasty)]);
        const original = cell.request(world);
        const attempt: Attempt = {
          row,
          actor: 'user',
          url,
          options: {
            method: row.method,
            url,
            headers: headersFor(world, 'user'),
            ...(original.payload !== undefined ? { payload: original.payload as object } : {}),
          },
          describe: `${row.method} ${url} as user`,
        };
        const problems = await check(attempt);
        failures.push(...problems.map((p) => `${attempt.describe}: ${p}`));
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
