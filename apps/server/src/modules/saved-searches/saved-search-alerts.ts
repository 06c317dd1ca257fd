import {
  ALERT_FREQUENCIES,
  type AlertFrequency,
  formatDollars,
  searchMatchBody,
  searchMatchTitle,
  toDollars,
} from '@keyhaven/shared';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import {
  notificationSettings,
  properties,
  savedSearches,
  savedSearchMatches,
  users,
} from '../../db/schema.js';
import { addDays } from '../../lib/listing-time-zone.js';
import type { JobQueue } from '../jobs/job-queue.js';
import {
  findMatchingSearches,
  type MatchedListing,
  type MatchingSearch,
  readStoredFilters,
} from './saved-search-match.js';

export const MATCH_QUEUE = 'saved-search-match';
export const DIGEST_QUEUE = 'saved-search-digest';
/** The daily digest goes out at seven in the morning (UTC). */
export const DIGEST_CRON = '0 7 * * *';
/** A digest shows at most this many homes per search; the search's page shows them all. */
const DIGEST_LISTINGS_PER_SEARCH = 10;

/** The page that shows a saved search's homes: the signed-in catalogue with its filters. */
export const searchPath = (filters: Record<string, string>) => {
  const query = new URLSearchParams(filters).toString();
  return query ? `/all-properties?${query}` : '/all-properties';
};

/**
 * How often the owner is e-mailed about a search: the search's own choice, lowered by their
 * notification settings ('off' there silences every search, 'daily' turns instant ones into the
 * digest).
 */
export function effectiveFrequency(
  search: AlertFrequency,
  settings: AlertFrequency | null | undefined,
): AlertFrequency {
  const rank = (frequency: AlertFrequency) =>
    ALERT_FREQUENCIES.length - 1 - ALERT_FREQUENCIES.indexOf(frequency);
  const mine = settings ?? 'instant';
  return rank(search) <= rank(mine) ? search : mine;
}

const priceText = (listing: { minPriceCents: number; maxPriceCents: number }) =>
  listing.minPriceCents === listing.maxPriceCents
    ? formatDollars(toDollars(listing.minPriceCents))
    : `${formatDollars(toDollars(listing.minPriceCents))} – ${formatDollars(toDollars(listing.maxPriceCents))}`;

type MailedListing = Pick<
  MatchedListing,
  'id' | 'title' | 'location' | 'image' | 'minPriceCents' | 'maxPriceCents'
>;

function mailedListing(app: FastifyInstance, listing: MailedListing) {
  const origin = app.config.publicUrl;
  const imageUrl = listing.image
    ? listing.image.startsWith('http')
      ? listing.image
      : `${origin}${listing.image}`
    : null;
  return {
    title: listing.title,
    location: listing.location,
    price: priceText(listing),
    url: `${origin}/propertyDetails/${listing.id}`,
    imageUrl,
  };
}

/** What a match job looks at: a listing approved, or an open house added to one. */
export interface MatchJob {
  propertyId: string;
  /** Set when an open house was added: only the searches that ask for one are matched. */
  openHouse?: true;
}

const asksForOpenHouse = (search: MatchingSearch) =>
  readStoredFilters(search.filters).openHouse === 'weekend';

/**
 * A listing was approved, or given an open house: records which saved searches it matches, tells
 * each owner in the app, and e-mails those who want it at once. Safe to run again (a retried job,
 * a listing approved again after an edit, a second open house): each pair is recorded, notified
 * and mailed once by its key.
 */
export async function alertMatches(app: FastifyInstance, job: MatchJob) {
  const { propertyId } = job;
  const found = await findMatchingSearches(app.db, propertyId);
  if (!found) return;
  const { listing } = found;
  // An open house changes nothing for a search that does not ask for one: those were matched
  // when the listing was approved.
  const searches = job.openHouse ? found.searches.filter(asksForOpenHouse) : found.searches;
  if (searches.length === 0) return;
  await app.db
    .insert(savedSearchMatches)
    .values(searches.map((search) => ({ savedSearchId: search.id, propertyId })))
    .onConflictDoNothing();

  const owners = await app.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      searchAlerts: notificationSettings.searchAlerts,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(
      inArray(
        users.id,
        searches.map((search) => search.userId),
      ),
    );
  const ownerById = new Map(owners.map((owner) => [owner.id, owner]));
  const price = priceText(listing);
  const dealtWith: string[] = [];
  for (const search of searches) {
    const owner = ownerById.get(search.userId);
    if (!owner) continue;
    const link = searchPath(search.filters);
    // A job run again after a failure queues only what it had not queued yet (keyed).
    await app.notifications.queue(app.db, [
      {
        kind: 'search_match',
        key: `search_match:${search.id}:${propertyId}`,
        recipients: [owner.id],
        title: searchMatchTitle(search.name),
        body: searchMatchBody(listing.title, listing.location, price),
        link,
        email: false,
      },
    ]);
    const frequency = effectiveFrequency(search.alert, owner.searchAlerts);
    if (frequency === 'instant') {
      await app.mail.enqueue({
        key: `search-alert:${search.id}:${propertyId}`,
        to: owner.email,
        userId: owner.id,
        template: 'search-alert',
        props: {
          name: owner.name,
          searchName: search.name,
          searchUrl: `${app.config.publicUrl}${link}`,
          listings: [mailedListing(app, listing)],
        },
        unsubscribe: { userId: owner.id, email: owner.email, scope: 'search_alerts' },
      });
    }
    // Only daily matches wait for the digest; the others are settled now (a search turned to
    // daily later does not mail what was matched before).
    if (frequency !== 'daily') dealtWith.push(search.id);
  }
  if (dealtWith.length > 0) {
    await app.db
      .update(savedSearchMatches)
      .set({ alertedAt: sql`now()` })
      .where(
        and(
          eq(savedSearchMatches.propertyId, propertyId),
          inArray(savedSearchMatches.savedSearchId, dealtWith),
          isNull(savedSearchMatches.alertedAt),
        ),
      );
  }
}

/**
 * An open house makes its listing match the searches for "Open house this weekend" from the
 * Monday (by UTC's date, as the filter reads it) before its weekend, when that weekend becomes
 * "this weekend": its match is queued for then, or at once when that Monday has come. An open
 * house on a weekday is no weekend's, so it queues nothing. Queued with the open house (`tx`).
 */
export async function queueOpenHouseMatch(
  jobs: JobQueue,
  tx: Executor,
  openHouse: { id: string; propertyId: string; localDate: string },
  now = new Date(),
) {
  const weekday = new Date(`${openHouse.localDate}T00:00:00Z`).getUTCDay();
  if (weekday !== 0 && weekday !== 6) return;
  const monday = new Date(`${addDays(openHouse.localDate, weekday === 6 ? -5 : -6)}T00:00:00Z`);
  const job: MatchJob = { propertyId: openHouse.propertyId, openHouse: true };
  await jobs.send(MATCH_QUEUE, job, {
    key: `saved-search-match:open-house:${openHouse.id}`,
    tx,
    ...(monday > now ? { startAfter: monday } : {}),
  });
}

/** `2026-11-24`: the digest's day (UTC), part of its idempotency key. */
const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);

/**
 * The daily digest: one e-mail per owner with every match still waiting for it, grouped by
 * search. Homes no longer shown by the search (rejected, sold, their agent marked as fraud) are
 * left out; an owner who has since turned alerts off gets nothing. Every waiting match is then
 * settled.
 */
export async function sendDigests(app: FastifyInstance, now = new Date()) {
  const waiting = await app.db
    .select({
      searchId: savedSearches.id,
      searchName: savedSearches.name,
      filters: savedSearches.filters,
      alert: savedSearches.alert,
      propertyId: savedSearchMatches.propertyId,
      userId: users.id,
      userName: users.name,
      email: users.email,
      searchAlerts: notificationSettings.searchAlerts,
      listing: {
        id: properties.id,
        title: properties.title,
        location: properties.location,
        image: properties.image,
        minPriceCents: properties.minPriceCents,
        maxPriceCents: properties.maxPriceCents,
      },
      shown: sql<boolean>`(${properties.approval} = 'approved' and ${properties.availability} = 'Available' and ${properties.agentId} not in (select id from users where role = 'fraud'))`,
    })
    .from(savedSearchMatches)
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchMatches.savedSearchId))
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .innerJoin(properties, eq(properties.id, savedSearchMatches.propertyId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(and(isNull(savedSearchMatches.alertedAt), ne(users.role, 'fraud')))
    .orderBy(users.id, savedSearches.createdAt, savedSearchMatches.matchedAt);

  type Digest = {
    userId: string;
    name: string;
    email: string;
    searches: Map<
      string,
      { searchName: string; searchUrl: string; listings: ReturnType<typeof mailedListing>[] }
    >;
    matches: { searchId: string; propertyId: string }[];
  };
  const digests = new Map<string, Digest>();
  for (const row of waiting) {
    let digest = digests.get(row.userId);
    if (!digest) {
      digest = {
        userId: row.userId,
        name: row.userName,
        email: row.email,
        searches: new Map(),
        matches: [],
      };
      digests.set(row.userId, digest);
    }
    digest.matches.push({ searchId: row.searchId, propertyId: row.propertyId });
    if (!row.shown || effectiveFrequency(row.alert, row.searchAlerts) === 'off') continue;
    let search = digest.searches.get(row.searchId);
    if (!search) {
      search = {
        searchName: row.searchName,
        searchUrl: `${app.config.publicUrl}${searchPath(row.filters)}`,
        listings: [],
      };
      digest.searches.set(row.searchId, search);
    }
    if (search.listings.length < DIGEST_LISTINGS_PER_SEARCH) {
      search.listings.push(mailedListing(app, row.listing));
    }
  }

  for (const digest of digests.values()) {
    if (digest.searches.size > 0) {
      await app.mail.enqueue({
        key: `search-digest:${digest.userId}:${dayOf(now)}`,
        to: digest.email,
        userId: digest.userId,
        template: 'search-digest',
        props: { name: digest.name, searches: [...digest.searches.values()] },
        unsubscribe: { userId: digest.userId, email: digest.email, scope: 'search_alerts' },
      });
    }
    for (const match of digest.matches) {
      await app.db
        .update(savedSearchMatches)
        .set({ alertedAt: sql`now()` })
        .where(
          and(
            eq(savedSearchMatches.savedSearchId, match.searchId),
            eq(savedSearchMatches.propertyId, match.propertyId),
          ),
        );
    }
  }
}
