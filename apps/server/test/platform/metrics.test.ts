import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { failedJobs } from '../../src/db/schema.js';
import { CONFIRMATION_MAIL_QUEUE } from '../../src/modules/auth/account-mail.js';
import { createAccount, type TestAccount } from '../helpers/accounts.js';
import { type TestContext, useTestApp } from '../helpers/test-app.js';
import { testDriver } from '../helpers/test-database.js';

/*
 * /metrics as a Prometheus scraper reads it: absent without METRICS_TOKEN, refused without the
 * token, and with it the figures the requests, the database, the job queue, the live streams
 * and the caches really produced.
 */

const TOKEN = randomBytes(24).toString('base64url');
const scraper = { authorization: `Bearer ${TOKEN}` };

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a text exposition (comments and blank lines aside). */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[name as string] = (value as string).replace(/\\(.)/g, (_all, c) =>
        c === 'n' ? '\n' : c,
      );
    }
    const raw = match[3] as string;
    const value = raw === '+Inf' ? Number.POSITIVE_INFINITY : Number(raw);
    samples.push({ name: match[1] as string, labels, value });
  }
  return samples;
}

class Scrape {
  constructor(readonly samples: Sample[]) {}

  /** The samples of `name` whose labels include `labels`. */
  find(name: string, labels: Record<string, string> = {}) {
    return this.samples.filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
    );
  }

  /** Their sum: 0 when there are none. */
  sum(name: string, labels: Record<string, string> = {}) {
    return this.find(name, labels).reduce((total, sample) => total + sample.value, 0);
  }
}

async function scrape(ctx: TestContext): Promise<Scrape> {
  const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: scraper });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return new Scrape(parseExposition(response.body));
}

const search = (ctx: TestContext) =>
  ctx.app.inject({ method: 'GET', url: '/properties/search?location=Harbour&limit=12' });

describe('without METRICS_TOKEN', () => {
  const ctx = useTestApp();

  // A built site answers an address that leads nowhere with its Not Found page (404); these
  // tests' pages, without the server renderer, with the web app's shell.
  it('has no /metrics: it answers as an address that leads nowhere, token or not', async () => {
    const nowhere = await ctx.app.inject({ method: 'GET', url: '/metrics-of-nothing' });
    for (const headers of [{}, scraper]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      // The page that says there is nothing here, as for any other address.
      expect(response.statusCode).toBe(404);
      expect(response.statusCode).toBe(nowhere.statusCode);
      expect(response.headers['content-type']).toBe(nowhere.headers['content-type']);
      expect(response.body).toContain('Not Found');
      expect(response.body).not.toContain('keyhaven_');
    }
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.paths['/metrics']).toBeUndefined();
  });
});

describe('with METRICS_TOKEN', () => {
  // The listing caches are on (off by default in tests), so their hits can be counted.
  const ctx = useTestApp({ METRICS_TOKEN: TOKEN, SEARCH_CACHE_SECONDS: '30' });

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('refuses a scraper without the token, with another token or another scheme', async () => {
    const wrong = `Bearer ${randomBytes(24).toString('base64url')}`;
    for (const authorization of [undefined, wrong, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('keyhaven_');
    }
  });

  it('counts requests by route pattern and status, with their durations, and every cache hit', async () => {
    const before = await scrape(ctx);
    const searchRoute = { method: 'GET', route: '/properties/search', status_code: '200' };
    const searches = 3;
    for (let i = 0; i < searches; i++) expect((await search(ctx)).statusCode).toBe(200);
    const unknown = `/api/no-such-thing-${randomUUID()}`;
    expect((await ctx.app.inject({ method: 'GET', url: unknown })).statusCode).toBe(404);
    const after = await scrape(ctx);

    expect(
      after.sum('keyhaven_http_requests_total', searchRoute) -
        before.sum('keyhaven_http_requests_total', searchRoute),
    ).toBe(searches);
    // An address no route takes is counted under one label, never under what was asked for.
    const unmatched = { route: '(unmatched)', status_code: '404' };
    expect(
      after.sum('keyhaven_http_requests_total', unmatched) -
        before.sum('keyhaven_http_requests_total', unmatched),
    ).toBe(1);
    expect(after.samples.some((sample) => sample.labels.route?.includes('no-such-thing'))).toBe(
      false,
    );

    // The histogram: every bucket, cumulative, up to +Inf, which holds every search.
    const histogram = { method: 'GET', route: '/properties/search', status_class: '2xx' };
    const buckets = after.find('keyhaven_http_request_duration_seconds_bucket', histogram);
    expect(buckets.map((bucket) => bucket.labels.le)).toEqual([
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '10',
      '+Inf',
    ]);
    const counts = buckets.map((bucket) => bucket.value);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-1)).toBe(after.sum('keyhaven_http_requests_total', searchRoute));
    expect(after.sum('keyhaven_http_request_duration_seconds_count', histogram)).toBe(
      counts.at(-1),
    );
    expect(after.sum('keyhaven_http_request_duration_seconds_sum', histogram)).toBeGreaterThan(0);

    // The same search again is answered from the cache of public search pages.
    const pages = (scrape: Scrape, result: string) =>
      scrape.sum('keyhaven_listing_cache_lookups_total', { cache: 'pages', result });
    const lookups = (scrape: Scrape) => pages(scrape, 'hit') + pages(scrape, 'miss');
    expect(lookups(after) - lookups(before)).toBe(searches);
    expect(pages(after, 'hit') - pages(before, 'hit')).toBeGreaterThanOrEqual(1);
    expect((await search(ctx)).statusCode).toBe(200);
    const again = await scrape(ctx);
    expect(lookups(again) - lookups(after)).toBe(1);
    for (const cache of ['pages', 'counts', 'catalogue', 'listings', 'estimates']) {
      expect(again.find('keyhaven_listing_cache_lookups_total', { cache })).toHaveLength(2);
    }
  });

  it('shows the database pool on PostgreSQL, and none on the embedded database', async () => {
    const metrics = await scrape(ctx);
    if (testDriver === 'postgres') {
      const open =
        metrics.sum('keyhaven_db_pool_connections', { state: 'in_use' }) +
        metrics.sum('keyhaven_db_pool_connections', { state: 'idle' });
      // This very scrape's job queue query took one, and gave it back.
      expect(open).toBeGreaterThanOrEqual(1);
      expect(metrics.sum('keyhaven_db_pool_max_connections')).toBeGreaterThanOrEqual(open);
      expect(metrics.find('keyhaven_db_pool_waiting_queries')).toEqual([
        { name: 'keyhaven_db_pool_waiting_queries', labels: {}, value: 0 },
      ]);
    } else {
      expect(metrics.samples.filter((sample) => sample.name.includes('db_pool'))).toEqual([]);
    }
  });

  it("shows each queue's due jobs, how long the oldest has waited, and the failed ones", async () => {
    const queue = { queue: CONFIRMATION_MAIL_QUEUE };
    const idle = await scrape(ctx);
    expect(idle.find('keyhaven_job_queue_queued', queue)).toEqual([
      { name: 'keyhaven_job_queue_queued', labels: queue, value: 0 },
    ]);
    expect(idle.sum('keyhaven_job_queue_oldest_queued_seconds', queue)).toBe(0);

    // Registering queues the address confirmation; tests run jobs only when they drain them.
    await createAccount(ctx.app, 'user', {}, { verified: false });
    await createAccount(ctx.app, 'user', {}, { verified: false });
    await ctx.app.db.insert(failedJobs).values({
      queue: CONFIRMATION_MAIL_QUEUE,
      jobId: randomUUID(),
      key: null,
      data: {},
      error: 'SMTP server refused the message',
      attempts: 6,
    });
    const busy = await scrape(ctx);
    expect(busy.sum('keyhaven_job_queue_queued', queue)).toBe(2);
    expect(busy.sum('keyhaven_job_queue_oldest_queued_seconds', queue)).toBeGreaterThan(0);
    expect(busy.sum('keyhaven_job_queue_failed', queue)).toBe(1);

    await ctx.app.jobs.drain();
    const drained = await scrape(ctx);
    expect(drained.sum('keyhaven_job_queue_queued', queue)).toBe(0);
    expect(drained.sum('keyhaven_job_queue_oldest_queued_seconds', queue)).toBe(0);
  });

  it('shows a live-update stream while it is open, and none once it closes', async () => {
    const streams = async () => (await scrape(ctx)).sum('keyhaven_live_streams_open');
    expect(await streams()).toBe(0);
    const me = await createAccount(ctx.app);
    const stream = await openStream(ctx, me);
    expect(await streams()).toBe(1);
    stream.close();
    // The server hears of the close when the socket's end reaches it.
    while ((await streams()) !== 0) await new Promise((resolve) => setImmediate(resolve));
  });

  it("shows the image queue and the process's own figures", async () => {
    const metrics = await scrape(ctx);
    expect(metrics.find('keyhaven_image_queue_waiting')).toHaveLength(1);
    expect(metrics.sum('keyhaven_image_queue_waiting')).toBe(0);
    expect(metrics.sum('keyhaven_image_queue_running')).toBe(0);
    expect(metrics.sum('keyhaven_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(metrics.sum('keyhaven_nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(metrics.find('keyhaven_nodejs_eventloop_lag_p99_seconds')).toHaveLength(1);
  });

  it('describes /metrics in the API document, behind the bearer token', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = document.paths['/metrics']?.get;
    expect(operation.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/plain']);
    expect(operation.responses['401']).toBeDefined();
  });
});

/** Opens the live unread count through real HTTP and waits for its first event. */
function openStream(ctx: TestContext, account: TestAccount): Promise<{ close(): void }> {
  const { port } = ctx.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/notifications/stream',
        agent: false,
        headers: { accept: 'text/event-stream', cookie: account.cookie },
      },
      (response) => {
        expect(response.statusCode).toBe(200);
        response.setEncoding('utf8');
        let text = '';
        response.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes('event: unread')) resolve({ close: () => request.destroy() });
        });
      },
    );
    request.on('error', reject);
  });
}
