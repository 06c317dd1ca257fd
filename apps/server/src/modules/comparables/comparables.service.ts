import {
  COMPARABLE_RULES,
  type Comparable,
  comparablesChosenBy,
  ESTIMATE_MESSAGES,
  type ListingEstimate,
} from '@keyhaven/shared';
import { and, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { properties } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
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
 * from the GiST indexes on pins (the sold homes' own, properties_sold_position_idx, and the
 * approved homes'), within a box around the listing: first a small one, then the widest, so a
 * listing costs two reads of each kind at most. The choice and the maths are comparables-maths.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The first box searched, in miles; enough homes within it spare the widest search. */
const FIRST_SEARCH_MILES = 2;
const WIDEST_MILES = COMPARABLE_RULES.radiusMiles.at(-1) ?? 25;
const LONGEST_MONTHS = COMPARABLE_RULES.soldWithinMonths.at(-1) ?? 24;
/** Nearest candidates read at most per search: a bound, never reached outside dense cities. */
const CANDIDATES_READ = 2000;

const position = sql`point(${properties.lng}, ${properties.lat})`;

type Subject = ListingRow & { lat: number; lng: number };

/** Homes of the listing's type, public, alike enough, within `miles`: sold or for sale. */
async function candidates(
  db: Database,
  subject: Subject,
  kind: 'sold' | 'active',
  miles: number,
  now: Date,
): Promise<Candidate[]> {
  const box = boxAround(subject, miles);
  const t = tolerances(subject);
  // Written as the indexes' conditions are, constants in the text, so their predicates match.
  const status: SQL[] =
    kind === 'sold'
      ? [
          sql`${properties.availability} = 'Sold' and ${properties.soldPriceCents} is not null`,
          gte(properties.soldAt, new Date(now.getTime() - LONGEST_MONTHS * 30.436875 * DAY_MS)),
        ]
      : [sql`${properties.availability} = 'Available'`];
  const rows = await db
    .select({
      id: properties.id,
      lat: properties.lat,
      lng: properties.lng,
      bedrooms: properties.bedrooms,
      bathrooms: properties.bathrooms,
      areaSize: properties.areaSize,
      soldAt: properties.soldAt,
      soldPriceCents: properties.soldPriceCents,
      minPriceCents: properties.minPriceCents,
      maxPriceCents: properties.maxPriceCents,
    })
    .from(properties)
    .where(
      and(
        sql`${properties.approval} = 'approved'`,
        ...status,
        sql`${position} <@ box(point(${box.west}::float8, ${box.south}::float8), point(${box.east}::float8, ${box.north}::float8))`,
        sql`${properties.propertyType} = ${subject.propertyType}`,
        ne(properties.id, subject.id),
        gte(properties.bedrooms, t.bedrooms[0]),
        lte(properties.bedrooms, t.bedrooms[1]),
        gte(properties.bathrooms, t.bathrooms[0]),
        lte(properties.bathrooms, t.bathrooms[1]),
        gte(properties.areaSize, t.areaSize[0]),
        lte(properties.areaSize, t.areaSize[1]),
        notByFraudAgent,
      ),
    )
    .orderBy(sql`${position} <-> point(${subject.lng}::float8, ${subject.lat}::float8)`)
    .limit(CANDIDATES_READ);
  return rows.map((row) => ({
    id: row.id,
    lat: row.lat ?? 0,
    lng: row.lng ?? 0,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    areaSize: row.areaSize,
    soldAt: kind === 'sold' ? row.soldAt : null,
    priceCents:
      kind === 'sold'
        ? (row.soldPriceCents ?? 0)
        : Math.round((row.minPriceCents + row.maxPriceCents) / 2),
  }));
}

/** The sales to compare with: within the first box if enough, else from the widest. */
async function sales(db: Database, subject: Subject, now: Date) {
  const near = await candidates(db, subject, 'sold', FIRST_SEARCH_MILES, now);
  const chosen = chooseSales(subject, near, FIRST_SEARCH_MILES, now);
  if (chosen) return { chosen, full: true };
  const wide = await candidates(db, subject, 'sold', WIDEST_MILES, now);
  const widened = chooseSales(subject, wide, WIDEST_MILES, now);
  return widened
    ? { chosen: widened, full: true }
    : { chosen: allSales(subject, wide, now), full: false };
}

/** Homes for sale to fill `wanted` places, likewise. */
async function forSale(
  db: Database,
  subject: Subject,
  wanted: number,
  now: Date,
): Promise<Chosen | null> {
  const near = await candidates(db, subject, 'active', FIRST_SEARCH_MILES, now);
  const chosen = chooseForSale(subject, near, wanted, FIRST_SEARCH_MILES, now);
  if (chosen) return chosen;
  const wide = await candidates(db, subject, 'active', WIDEST_MILES, now);
  return chooseForSale(subject, wide, wanted, WIDEST_MILES, now);
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
 */
export async function listingEstimate(
  db: Database,
  viewer: Viewer,
  listingId: string,
  now = new Date(),
): Promise<ListingEstimate> {
  const [found] = await listingById(db).execute({ id: listingId });
  if (!found) throw notFound(ESTIMATE_MESSAGES.notFound);
  const manages = viewer.role === 'admin' || viewer.id === found.property.agentId;
  if (!manages && !isPublic(found)) throw notFound(ESTIMATE_MESSAGES.notFound);
  const { property } = found;
  const none = { comparables: [], chosenBy: null, estimate: null };
  if (property.lat === null || property.lng === null) {
    return { unavailable: 'no-position', ...none };
  }
  if (property.areaSize <= 0) return { unavailable: 'no-area', ...none };
  return comparablesOf(db, { ...property, lat: property.lat, lng: property.lng }, now);
}
