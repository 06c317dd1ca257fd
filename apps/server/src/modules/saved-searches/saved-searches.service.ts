import {
  type AlertFrequency,
  ENGAGEMENT_LIMITS,
  type LngLat,
  SAVED_SEARCH_MESSAGES,
  type SavedSearch,
  SEARCH_FILTER_KEYS,
  savedSearchQuery,
  type ZPropertySearchQuery,
} from '@keyhaven/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { savedSearches, users } from '../../db/schema.js';
import { AppError, conflict, invalidField, notFound } from '../../lib/app-error.js';

/** Every filter a saved search keeps is one the search itself reads. */
const FILTER_NAMES =
  SEARCH_FILTER_KEYS satisfies readonly (keyof typeof ZPropertySearchQuery.shape)[];

export type SearchQuery = NonNullable<ReturnType<typeof savedSearchQuery>['data']>;

/**
 * A drawn outline's rectangle is widened by this much (degrees, about a kilometre) before it
 * finds candidates: PostgreSQL counts a point within a rounding tolerance of an outline's edge as
 * on it, and that tolerance grows as an edge gets shorter, so the exact bounds could leave out a
 * home the search itself shows. The outline itself is then checked exactly.
 */
const OUTLINE_MARGIN = 0.01;

/**
 * The filters a search's address carries, checked with the search's own rules, and written back in
 * the address's own form from what the search read: only the search's filters (not its page, size
 * or order, nor values the search ignores, such as the "any type" placeholder), each in one
 * spelling, so matching reads them back without the search's parser (see readStoredFilters). A
 * refused value answers 400 naming `filters.<name>`.
 */
export function checkedFilters(given: Record<string, string>) {
  const parsed = savedSearchQuery(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = ['filters', ...(issue?.path ?? [])].join('.');
    throw invalidField(field, issue?.message ?? 'Invalid filter');
  }
  const query = parsed.data;
  const written: Record<(typeof FILTER_NAMES)[number], string | undefined> = {
    location: query.location,
    propertyType: query.propertyType,
    types: query.types?.join(','),
    priceRange: query.priceRange,
    priceBand: query.priceBand,
    minPrice: query.minPrice?.toString(),
    maxPrice: query.maxPrice?.toString(),
    minBeds: query.minBeds?.toString(),
    minBaths: query.minBaths?.toString(),
    features: query.features?.join(','),
    bbox: query.bbox
      ? [query.bbox.west, query.bbox.south, query.bbox.east, query.bbox.north].join(',')
      : undefined,
    polygon: query.polygon?.map((corner) => `${corner.lng},${corner.lat}`).join(';'),
    openHouse: query.openHouse,
  };
  const filters: Record<string, string> = {};
  for (const name of FILTER_NAMES) {
    const value = written[name];
    if (value) filters[name] = value;
  }
  return { filters, query };
}

/** The rectangle a search's area lies in, built as the search builds its `bbox` (see spatialConditions). */
function areaOf(query: SearchQuery) {
  if (query.bbox) {
    const { west, south, east, north } = query.bbox;
    return sql`box(point(${west}::float8, ${south}::float8), point(${east}::float8, ${north}::float8))`;
  }
  if (query.polygon) {
    const bounds = boundsOf(query.polygon);
    return sql`box(point(${bounds.west - OUTLINE_MARGIN}::float8, ${bounds.south - OUTLINE_MARGIN}::float8), point(${bounds.east + OUTLINE_MARGIN}::float8, ${bounds.north + OUTLINE_MARGIN}::float8))`;
  }
  return null;
}

function boundsOf(ring: LngLat[]) {
  const lngs = ring.map((corner) => corner.lng);
  const lats = ring.map((corner) => corner.lat);
  return {
    west: Math.min(...lngs),
    south: Math.min(...lats),
    east: Math.max(...lngs),
    north: Math.max(...lats),
  };
}

/**
 * What finds a search when a listing is approved: its place in lower case (lowered by the
 * database, as the search's case-insensitive match lowers both sides) and its area's rectangle.
 */
function matchColumns(query: SearchQuery) {
  return {
    locationKey: query.location ? sql`lower(${query.location})` : null,
    area: areaOf(query),
  };
}

const columns = {
  id: savedSearches.id,
  name: savedSearches.name,
  filters: savedSearches.filters,
  alert: savedSearches.alert,
  createdAt: savedSearches.createdAt,
  newMatches: sql<number>`(
    select count(*) from saved_search_matches m
    where m.saved_search_id = ${savedSearches.id} and m.matched_at > ${savedSearches.viewedAt}
  )`.mapWith(Number),
};

type Row = {
  id: string;
  name: string;
  filters: Record<string, string>;
  alert: AlertFrequency;
  createdAt: Date;
  newMatches: number;
};

const toView = (row: Row): SavedSearch => ({
  _id: row.id,
  name: row.name,
  filters: row.filters,
  alert: row.alert,
  newMatches: row.newMatches,
  createdAt: row.createdAt.toISOString(),
});

/** The owner's saved searches, newest first, each with the homes matched since they last opened it. */
export async function savedSearchesOf(db: Database, userId: string) {
  const rows = await db
    .select(columns)
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map(toView);
}

async function ownSearch(db: Database, userId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  if (!row) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
  return toView(row);
}

/**
 * The row a saved search is stored as: its filters checked and kept as the search's address
 * carries them, with the columns that find it when a listing is approved.
 */
export function savedSearchRow(
  userId: string,
  input: { name: string; filters: Record<string, string>; alert: AlertFrequency },
) {
  const { filters, query } = checkedFilters(input.filters);
  return { userId, name: input.name, filters, alert: input.alert, ...matchColumns(query) };
}

export async function saveSearch(
  db: Database,
  userId: string,
  input: { name: string; filters: Record<string, string>; alert: AlertFrequency },
) {
  const row = savedSearchRow(userId, input);
  const id = await db.transaction(async (tx) => {
    // The owner's row is locked while their searches are counted, so two saves at the same
    // moment cannot both pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [kept] = await tx
      .select({ value: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId));
    if ((kept?.value ?? 0) >= ENGAGEMENT_LIMITS.savedSearchesPerUser) {
      throw conflict(SAVED_SEARCH_MESSAGES.tooMany);
    }
    const [created] = await tx
      .insert(savedSearches)
      .values(row)
      .returning({ id: savedSearches.id });
    if (!created) throw new AppError('INTERNAL', 'The search could not be saved');
    return created.id;
  });
  return ownSearch(db, userId, id);
}

export async function updateSearch(
  db: Database,
  userId: string,
  id: string,
  changes: { name?: string; alert?: AlertFrequency },
) {
  const [updated] = await db
    .update(savedSearches)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (!updated) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
  return ownSearch(db, userId, id);
}

export async function deleteSearch(db: Database, userId: string, id: string) {
  const [deleted] = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (!deleted) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
}

/** The owner opened the search: the homes matched so far are no longer new. */
export async function markViewed(db: Database, userId: string, id: string) {
  const [viewed] = await db
    .update(savedSearches)
    .set({ viewedAt: sql`now()` })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (!viewed) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
  return ownSearch(db, userId, id);
}
