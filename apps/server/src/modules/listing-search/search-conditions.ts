import { type LngLat, PRICE_RANGES, type SearchSort, toCents } from '@keyhaven/shared';
import {
  and,
  arrayContains,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { openHouses, properties, users } from '../../db/schema.js';
import { thisWeekend } from '../../lib/listing-time-zone.js';
import type { ListingRow } from '../listing-views/property-view.js';
import {
  type AreaFilters,
  COUNTED_PRICES,
  countedPriceOf,
  type ListingFilters,
  soldSince,
} from './listing-filters.js';

/*
 * The conditions, orders and statement shapes every listing search is written with, whichever
 * list, count or pins it reads.
 */

export type PropertyType = (typeof properties.propertyType.enumValues)[number];

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const ORDER: Record<SearchSort, SQL[]> = {
  newest: [desc(properties.createdAt), asc(properties.id)],
  'price-asc': [asc(properties.minPriceCents), asc(properties.id)],
  'price-desc': [desc(properties.maxPriceCents), asc(properties.id)],
  'area-desc': [desc(properties.areaSize), asc(properties.id)],
};

/**
 * Sold mode's orders: newest sale first (`properties_sold_recent_idx`), by the sale's price with
 * the sales of no known price last either way, or largest first.
 */
const SOLD_ORDER: Record<SearchSort, SQL[]> = {
  newest: [desc(properties.soldAt), asc(properties.id)],
  'price-asc': [asc(properties.soldPriceCents), asc(properties.id)],
  'price-desc': [sql`${properties.soldPriceCents} desc nulls last`, asc(properties.id)],
  'area-desc': ORDER['area-desc'],
};

/** A search's order: by the sale in sold mode. */
export const orderOf = (filters: Pick<AreaFilters, 'sold'>, sort: SearchSort = 'newest') =>
  (filters.sold ? SOLD_ORDER : ORDER)[sort];

/**
 * The columns a search's prices are read from: the listing's range, or in sold mode its sale's
 * price as both ends (null when it was not sold here, which no price condition matches).
 */
const priceColumns = (filters: Pick<AreaFilters, 'sold'>) =>
  filters.sold
    ? { low: properties.soldPriceCents, high: properties.soldPriceCents }
    : { low: properties.minPriceCents, high: properties.maxPriceCents };
type PriceColumns = ReturnType<typeof priceColumns>;

/**
 * A sold mode search's sale, selected beside what else it reads (null otherwise, read from no
 * index): what its order, price conditions and pins need.
 */
export const saleColumns = (filters: Pick<AreaFilters, 'sold'>) => ({
  soldAt: (filters.sold
    ? sql<Date | null>`${properties.soldAt}`.mapWith(properties.soldAt)
    : sql<Date | null>`null::timestamptz`
  ).as('sold_at'),
  soldPriceCents: (filters.sold
    ? sql<number | null>`${properties.soldPriceCents}`.mapWith(properties.soldPriceCents)
    : sql<number | null>`null::bigint`
  ).as('sold_price_cents'),
});

/**
 * A fraud agent's listings are hidden from the public. Written on `agent_id` alone (no join to
 * the agents), so the list indexes that carry `agent_id` answer counts without reading rows.
 */
export const notByFraudAgent = sql`${properties.agentId} not in (select ${users.id} from ${users} where ${users.role} = 'fraud')`;

export const approvedOnly = sql`${properties.approval} = 'approved'`;
const availableOnly = sql`${properties.availability} = 'Available'`;
const soldOnly = sql`${properties.availability} = 'Sold'`;

/** Containment: the listing's whole price range lies inside the chosen bracket. */
function inPriceRange(range: { min: number; max: number | null }, { low, high }: PriceColumns) {
  const from = gte(low, toCents(range.min));
  return range.max === null ? from : (and(from, lte(high, toCents(range.max))) as SQL);
}

/** The listing's price range reaches into the band, as reachesBand reads it. */
function inPriceBand(band: { min: number; max: number | null }, { low, high }: PriceColumns) {
  const bottom = toCents(band.min);
  const reaches = or(gt(high, bottom), gte(low, bottom)) as SQL;
  return band.max === null ? reaches : (and(lt(low, toCents(band.max)), reaches) as SQL);
}

/** The condition of one of COUNTED_PRICES. */
const inCountedPrice = (price: (typeof COUNTED_PRICES)[number], columns: PriceColumns) =>
  price.within ? inPriceRange(price, columns) : inPriceBand(price, columns);

/** Counts of every entry of COUNTED_PRICES, as one array per group. */
export const countedPriceCounts = (filters: Pick<AreaFilters, 'sold'>) =>
  sql.join(
    COUNTED_PRICES.map(
      (price) => sql`count(*) filter (where ${inCountedPrice(price, priceColumns(filters))})`,
    ),
    sql`, `,
  );

export type Scope = 'open' | 'approved';

/** PostgreSQL's text form of an outline: `((lng,lat),...)`, closed by PostgreSQL itself. */
const polygonText = (ring: LngLat[]) =>
  `(${ring.map((corner) => `(${corner.lng},${corner.lat})`).join(',')})`;

/**
 * How a search's value enters its statement: as a parameter of its own (`asValue`), or as a named
 * placeholder of a statement prepared once for every search of the same shape (see
 * MAX_PREPARED_SHAPES), whose value is given when it runs.
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder;
export const asValue: Bind = (_name, value) => value;

/** The pin as a point (x = longitude, y = latitude), written as the GiST index on it is. */
const position = sql`point(${properties.lng}, ${properties.lat})`;

/**
 * How many listings may match in an area before a page of them is better found by walking the
 * list's own order (newest, cheapest...) and skipping those that do not match, than by reading
 * every listing in the area from the GiST index and sorting them. PostgreSQL cannot tell the two
 * apart: it guesses that any area holds 0.1% of the listings (its geometric estimates are
 * constants), so it always reads the whole area, which for a country at a million listings is
 * most of them.
 */
export const WIDE_AREA = 10_000;

/**
 * How a pin is tested against the area: `indexed` as the `<@` operator, which the GiST index
 * answers; `walked` as the very functions behind that operator (same answers, edges included),
 * which the index does not match and which the planner guesses a third of the listings pass, so
 * it walks the list's order and stops after one page.
 */
export type AreaTest = 'indexed' | 'walked';

/**
 * The pin inside an area or outline, edges included; a listing without a pin has no point and is
 * in no area.
 */
export function spatialConditions(
  filters: AreaFilters,
  test: AreaTest = 'indexed',
  bind: Bind = asValue,
): SQL[] {
  const conditions: SQL[] = [];
  const { bbox, polygon } = filters;
  if (bbox) {
    const box = sql`box(point(${bind('west', bbox.west)}::float8, ${bind('south', bbox.south)}::float8), point(${bind('east', bbox.east)}::float8, ${bind('north', bbox.north)}::float8))`;
    conditions.push(
      test === 'indexed' ? sql`${position} <@ ${box}` : sql`on_pb(${position}, ${box})`,
    );
  }
  if (polygon) {
    const outline = sql`${bind('polygon', polygonText(polygon))}::polygon`;
    conditions.push(
      test === 'indexed'
        ? sql`${position} <@ ${outline}`
        : sql`pt_contained_poly(${position}, ${outline})`,
    );
  }
  return conditions;
}

/**
 * Approved listings of agents in good standing (`open` ones are also Available) that meet every
 * filter but the type and price bucket a list is counted by.
 */
export function areaConditions(
  scope: Scope,
  filters: AreaFilters,
  test?: AreaTest,
  bind: Bind = asValue,
): SQL[] {
  // Written as constants, not parameters: a statement prepared once (see MAX_PREPARED_SHAPES) is
  // planned for any value of a parameter, and only a constant matches the partial indexes.
  const conditions: SQL[] = [approvedOnly, notByFraudAgent];
  if (scope === 'open') conditions.push(availableOnly);
  if (filters.sold) {
    // The period's first day is a value: `properties_sold_recent_idx` is searched by it.
    const since = soldSince(filters.sold).toISOString();
    conditions.push(
      soldOnly,
      sql`${properties.soldAt} >= ${bind('soldSince', since)}::timestamptz`,
    );
  }
  const prices = priceColumns(filters);
  if (filters.location) {
    conditions.push(ilike(properties.location, bind('location', containing(filters.location))));
  }
  conditions.push(...spatialConditions(filters, test, bind));
  if (filters.features?.length) {
    const features = filters.features as ListingRow['features'];
    // A placeholder's value is sent as given: as the array literal the column itself would send.
    conditions.push(
      bind === asValue
        ? arrayContains(properties.features, features)
        : sql`${properties.features} @> ${bind('features', properties.features.mapToDriverValue(features))}`,
    );
  }
  if (filters.minPrice !== undefined) {
    conditions.push(gte(prices.low, bind('minPrice', toCents(filters.minPrice))));
  }
  if (filters.maxPrice !== undefined) {
    conditions.push(lte(prices.high, bind('maxPrice', toCents(filters.maxPrice))));
  }
  if (filters.minBeds !== undefined) {
    conditions.push(gte(properties.bedrooms, bind('minBeds', filters.minBeds)));
  }
  if (filters.minBaths !== undefined) {
    conditions.push(gte(properties.bathrooms, bind('minBaths', filters.minBaths)));
  }
  if (filters.openHouse === 'weekend') conditions.push(openHouseThisWeekend(bind));
  return conditions;
}

/**
 * An open house of the listing on this weekend's Saturday or Sunday (by the home's own date) that
 * has not ended: found from the open houses' index by date, so the weekend's few open houses
 * decide, not the listings.
 */
export function openHouseThisWeekend(bind: Bind = asValue): SQL {
  const now = new Date();
  const { saturday, sunday } = thisWeekend(now);
  return sql`exists (select 1 from ${openHouses} where ${openHouses.propertyId} = ${properties.id} and ${openHouses.localDate} in (${bind('weekendSaturday', saturday)}::date, ${bind('weekendSunday', sunday)}::date) and ${openHouses.endsAt} > ${bind('openHousesFrom', now.toISOString())}::timestamptz)`;
}

export function publicConditions(
  scope: Scope,
  filters: ListingFilters,
  test?: AreaTest,
  bind: Bind = asValue,
): SQL[] {
  return [...areaConditions(scope, filters, test, bind), ...listConditions(filters)];
}

/** What narrows a list within its area: the types and the price bracket it is counted by. */
export function listConditions(filters: ListingFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.types?.length) {
    conditions.push(inArray(properties.propertyType, filters.types as PropertyType[]));
  }
  if (filters.propertyType) {
    conditions.push(eq(properties.propertyType, filters.propertyType as PropertyType));
  }
  const price = COUNTED_PRICES[countedPriceOf(filters)];
  if (price) conditions.push(inCountedPrice(price, priceColumns(filters)));
  return conditions;
}

/**
 * Map views are new on nearly every request (a buyer panning never asks for the same view twice),
 * so the caches rarely answer them, and building, parsing and planning their statements cost
 * more than running them. Their statements are prepared once per shape (which filters are set,
 * the types and price bracket, the order, how the area is tested) and run with the view's values:
 * PostgreSQL plans each shape once per connection.
 */
const MAX_PREPARED_SHAPES = 200;

const preparedShapes = new WeakMap<Database, Map<string, unknown>>();

/**
 * The statement prepared for this shape, made on first use; undefined past MAX_PREPARED_SHAPES
 * (unusual mixes of filters), which run as statements of their own, so that no database
 * connection holds plans without bound.
 */
export function preparedShape<Statement>(
  db: Database,
  kind: string,
  shape: string,
  make: (name: string) => Statement,
): Statement | undefined {
  let shapes = preparedShapes.get(db);
  if (!shapes) {
    shapes = new Map();
    preparedShapes.set(db, shapes);
  }
  const key = `${kind}\u0000${shape}`;
  let statement = shapes.get(key) as Statement | undefined;
  if (!statement) {
    if (shapes.size >= MAX_PREPARED_SHAPES) return undefined;
    statement = make(`${kind}_${shapes.size}`);
    shapes.set(key, statement);
  }
  return statement;
}

/** A bind that names every value as a placeholder and keeps the values to run the statement. */
export function placeholders() {
  const values: Record<string, unknown> = {};
  const bind: Bind = (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  };
  return { values, bind };
}

/** Which of the area's filters are set: what, besides their values, makes its statement. */
export const areaShape = (scope: Scope, filters: AreaFilters) =>
  [
    scope,
    filters.location ? 'location' : '',
    filters.features?.length ? 'features' : '',
    filters.minPrice === undefined ? '' : 'minPrice',
    filters.maxPrice === undefined ? '' : 'maxPrice',
    filters.minBeds === undefined ? '' : 'minBeds',
    filters.minBaths === undefined ? '' : 'minBaths',
    filters.bbox ? 'bbox' : '',
    filters.polygon ? 'polygon' : '',
    filters.openHouse ?? '',
    filters.sold ? 'sold' : '',
  ].join(',');

/**
 * Names the listings an area's facet counts are taken over: every filter but the type and price
 * bucket, in a fixed order, with the area and outline at full precision.
 */
export function areaKey(filters: AreaFilters): string {
  const { bbox, polygon } = filters;
  return [
    filters.location ?? '',
    filters.features?.join(',') ?? '',
    filters.minPrice ?? '',
    filters.maxPrice ?? '',
    filters.minBeds ?? '',
    filters.minBaths ?? '',
    bbox ? [bbox.west, bbox.south, bbox.east, bbox.north].join(',') : '',
    polygon?.map((corner) => `${corner.lng},${corner.lat}`).join(';') ?? '',
    // The weekend's date names it: last weekend's pages are never this weekend's.
    filters.openHouse ? `${filters.openHouse}:${thisWeekend(new Date()).saturday}` : '',
    // So is the sold period's first day: sold mode is never the catalogue, nor yesterday's period.
    filters.sold ? `sold:${soldSince(filters.sold).toISOString()}` : '',
  ].join('\u0000');
}

/**
 * Price bounds that are exactly one of the price brackets, read as that bracket (the same
 * listings): the counts beside the filters ask for each bracket so, and then share the area's
 * facet counts instead of counting the area again.
 */
export function asBracket(filters: ListingFilters): ListingFilters {
  if (filters.priceRange || filters.priceBand || filters.minPrice === undefined) return filters;
  const bracket = PRICE_RANGES.find(
    (range) => range.min === filters.minPrice && (range.max ?? undefined) === filters.maxPrice,
  );
  if (!bracket) return filters;
  const { minPrice: _min, maxPrice: _max, ...others } = filters;
  return { ...others, priceRange: bracket.label };
}

/** What makes a list's statement besides its values: its area's shape, types, bracket and test. */
export const listShape = (scope: Scope, filters: ListingFilters, test: AreaTest) =>
  [
    areaShape(scope, filters),
    test,
    filters.types?.join(',') ?? '',
    filters.propertyType ?? '',
    filters.priceRange ?? '',
    filters.priceBand ?? '',
  ].join('\u0000');

/** How a pin is best tested for an area of this many matching listings (see WIDE_AREA). */
export const areaTestFor = (matching: number): AreaTest =>
  matching > WIDE_AREA ? 'walked' : 'indexed';
