import {
  type AlertFrequency,
  type Bbox,
  LIMITS,
  type LngLat,
  PRICE_BANDS,
  PRICE_RANGES,
  reachesBand,
  toCents,
} from '@keyhaven/shared';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { properties, savedSearches, users } from '../../db/schema.js';
import { openHouseThisWeekend, spatialConditions } from '../listing-search/index.js';

/** What of a newly approved listing a saved search is checked against, and what an alert shows. */
export interface MatchedListing {
  id: string;
  agentId: string;
  title: string;
  location: string;
  image: string | null;
  propertyType: string;
  minPriceCents: number;
  maxPriceCents: number;
  bedrooms: number;
  bathrooms: number;
  features: string[];
  lat: number | null;
  lng: number | null;
  /** An open house this weekend that has not ended, as the search's filter reads it. */
  openHouseThisWeekend: boolean;
}

export interface MatchingSearch {
  id: string;
  userId: string;
  name: string;
  filters: Record<string, string>;
  alert: AlertFrequency;
}

/**
 * The listing as the public search would show it: approved, Available and listed by an agent in
 * good standing. Null when it is none of that (rejected again, sold, or its agent since marked as
 * fraud): it matches no saved search.
 */
async function publicListing(db: Database, propertyId: string): Promise<MatchedListing | null> {
  const [row] = await db
    .select({
      id: properties.id,
      agentId: properties.agentId,
      title: properties.title,
      location: properties.location,
      image: properties.image,
      propertyType: properties.propertyType,
      minPriceCents: properties.minPriceCents,
      maxPriceCents: properties.maxPriceCents,
      bedrooms: properties.bedrooms,
      bathrooms: properties.bathrooms,
      features: properties.features,
      lat: properties.lat,
      lng: properties.lng,
      openHouseThisWeekend: sql<boolean>`${openHouseThisWeekend()}`,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.agentId))
    .where(
      and(
        eq(properties.id, propertyId),
        eq(properties.approval, 'approved'),
        eq(properties.availability, 'Available'),
        ne(users.role, 'fraud'),
      ),
    );
  return row ?? null;
}

/**
 * The saved searches that may match the listing, found through their indexes and never by
 * reading every search: those whose place is a piece of the listing's location (every piece of
 * it, lowered by the database as the search's case-insensitive match lowers, looked up in the
 * place index), those without a place whose area holds the listing's pin (the area index), and
 * the few that look anywhere. The listing's own agent and fraud accounts are never told.
 *
 * A search's map area is decided here exactly as the search decides it: its `area` is the very
 * box the search builds from `bbox`, and `box @> point` is the same test (the same function, edges
 * included) as the search's `point <@ box`. A drawn outline's `area` is only its widened
 * rectangle; the outline itself is checked after (see withinOutlines).
 */
function candidates(db: Database, listing: MatchedListing) {
  const columns = {
    id: savedSearches.id,
    userId: savedSearches.userId,
    name: savedSearches.name,
    filters: savedSearches.filters,
    alert: savedSearches.alert,
  };
  const pin = sql`point(${listing.lng}::float8, ${listing.lat}::float8)`;
  const pieces = sql`array(
    select substr(place, start, size)
    from lower(${listing.location}) as place,
      generate_series(1, length(place)) as start,
      generate_series(1, least(${LIMITS.locationMaxLength}, length(place) - start + 1)) as size
  )`;
  // Only searches of others than the listing's agent; fraud accounts are left out once, below.
  const eligible = ne(savedSearches.userId, listing.agentId);
  const byPlace = db
    .select(columns)
    .from(savedSearches)
    .where(
      and(
        isNotNull(savedSearches.locationKey),
        sql`${savedSearches.locationKey} = any(${pieces})`,
        sql`(${savedSearches.area} is null or ${savedSearches.area} @> ${pin})`,
        eligible,
      ),
    );
  const anywhere = db
    .select(columns)
    .from(savedSearches)
    .where(and(isNull(savedSearches.locationKey), isNull(savedSearches.area), eligible));
  const byArea = () =>
    db
      .select(columns)
      .from(savedSearches)
      .where(
        and(
          isNull(savedSearches.locationKey),
          isNotNull(savedSearches.area),
          // As a box of no size: the GiST index answers box-in-box, not point-in-box.
          sql`${savedSearches.area} @> box(${pin}, ${pin})`,
          sql`${savedSearches.area} @> ${pin}`,
          eligible,
        ),
      );
  const found =
    listing.lat === null || listing.lng === null
      ? unionAll(byPlace, anywhere)
      : unionAll(byPlace, byArea(), anywhere);
  const candidate = found.as('candidate');
  return db
    .select()
    .from(candidate)
    .where(
      sql`${candidate.userId} not in (select ${users.id} from ${users} where ${users.role} = 'fraud')`,
    );
}

/**
 * Whether the listing meets a search's filters other than its place and area, exactly as the
 * public search's conditions read them (listing-search/search-conditions.ts: areaConditions and
 * publicConditions): all the features, any of the types, the whole price range inside the bounds
 * and the bracket, reaching into the band, at least the bedrooms and bathrooms. The place and the map area were matched
 * with the candidates; a drawn outline is checked by the search's own SQL (see withinOutlines).
 */
export function meetsFilters(listing: MatchedListing, query: StoredFilters): boolean {
  if (query.propertyType && listing.propertyType !== query.propertyType) return false;
  if (query.types?.length && !query.types.includes(listing.propertyType)) return false;
  const range = PRICE_RANGES.find((bracket) => bracket.label === query.priceRange);
  if (range) {
    if (listing.minPriceCents < toCents(range.min)) return false;
    if (range.max !== null && listing.maxPriceCents > toCents(range.max)) return false;
  }
  const band = PRICE_BANDS.find((choice) => choice.id === query.priceBand);
  if (band) {
    const inCents = { min: toCents(band.min), max: band.max === null ? null : toCents(band.max) };
    if (!reachesBand(inCents, listing.minPriceCents, listing.maxPriceCents)) return false;
  }
  if (query.minPrice !== undefined && listing.minPriceCents < toCents(query.minPrice)) return false;
  if (query.maxPrice !== undefined && listing.maxPriceCents > toCents(query.maxPrice)) return false;
  if (query.minBeds !== undefined && listing.bedrooms < query.minBeds) return false;
  if (query.minBaths !== undefined && listing.bathrooms < query.minBaths) return false;
  if (query.features?.length && !query.features.every((f) => listing.features.includes(f))) {
    return false;
  }
  if (query.openHouse === 'weekend' && !listing.openHouseThisWeekend) return false;
  return true;
}

/**
 * Of the searches with a drawn outline, those whose outline holds the listing's pin, decided by
 * the search's own condition (spatialConditions: the same outline and operator, edges included)
 * evaluated on the listing's row, all in one query.
 */
async function withinOutlines(
  db: Database,
  listingId: string,
  searches: { id: string; polygon: LngLat[] }[],
): Promise<Set<string>> {
  if (searches.length === 0) return new Set();
  const tests = searches.map(
    ({ polygon }) => sql`coalesce(${and(...spatialConditions({ polygon }))}, false)`,
  );
  const [row] = await db
    .select({ inside: sql<boolean[]>`array[${sql.join(tests, sql`, `)}]` })
    .from(properties)
    .where(eq(properties.id, listingId));
  const inside = row?.inside ?? [];
  return new Set(searches.filter((_, index) => inside[index] === true).map(({ id }) => id));
}

/** The filters the candidates' query decides exactly on its own. */
const PLACE_AND_AREA = new Set(['location', 'bbox']);

/** A saved search's filters as the search read them when it was saved. */
export interface StoredFilters {
  location?: string;
  propertyType?: string;
  types?: string[];
  priceRange?: string;
  priceBand?: string;
  minPrice?: number;
  maxPrice?: number;
  minBeds?: number;
  minBaths?: number;
  features?: string[];
  bbox?: Bbox;
  polygon?: LngLat[];
  openHouse?: 'weekend';
}

const listOf = (text: string | undefined) => (text ? text.split(',') : undefined);
const numberOf = (text: string | undefined) => (text === undefined ? undefined : Number(text));

/**
 * Reads a saved search's filters back. They were checked with the search's own rules and
 * written in one spelling when saved (checkedFilters), so reading them needs no parser: matching
 * one listing reads thousands of them.
 */
export function readStoredFilters(filters: Record<string, string>): StoredFilters {
  const box = filters.bbox?.split(',').map(Number);
  return {
    location: filters.location,
    propertyType: filters.propertyType,
    types: listOf(filters.types),
    priceRange: filters.priceRange,
    priceBand: filters.priceBand,
    minPrice: numberOf(filters.minPrice),
    maxPrice: numberOf(filters.maxPrice),
    minBeds: numberOf(filters.minBeds),
    minBaths: numberOf(filters.minBaths),
    features: listOf(filters.features),
    bbox: box && {
      west: box[0] as number,
      south: box[1] as number,
      east: box[2] as number,
      north: box[3] as number,
    },
    polygon: filters.polygon?.split(';').map((corner) => {
      const [lng, lat] = corner.split(',').map(Number);
      return { lng: lng as number, lat: lat as number };
    }),
    openHouse: filters.openHouse === 'weekend' ? 'weekend' : undefined,
  };
}

/**
 * The saved searches a listing matches now, with the listing as alerts show it: none when the
 * public search would not show it.
 */
export async function findMatchingSearches(
  db: Database,
  propertyId: string,
): Promise<{ listing: MatchedListing; searches: MatchingSearch[] } | null> {
  const listing = await publicListing(db, propertyId);
  if (!listing) return null;
  const found = await candidates(db, listing);
  const matching: MatchingSearch[] = [];
  const outlined: { search: MatchingSearch; polygon: LngLat[] }[] = [];
  for (const search of found) {
    // A search of a place or a map area alone was matched whole by the candidates' query.
    if (Object.keys(search.filters).every((name) => PLACE_AND_AREA.has(name))) {
      matching.push(search);
      continue;
    }
    const query = readStoredFilters(search.filters);
    if (!meetsFilters(listing, query)) continue;
    if (query.polygon) outlined.push({ search, polygon: query.polygon });
    else matching.push(search);
  }
  const inside = await withinOutlines(
    db,
    listing.id,
    outlined.map(({ search, polygon }) => ({ id: search.id, polygon })),
  );
  for (const { search } of outlined) if (inside.has(search.id)) matching.push(search);
  return { listing, searches: matching };
}
