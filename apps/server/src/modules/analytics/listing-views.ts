import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.js';
import { resolveSessionSecret } from '../../lib/session-secret.js';

declare module 'fastify' {
  interface FastifyInstance {
    listingViews: ListingViewRecorder;
  }
}

/*
 * Views of a listing's details page, counted for its agent behind the request: a visit only adds
 * to a batch in memory, and the batch is written in one statement every few seconds, when it is
 * large, and when the app closes. A crash loses at most the views of the last few seconds; a
 * batch written twice counts nothing twice, because each visitor is kept once per listing and day
 * (listing_view_keys) and only newly kept visitors are added to the day's count.
 */

/** One visitor's view of one listing on one UTC day. */
export interface ViewEntry {
  day: string;
  propertyId: string;
  visitorKey: string;
}

/** Views waiting in memory at most: beyond this the batch is written at once. */
export const VIEW_BATCH_SIZE = 500;
/**
 * Views already written today that this process remembers, so a buyer coming back to a listing
 * costs the database nothing; past this many it forgets them (the database still counts each once).
 */
const MAX_REMEMBERED_VIEWS = 50_000;
/** A batch that failed is tried again with the next one, up to this many views in all. */
const MAX_HELD_VIEWS = VIEW_BATCH_SIZE * 20;
/** Visitor keys are only needed while their day can still be counted: today and yesterday. */
const PURGE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Robots, link previews and scripts: never counted as a visit. Our own browser tests (HeadlessChrome) are. */
const ROBOT =
  /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|curl|wget|python|httpclient|okhttp|java\/|go-http-client|node-fetch|axios|lighthouse|pagespeed|headlesschromium|phantomjs/i;

export const isRobot = (userAgent: string | undefined) => !userAgent || ROBOT.test(userAgent);

/** The UTC day of a moment, as `YYYY-MM-DD`. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The UTC day `days` before the given one. */
export const daysBefore = (day: string, days: number) =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS));

/**
 * Writes views in one statement: the visitors new to a listing's day are kept (a listing removed
 * meanwhile is skipped, never an error), and only they are added to its count. Safe to run twice
 * with the same views: the second run finds every visitor already kept and adds nothing.
 */
export async function countViews(db: Database, entries: readonly ViewEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const days = entries.map((entry) => entry.day);
  const ids = entries.map((entry) => entry.propertyId);
  const keys = entries.map((entry) => entry.visitorKey);
  await db.execute(sql`
    with batch as (
      select distinct b.day, b.property_id, b.visitor_key
      from unnest(${sql.param(days)}::date[], ${sql.param(ids)}::uuid[], ${sql.param(keys)}::text[])
        as b(day, property_id, visitor_key)
      join properties p on p.id = b.property_id
    ),
    fresh as (
      insert into listing_view_keys (day, property_id, visitor_key)
      select day, property_id, visitor_key from batch
      on conflict do nothing
      returning day, property_id
    )
    insert into listing_daily_stats (property_id, day, views)
    select property_id, day, count(*)::int from fresh group by property_id, day
    on conflict (property_id, day) do update
      set views = listing_daily_stats.views + excluded.views`);
}

/** Forgets the visitors of the day before yesterday and earlier: those days can no longer be counted. */
export async function forgetOldVisitors(db: Database, today: string): Promise<void> {
  await db.execute(sql`delete from listing_view_keys where day < ${daysBefore(today, 1)}::date`);
}

export interface ListingViewRecorderOptions {
  db: Database;
  secret: string;
  log: FastifyBaseLogger;
  /** False: visits are answered as usual and nothing is counted. */
  enabled: boolean;
  /** How often the batch is written; 0 writes it only when it is full and when the app closes. */
  flushMs: number;
  now?: () => Date;
}

export class ListingViewRecorder {
  private batch = new Map<string, ViewEntry>();
  private written = { day: '', views: new Set<string>() };
  private writing: Promise<void> = Promise.resolve();
  private waiting: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private dayKey: { day: string; key: Buffer; visitors: Map<string, string> } | undefined;
  private lastPurge = 0;
  private readonly now: () => Date;

  constructor(private readonly options: ListingViewRecorderOptions) {
    this.now = options.now ?? (() => new Date());
    if (options.enabled && options.flushMs > 0) {
      this.timer = setInterval(() => void this.flush(), options.flushMs);
      this.timer.unref();
    }
  }

  get enabled() {
    return this.options.enabled;
  }

  /** Views waiting to be written. */
  get pending() {
    return this.batch.size;
  }

  /**
   * The visitor as today's key knows them: a keyed hash of their account that changes every UTC
   * day, so one day's visitors cannot be linked to another's, nor to an account without the secret.
   */
  visitorKey(day: string, viewerId: string): string {
    if (this.dayKey?.day !== day || this.dayKey.visitors.size >= MAX_REMEMBERED_VIEWS) {
      const key = createHmac('sha256', this.options.secret).update(`listing-views:${day}`).digest();
      this.dayKey = { day, key, visitors: new Map() };
    }
    // A buyer browsing many listings is hashed once a day, not once a visit.
    let visitorKey = this.dayKey.visitors.get(viewerId);
    if (!visitorKey) {
      visitorKey = createHmac('sha256', this.dayKey.key)
        .update(viewerId)
        .digest('base64url')
        .slice(0, 22);
      this.dayKey.visitors.set(viewerId, visitorKey);
    }
    return visitorKey;
  }

  /** Notes a view in memory; nothing touches the database on the way. */
  record(propertyId: string, viewerId: string): void {
    if (!this.options.enabled) return;
    const day = utcDay(this.now());
    const visitorKey = this.visitorKey(day, viewerId);
    const id = `${day}|${propertyId}|${visitorKey}`;
    if (this.written.day === day && this.written.views.has(id)) return;
    this.batch.set(id, { day, propertyId, visitorKey });
    if (this.batch.size >= VIEW_BATCH_SIZE) void this.flush();
  }

  /**
   * Writes the views noted so far; never throws. One write at a time, and at most one waiting
   * behind it, which takes everything noted meanwhile: a full batch noted during a write asks
   * for one more write, not one per view.
   */
  flush(): Promise<void> {
    if (this.waiting) return this.waiting;
    const next = this.writing.then(() => {
      this.waiting = undefined;
      return this.write();
    });
    this.waiting = next;
    this.writing = next;
    return next;
  }

  /** Writes what is left and stops the timer. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Notes today's views just written, forgetting other days' and, past the bound, all. */
  private remember(written: Map<string, ViewEntry>) {
    const today = utcDay(this.now());
    if (this.written.day !== today || this.written.views.size >= MAX_REMEMBERED_VIEWS) {
      this.written = { day: today, views: new Set() };
    }
    for (const [id, entry] of written) {
      if (entry.day === today) this.written.views.add(id);
    }
  }

  private async write(): Promise<void> {
    const written = this.batch;
    const entries = [...written.values()];
    this.batch = new Map();
    if (entries.length > 0) {
      try {
        await countViews(this.options.db, entries);
        this.remember(written);
      } catch (error) {
        // Nothing of a failed batch was kept: it is tried again with the next one, within bounds.
        this.options.log.warn({ err: error, views: entries.length }, 'listing views not counted');
        for (const entry of entries) {
          if (this.batch.size >= MAX_HELD_VIEWS) break;
          this.batch.set(`${entry.day}|${entry.propertyId}|${entry.visitorKey}`, entry);
        }
      }
    }
    const now = this.now();
    if (now.getTime() - this.lastPurge >= PURGE_EVERY_MS) {
      this.lastPurge = now.getTime();
      try {
        await forgetOldVisitors(this.options.db, utcDay(now));
      } catch (error) {
        this.options.log.warn({ err: error }, 'old listing visitors not forgotten');
      }
    }
  }
}

/** `app.listingViews`: the view counter of listing details pages, written on close at the latest. */
export const listingViewsPlugin = fp(
  async (app: FastifyInstance) => {
    const recorder = new ListingViewRecorder({
      db: app.db,
      secret: resolveSessionSecret(app.config),
      log: app.log.child({ module: 'listing-views' }),
      enabled: app.config.listingViews.count,
      flushMs: app.config.listingViews.flushMs,
    });
    app.decorate('listingViews', recorder);
    app.addHook('onClose', async () => recorder.close());
  },
  { name: 'listing-views' },
);
