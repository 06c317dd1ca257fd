import {
  COMPARABLE_RULES,
  type Comparable,
  comparablesChosenBy,
  ESTIMATE_MESSAGES,
  type ListingEstimate,
} from '@keyhaven/shared';
import { and, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { type Database, preparedPerDatabase } from '../../db/client.js';
import { properties, typeLane, typeLanePosition } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import type { ShortLivedCache } from '../../lib/short-lived-cache.js';
import { notByFraudAgent } from '../listing-search/index.js';
import { isPublic, listingById } from '../listing-views/listing-by-id.js';
import type { ListingRow, Viewer } from '../listing-views/property-view.js';
import {
  allSales,
  boxAround,
  type Candidate,
  type Chosen,
  chooseForSale,
  chooseSales,
  estimateFrom,
  type Ranked,
  tolerances,
} from './comparables-maths.js';

/*
 * A listing's comparable homes and its Keyhaven Estimate (decision 056). Candidates are read
 * nearest first from the GiST indexes on pins by type (properties_sold_lane_idx and
 * properties_open_lane_idx), within the widest radius, a few dozen at most: one statement for the
 * sales and, when they are too few, one for homes for sale. The choice and the maths are
 * comparables-maths.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const WIDEST_MILES = COMPARABLE_RULES.radiusMiles.at(-1) ?? 25;
const LONGEST_MONTHS = COMPARABLE_RULES.soldWithinMonths.at(-1) ?? 24;
/**
 * The nearest candidates read: enough to find six of the last 12 months within a radius step the
 * read covers whole in all but the sparsest places (then everything within the widest radius).
 */
const NEAREST_READ = 60;
const EVERYTHING_READ = 5000;
/** Miles in a degree of latitude, rounded down: a read's whole radius is never overstated. */
const MILES_PER_DEGREE = 69;

/** The pin on its type's lane, as the comparables' indexes hold it. */
const position = typeLanePosition(properties.lng, properties.lat, properties.propertyType);
const p = (name: string) => sql.placeholder(name);

type Subject = ListingRow & { lat: number; lng: number };
type Kind = 'sold' | 'active';

// Written as the indexes' conditions are, constants in the text, so their predicates match.
const STATUS: Record<Kind, SQL> = {
  sold: sql`${properties.availability} = 'Sold' and ${properties.soldPriceCents} is not null and ${properties.soldAt} >= ${p('soldSince')}`,
  active: sql`${properties.availability} = 'Available'`,
};

/**
 * What a candidate is read with: only columns its index carries (INCLUDE), so the read is an
 * index-only scan. A sale's price is its own; a home for sale's, the middle of its asking range.
 */
const COLUMNS = {
  sold: { price: properties.soldPriceCents, soldAt: properties.soldAt },
  active: {
    price: sql<number>`(${properties.minPriceCents} + ${properties.maxPriceCents}) / 2`,
    soldAt: sql<null>`null`,
  },
} as const;

/** Public homes of a type, alike enough, in a box, nearest first: sold or for sale. */
const candidateStatement = (kind: Kind) =>
  preparedPerDatabase((db) =>
    db
      .select({
        id: properties.id,
        lat: properties.lat,
        lng: properties.lng,
        bedrooms: properties.bedrooms,
        bathrooms: properties.bathrooms,
        areaSize: properties.areaSize,
        ...COLUMNS[kind],
      })
      .from(properties)
      .where(
        and(
          sql`${properties.approval} = 'approved'`,
          STATUS[kind],
          sql`${position} <@ box(point(${p('west')}::float8, ${p('south')}::float8), point(${p('east')}::float8, ${p('north')}::float8))`,
          ne(properties.id, p('id')),
          gte(properties.bedrooms, p('bedroomsFrom')),
          lte(properties.bedrooms, p('bedroomsTo')),
          gte(properties.bathrooms, p('bathroomsFrom')),
          lte(properties.bathrooms, p('bathroomsTo')),
          gte(properties.areaSize, p('areaFrom')),
          lte(properties.areaSize, p('areaTo')),
          notByFraudAgent,
        ),
      )
      .orderBy(sql`${position} <-> point(${p('lng')}::float8, ${p('lat')}::float8)`)
      .limit(p('limit'))
      .prepare(`comparable_${kind}_candidates`),
  );
const CANDIDATES = { sold: candidateStatement('sold'), active: candidateStatement('active') };

interface Read {
  candidates: Candidate[];
  /** The radius, in miles, within which every candidate was read. */
  wholeMiles: number;
}

/** The nearest candidates of a kind, and the radius the read covers whole. */
async function nearest(
  db: Database,
  subject: Subject,
  kind: Kind,
  now: Date,
  limit: number,
): Promise<Read> {
  const box = boxAround(subject, WIDEST_MILES);
  // On the type's lane: its homes alone are in the box.
  const shift = 360 * typeLane(subject.propertyType);
  const t = tolerances(subject);
  const rows = await CANDIDATES[kind](db).execute({
    ...box,
    west: box.west + shift,
    east: box.east + shift,
    lat: subject.lat,
    lng: subject.lng + shift,
    id: subject.id,
    bedroomsFrom: t.bedrooms[0],
    bedroomsTo: t.bedrooms[1],
    bathroomsFrom: t.bathrooms[0],
    bathroomsTo: t.bathrooms[1],
    areaFrom: t.areaSize[0],
    areaTo: t.areaSize[1],
    soldSince: new Date(now.getTime() - LONGEST_MONTHS * 30.436875 * DAY_MS),
    limit,
  });
  const candidates = rows.map((row) => ({
    id: row.id,
    lat: row.lat ?? 0,
    lng: row.lng ?? 0,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    areaSize: row.areaSize,
    soldAt: row.soldAt,
    priceCents: Math.round(Number(row.price ?? 0)),
  }));
  if (rows.length < limit) return { candidates, wholeMiles: WIDEST_MILES };
  // Read nearest first in degrees: everything nearer than the last one in degrees was read, and
  // a circle of r miles lies within r / (69 cos latitude) degrees (a degree of longitude shrinks).
  const last = candidates.at(-1) as Candidate;
  const degrees = Math.hypot(last.lat - subject.lat, last.lng - subject.lng);
  const widestLatitude = Math.min(89.9, Math.abs(subject.lat) + degrees);
  return {
    candidates,
    wholeMiles: degrees * MILES_PER_DEGREE * Math.cos((widestLatitude * Math.PI) / 180),
  };
}

/** The sales to compare with, from the nearest; when they cannot decide, from all of them. */
async function sales(db: Database, subject: Subject, now: Date) {
  const near = await nearest(db, subject, 'sold', now, NEAREST_READ);
  const chosen = chooseSales(subject, near.candidates, near.wholeMiles, now);
  if (chosen) return { chosen, full: true };
  const all =
    near.wholeMiles >= WIDEST_MILES
      ? near
      : await nearest(db, subject, 'sold', now, EVERYTHING_READ);
  const widened = chooseSales(subject, all.candidates, all.wholeMiles, now);
  return widened
    ? { chosen: widened, full: true }
    : { chosen: allSales(subject, all.candidates, now), full: false };
}

/** Homes for sale to fill `wanted` places, likewise. */
async function forSale(
  db: Database,
  subject: Subject,
  wanted: number,
  now: Date,
): Promise<Chosen | null> {
  const near = await nearest(db, subject, 'active', now, NEAREST_READ);
  const chosen = chooseForSale(subject, near.candidates, wanted, near.wholeMiles, now);
  if (chosen || near.wholeMiles >= WIDEST_MILES) return chosen;
  const all = await nearest(db, subject, 'active', now, EVERYTHING_READ);
  return chooseForSale(subject, all.candidates, wanted, all.wholeMiles, now);
}

const dollars = (cents: number) => Math.round(cents / 100);

/** The cards' words and pictures, for the chosen homes only. */
async function shown(db: Database, homes: Ranked[], usedIds: Set<string>): Promise<Comparable[]> {
  if (homes.length === 0) return [];
  const rows = await db
    .select({
      id: properties.id,
      title: properties.title,
      location: properties.location,
      image: properties.image,
    })
    .from(properties)
    .where(
      inArray(
        properties.id,
        homes.map((home) => home.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return homes.flatMap((home) => {
    const row = byId.get(home.id);
    if (!row) return [];
    return [
      {
        id: home.id,
        title: row.title,
        location: row.location,
        image: row.image,
        status: home.soldAt ? 'sold' : 'active',
        soldAt: home.soldAt?.toISOString() ?? null,
        price: dollars(home.priceCents),
        pricePerSqft: dollars(home.priceCents / home.areaSize),
        distanceMiles: Math.round(home.distanceMiles * 10) / 10,
        bedrooms: home.bedrooms,
        bathrooms: home.bathrooms,
        areaSize: home.areaSize,
        similarity: Math.round(home.similarity * 1000) / 1000,
        usedInEstimate: usedIds.has(home.id),
      } satisfies Comparable,
    ];
  });
}

/** The comparables and estimate of a listing with a pin and an area. */
export async function comparablesOf(
  db: Database,
  subject: Subject,
  now: Date,
): Promise<ListingEstimate> {
  const { chosen: sold, full } = await sales(db, subject, now);
  const wanted = COMPARABLE_RULES.count - sold.homes.length;
  const active = full || wanted === 0 ? null : await forSale(db, subject, wanted, now);
  const figures = estimateFrom(subject, sold.homes, now);
  const used = new Set(figures ? sold.homes.map((home) => home.id) : []);
  const t = tolerances(subject);
  const anySold = sold.homes.length > 0;
  return {
    unavailable: null,
    comparables: await shown(db, [...sold.homes, ...(active?.homes ?? [])], used),
    chosenBy: comparablesChosenBy({
      soldRadiusMiles: anySold ? sold.radiusMiles : null,
      soldWithinMonths: anySold ? sold.withinMonths : null,
      activeRadiusMiles: active && active.homes.length > 0 ? active.radiusMiles : null,
      bedrooms: t.bedrooms,
      bathrooms: t.bathrooms,
      areaSize: t.areaSize,
      namesBedrooms: subject.bedrooms > 0,
    }),
    estimate: figures && {
      value: dollars(figures.valueCents),
      low: dollars(figures.lowCents),
      high: dollars(figures.highCents),
      pricePerSqft: dollars(figures.pricePerSqftCents),
      confidence: figures.confidence,
      salesUsed: figures.salesUsed,
    },
  };
}

/**
 * A listing's comparables and estimate as the viewer may see them: its agent and admins always;
 * everyone else while it is public (approved, its agent in good standing), sold or not. Others:
 * 404, as for its page.
 *
 * A public listing's answer is the same for every viewer, so it is kept in `publicEstimates`
 * (the listing caches' `estimates`): any change of any listing empties it, since a sale, a new
 * listing or a price nearby may change the comparables, and the estimate's time adjustment moves
 * by a fraction of a percent a month. A listing that is not public is remembered as such, and its
 * answer is then worked out for each viewer who may see it.
 */
export async function listingEstimate(
  db: Database,
  viewer: Viewer,
  listingId: string,
  publicEstimates?: ShortLivedCache<ListingEstimate | null>,
  now = new Date(),
): Promise<ListingEstimate> {
  let found: Awaited<ReturnType<typeof readListing>>;
  const readListing = async () => (await listingById(db).execute({ id: listingId }))[0];
  const publicAnswer = async () => {
    found = await readListing();
    return found && isPublic(found) ? estimateOf(db, found, now) : null;
  };
  const shared = publicEstimates
    ? await publicEstimates.get(listingId, publicAnswer)
    : await publicAnswer();
  if (shared) return shared;
  // Read here only when the cache remembered the listing as not public.
  found ??= await readListing();
  const manages = found && (viewer.role === 'admin' || viewer.id === found.property.agentId);
  if (!found || !manages) throw notFound(ESTIMATE_MESSAGES.notFound);
  return estimateOf(db, found, now);
}

/** A listing's comparables and estimate, or why it has none. */
async function estimateOf(
  db: Database,
  { property }: { property: ListingRow },
  now: Date,
): Promise<ListingEstimate> {
  const none = { comparables: [], chosenBy: null, estimate: null };
  if (property.lat === null || property.lng === null) {
    return { unavailable: 'no-position', ...none };
  }
  if (property.areaSize <= 0) return { unavailable: 'no-area', ...none };
  return comparablesOf(db, { ...property, lat: property.lat, lng: property.lng }, now);
}
