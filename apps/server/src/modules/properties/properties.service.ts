import {
  type Bbox,
  type LngLat,
  MAP_PINS_MAX,
  type MapPins,
  type OfferStatus,
  PRICE_BANDS,
  PRICE_RANGES,
  PROPERTY_MESSAGES,
  PROPERTY_TYPES,
  pinTextOf,
  type SearchFacets,
  type SearchSort,
  toCents,
  toDollars,
  type ZPropertyAddRequest,
  type ZPropertyEditRequest,
} from '@keyhaven/shared';
import {
  and,
  arrayContains,
  asc,
  count,
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
import type { z } from 'zod';
import { type Database, type Executor, preparedPerDatabase } from '../../db/client.js';
import {
  listingDecisionDays,
  listingReports,
  offers,
  type PublishedListing,
  payments,
  properties,
  type StoredPhoto,
  users,
} from '../../db/schema.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.js';
import type { JoinedPage } from '../../lib/list-page.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/session-user.js';
import { isPublic, listingById } from '../listing-views/listing-by-id.js';
import {
  agents,
  approvedListingColumns,
  type ListingRow,
  type ListingWithAgent,
  listingColumns,
  publishedContent,
  type SharedListings,
  salesOf,
  sharedViews,
  toPropertyViews,
  type Viewer,
} from '../listing-views/property-view.js';
import { followListingReview } from '../offers/payment-deadline.js';
import { auditAdminEdit } from './admin-edits.js';
import {
  type AreaFilters,
  COUNTED_PRICES,
  countedPriceOf,
  type FacetCount,
  type ListingFilters,
} from './listing-filters.js';
import { photosAfterEdit, photosToAdd, samePhotos } from './listing-photos.js';
import type { MapIndex } from './map-index/queries.js';

type AddInput = z.output<typeof ZPropertyAddRequest>;
type EditInput = z.output<typeof ZPropertyEditRequest>;
type PropertyType = (typeof properties.propertyType.enumValues)[number];

/** `%` and `_` typed by a user are literal characters, not wildcards. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Where a list gets its facet counts from: by default a query every time; the routes pass the
 * short-lived count cache. `key` names what decides the counts.
 */
export type FacetCountSource = (
  key: string,
  load: () => Promise<FacetCount[]>,
) => Promise<FacetCount[]>;
const countEveryTime: FacetCountSource = (_key, load) => load();

/**
 * Where a list's answers may come from besides a query of their own: the short-lived count cache
 * (by default a query every time), and the map index, which answers views of an area or outline.
 */
export interface ListingSources {
  counts?: FacetCountSource;
  map?: MapIndex;
}

/** The map index, when it is there and the search is one it holds. */
function mapIndexFor(sources: ListingSources, filters: ListingFilters) {
  if (!sources.map || filters.location || !(filters.bbox || filters.polygon)) return undefined;
  return sources.map;
}

/** The map index's view of a search (see mapIndexFor). */
function mapView(sources: ListingSources, scope: Scope, filters: ListingFilters) {
  return mapIndexFor(sources, filters)?.view(scope, filters);
}

/**
 * The ids of a map view's page, in its order, and the view's total, when the map index holds the
 * search. The routes take the page's listings from the listing cache, already encoded.
 */
export function mapPageIds(map: MapIndex | undefined, scope: Scope, asked: ListingFilters) {
  const filters = asBracket(asked);
  const view = mapView({ map }, scope, filters);
  if (!view) return undefined;
  const offset = (filters.page - 1) * filters.limit;
  return { ids: view.page(filters.sort ?? 'newest', offset, filters.limit), total: view.total };
}

const ORDER: Record<SearchSort, SQL[]> = {
  newest: [desc(properties.createdAt), asc(properties.id)],
  'price-asc': [asc(properties.minPriceCents), asc(properties.id)],
  'price-desc': [desc(properties.maxPriceCents), asc(properties.id)],
  'area-desc': [desc(properties.areaSize), asc(properties.id)],
};

/**
 * A fraud agent's listings are hidden from the public. Written on `agent_id` alone (no join to
 * the agents), so the list indexes that carry `agent_id` answer counts without reading rows.
 */
const notByFraudAgent = sql`${properties.agentId} not in (select ${users.id} from ${users} where ${users.role} = 'fraud')`;

const approvedOnly = sql`${properties.approval} = 'approved'`;
const availableOnly = sql`${properties.availability} = 'Available'`;

/** Containment: the listing's whole price range lies inside the chosen bracket. */
function inPriceRange(range: { min: number; max: number | null }) {
  const from = gte(properties.minPriceCents, toCents(range.min));
  return range.max === null
    ? from
    : (and(from, lte(properties.maxPriceCents, toCents(range.max))) as SQL);
}

/** The listing's price range reaches into the band, as reachesBand reads it. */
function inPriceBand(band: { min: number; max: number | null }) {
  const bottom = toCents(band.min);
  const reaches = or(
    gt(properties.maxPriceCents, bottom),
    gte(properties.minPriceCents, bottom),
  ) as SQL;
  return band.max === null
    ? reaches
    : (and(lt(properties.minPriceCents, toCents(band.max)), reaches) as SQL);
}

/** The condition of one of COUNTED_PRICES. */
const inCountedPrice = (price: (typeof COUNTED_PRICES)[number]) =>
  price.within ? inPriceRange(price) : inPriceBand(price);

/** Counts of every entry of COUNTED_PRICES, as one array per group. */
const countedPriceCounts = () =>
  sql.join(
    COUNTED_PRICES.map((price) => sql`count(*) filter (where ${inCountedPrice(price)})`),
    sql`, `,
  );

type Scope = 'open' | 'approved';

/** PostgreSQL's text form of an outline: `((lng,lat),...)`, closed by PostgreSQL itself. */
const polygonText = (ring: LngLat[]) =>
  `(${ring.map((corner) => `(${corner.lng},${corner.lat})`).join(',')})`;

/**
 * How a search's value enters its statement: as a parameter of its own (`asValue`), or as a named
 * placeholder of a statement prepared once for every search of the same shape (see
 * MAX_PREPARED_SHAPES), whose value is given when it runs.
 */
type Bind = <T>(name: string, value: T) => T | Placeholder;
const asValue: Bind = (_name, value) => value;

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
const WIDE_AREA = 10_000;

/**
 * How a pin is tested against the area: `indexed` as the `<@` operator, which the GiST index
 * answers; `walked` as the very functions behind that operator (same answers, edges included),
 * which the index does not match and which the planner guesses a third of the listings pass, so
 * it walks the list's order and stops after one page.
 */
type AreaTest = 'indexed' | 'walked';

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
function areaConditions(
  scope: Scope,
  filters: AreaFilters,
  test?: AreaTest,
  bind: Bind = asValue,
): SQL[] {
  // Written as constants, not parameters: a statement prepared once (see MAX_PREPARED_SHAPES) is
  // planned for any value of a parameter, and only a constant matches the partial indexes.
  const conditions: SQL[] = [approvedOnly, notByFraudAgent];
  if (scope === 'open') conditions.push(availableOnly);
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
    conditions.push(gte(properties.minPriceCents, bind('minPrice', toCents(filters.minPrice))));
  }
  if (filters.maxPrice !== undefined) {
    conditions.push(lte(properties.maxPriceCents, bind('maxPrice', toCents(filters.maxPrice))));
  }
  if (filters.minBeds !== undefined) {
    conditions.push(gte(properties.bedrooms, bind('minBeds', filters.minBeds)));
  }
  if (filters.minBaths !== undefined) {
    conditions.push(gte(properties.bathrooms, bind('minBaths', filters.minBaths)));
  }
  return conditions;
}

function publicConditions(
  scope: Scope,
  filters: ListingFilters,
  test?: AreaTest,
  bind: Bind = asValue,
): SQL[] {
  return [...areaConditions(scope, filters, test, bind), ...listConditions(filters)];
}

/** What narrows a list within its area: the types and the price bracket it is counted by. */
function listConditions(filters: ListingFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.types?.length) {
    conditions.push(inArray(properties.propertyType, filters.types as PropertyType[]));
  }
  if (filters.propertyType) {
    conditions.push(eq(properties.propertyType, filters.propertyType as PropertyType));
  }
  const price = COUNTED_PRICES[countedPriceOf(filters)];
  if (price) conditions.push(inCountedPrice(price));
  return conditions;
}

function facetsQuery(db: Database, scope: Scope, filters: AreaFilters, bind: Bind = asValue) {
  return db
    .select({
      propertyType: properties.propertyType,
      all: count(),
      inPriceRange: sql<number[]>`array[${countedPriceCounts()}]`.mapWith(
        (counts: Array<number | string>) => counts.map(Number),
      ),
    })
    .from(properties)
    .where(and(...areaConditions(scope, filters, undefined, bind)))
    .groupBy(properties.propertyType);
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
function preparedShape<Statement>(
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
function placeholders() {
  const values: Record<string, unknown> = {};
  const bind: Bind = (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  };
  return { values, bind };
}

/** Which of the area's filters are set: what, besides their values, makes its statement. */
const areaShape = (scope: Scope, filters: AreaFilters) =>
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
  ].join(',');

function countFacets(db: Database, scope: Scope, filters: AreaFilters): Promise<FacetCount[]> {
  if (!filters.bbox && !filters.polygon) return facetsQuery(db, scope, filters);
  const { values, bind } = placeholders();
  const query = facetsQuery(db, scope, filters, bind);
  const statement = preparedShape(db, 'area_facets', areaShape(scope, filters), (name) =>
    query.prepare(name),
  );
  return statement ? statement.execute(values) : facetsQuery(db, scope, filters);
}

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
  ].join('\u0000');
}

function totalOf(facets: FacetCount[], filters: ListingFilters) {
  const range = countedPriceOf(filters);
  let total = 0;
  for (const facet of facets) {
    if (filters.propertyType && facet.propertyType !== filters.propertyType) continue;
    if (filters.types?.length && !filters.types.includes(facet.propertyType)) continue;
    total += range < 0 ? facet.all : (facet.inPriceRange[range] ?? 0);
  }
  return total;
}

async function countListings(db: Database, where: SQL | undefined) {
  const [total] = await db.select({ value: count() }).from(properties).where(where);
  return total?.value ?? 0;
}

/**
 * One page of listings with their agents. The page's ids are found first, from the list's
 * index alone where it covers the filters, so a deep page skips index entries rather than
 * reading (and joining) every row before it; only the page's rows are then read.
 */
function pageQuery(
  db: Database,
  columns: typeof listingColumns | typeof approvedListingColumns,
  where: SQL | undefined,
  order: SQL[],
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const ids = db
    .select({ id: properties.id })
    .from(properties)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select(columns)
    .from(ids)
    .innerJoin(properties, eq(properties.id, ids.id))
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .orderBy(...order);
}

function pageRows(
  db: Database,
  where: SQL | undefined,
  order: SQL[],
  page: number,
  limit: number,
  columns: typeof listingColumns | typeof approvedListingColumns = listingColumns,
): Promise<ListingWithAgent[]> {
  return pageQuery(db, columns, where, order, limit, (page - 1) * limit);
}

/** One page of listings as the viewer sees them. */
async function pageOf(
  db: Database,
  where: SQL | undefined,
  order: SQL[],
  page: number,
  limit: number,
  viewer: Viewer | null,
) {
  return toPropertyViews(db, await pageRows(db, where, order, page, limit), viewer);
}

/**
 * Price bounds that are exactly one of the price brackets, read as that bracket (the same
 * listings): the counts beside the filters ask for each bracket so, and then share the area's
 * facet counts instead of counting the area again.
 */
function asBracket(filters: ListingFilters): ListingFilters {
  if (filters.priceRange || filters.priceBand || filters.minPrice === undefined) return filters;
  const bracket = PRICE_RANGES.find(
    (range) => range.min === filters.minPrice && (range.max ?? undefined) === filters.maxPrice,
  );
  if (!bracket) return filters;
  const { minPrice: _min, maxPrice: _max, ...others } = filters;
  return { ...others, priceRange: bracket.label };
}

/** What makes a list's statement besides its values: its area's shape, types, bracket and test. */
const listShape = (scope: Scope, filters: ListingFilters, test: AreaTest) =>
  [
    areaShape(scope, filters),
    test,
    filters.types?.join(',') ?? '',
    filters.propertyType ?? '',
    filters.priceRange ?? '',
    filters.priceBand ?? '',
  ].join('\u0000');

/**
 * A page of a map view (see MAX_PREPARED_SHAPES): approved listings only, so without their last
 * approved copy (approvedListingColumns).
 */
function areaPage(
  db: Database,
  scope: Scope,
  filters: ListingFilters,
  test: AreaTest,
): Promise<ListingWithAgent[]> {
  const sort = filters.sort ?? 'newest';
  const { values, bind } = placeholders();
  const where = and(...publicConditions(scope, filters, test, bind));
  values.limit = filters.limit;
  values.offset = (filters.page - 1) * filters.limit;
  const shape = `${listShape(scope, filters, test)}\u0000${sort}`;
  const statement = preparedShape(db, 'area_page', shape, (name) =>
    pageQuery(
      db,
      approvedListingColumns,
      where,
      ORDER[sort],
      sql.placeholder('limit'),
      sql.placeholder('offset'),
    ).prepare(name),
  );
  if (statement) return statement.execute(values);
  const asked = and(...publicConditions(scope, filters, test));
  return pageRows(db, asked, ORDER[sort], filters.page, filters.limit, approvedListingColumns);
}

interface AreaSearch {
  facets: FacetCount[];
  /** Undefined when more than WIDE_AREA listings are in the area: its page is best walked. */
  rows?: ListingWithAgent[];
}

/** Column names as the statement's JSON writes its facet counts. */
interface FacetCountJson {
  property_type: string;
  all: number;
  in_price_range: number[];
}

/**
 * A new map view's facet counts and page in one statement: the area's listings are read once
 * from its GiST index into `matching`, counted, and the page taken from them, then only the
 * page's rows read. Where more than WIDE_AREA listings are in the area the page is left to a
 * statement of its own, which walks the list's order instead of sorting the whole area.
 *
 * The counts come back on one row of the page, or on a row of their own when the page is empty.
 */
async function areaSearch(
  db: Database,
  scope: Scope,
  filters: ListingFilters,
): Promise<AreaSearch> {
  const sort = filters.sort ?? 'newest';
  const order = ORDER[sort];
  const { values, bind } = placeholders();
  values.limit = filters.limit;
  values.offset = (filters.page - 1) * filters.limit;
  const matching = db.$with('matching', {}).as(
    db
      .select({
        id: properties.id,
        propertyType: properties.propertyType,
        minPriceCents: properties.minPriceCents,
        maxPriceCents: properties.maxPriceCents,
        createdAt: properties.createdAt,
        areaSize: properties.areaSize,
      })
      .from(properties)
      .where(and(...areaConditions(scope, filters, 'indexed', bind)))
      .getSQL(),
  );
  // Read from `matching` under the table's name, so the lists' own conditions and order apply.
  const counted = db
    .$with('counted', {})
    .as(
      sql`select ${properties.propertyType}, count(*)::int as "all", array[${countedPriceCounts()}]::int[] as "in_price_range" from "matching" "properties" group by ${properties.propertyType}`,
    );
  const ids = db
    .$with('ids', {})
    .as(
      sql`select ${properties.id} from "matching" "properties" where ${and(
        sql`(select count(*) from "matching") <= ${WIDE_AREA}`,
        ...listConditions(filters),
      )} order by ${sql.join(order, sql`, `)} limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`,
    );
  // Numbered, with a row of no listing when the page is empty, so one row carries the counts.
  const page = db
    .$with('page', { n: sql<number>`n`.as('n') })
    .as(
      sql`select "id", row_number() over () as "n" from "ids" union all select null, 1 where not exists (select from "ids")`,
    );
  const query = db
    .with(matching, counted, ids, page)
    .select({
      ...approvedListingColumns,
      counts: sql<
        string | null
      >`case when "page"."n" = 1 then (select coalesce(json_agg("counted"), '[]')::text from "counted") end`,
    })
    .from(page)
    .leftJoin(properties, sql`${properties.id} = "page"."id"`)
    .leftJoin(agents, eq(agents.id, properties.agentId))
    .orderBy(...order);
  const shape = `${listShape(scope, filters, 'indexed')}\u0000${sort}`;
  const statement = preparedShape(db, 'area_search', shape, (name) => query.prepare(name));
  const found = await (statement ? statement.execute(values) : query.execute(values));
  const counts = found.find((row) => row.counts !== null)?.counts ?? '[]';
  const facets = (JSON.parse(counts) as FacetCountJson[]).map((facet) => ({
    propertyType: facet.property_type,
    all: facet.all,
    inPriceRange: facet.in_price_range,
  }));
  const inArea = facets.reduce((sum, facet) => sum + facet.all, 0);
  if (inArea > WIDE_AREA) return { facets };
  const rows: ListingWithAgent[] = [];
  for (const { property, agentName, agentEmail } of found) {
    // The row that carries the counts alone when the page is empty has no listing.
    if (property && agentName !== null && agentEmail !== null) {
      rows.push({ property, agentName, agentEmail });
    }
  }
  return { facets, rows };
}

/** The facet counts of a search's area and filters, from the count source (usually cached). */
function areaCounts(db: Database, scope: Scope, filters: AreaFilters, counts: FacetCountSource) {
  return counts(countsKey(scope, filters), () => countFacets(db, scope, filters));
}

/** What names an area's facet counts in the count source. */
const countsKey = (scope: Scope, filters: AreaFilters) => `${scope}\u0000${areaKey(filters)}`;

/** How a pin is best tested for an area of this many matching listings (see WIDE_AREA). */
const areaTestFor = (matching: number): AreaTest => (matching > WIDE_AREA ? 'walked' : 'indexed');

/** A page of approved listings with their sales, and the total count, the same for everyone. */
async function sharedPage(
  db: Database,
  scope: Scope,
  asked: ListingFilters,
  counts: FacetCountSource,
): Promise<SharedListings & { total: number }> {
  const filters = asBracket(asked);
  const order = ORDER[filters.sort ?? 'newest'];
  const facets = () => areaCounts(db, scope, filters, counts);
  let rows: ListingWithAgent[];
  let facetCounts: FacetCount[];
  if (filters.bbox || filters.polygon) {
    // A new view's counts and page are read in one statement. Counts already known (kept from
    // the view's pins or facets) say how many listings match in it, which decides how its page is
    // best found (see WIDE_AREA).
    let found: ListingWithAgent[] | undefined;
    facetCounts = await counts(countsKey(scope, filters), async () => {
      const search = await areaSearch(db, scope, filters);
      found = search.rows;
      return search.facets;
    });
    rows =
      found ?? (await areaPage(db, scope, filters, areaTestFor(totalOf(facetCounts, filters))));
  } else {
    const where = and(...publicConditions(scope, filters));
    [rows, facetCounts] = await Promise.all([
      pageRows(db, where, order, filters.page, filters.limit, approvedListingColumns),
      facets(),
    ]);
  }
  return { rows, sales: await salesOf(db, rows), total: totalOf(facetCounts, filters) };
}

/** Public search: approved, Available listings of agents in good standing. */
export async function searchListings(
  db: Database,
  filters: ListingFilters,
  counts = countEveryTime,
) {
  const page = await sharedPage(db, 'open', filters, counts);
  return { items: sharedViews(page), total: page.total };
}

/**
 * The signed-in catalogue: every approved listing, sold ones included (they show a badge). It is
 * read once for every viewer (see personalViews for the sale details its parties see).
 */
export function catalogueListings(db: Database, filters: ListingFilters, counts = countEveryTime) {
  return sharedPage(db, 'approved', filters, counts);
}

/**
 * How many listings of a search fall under each type (every filter but the type applies) and each
 * price bracket (every filter but the bracket applies), and the search's own total: all read from
 * the area's one set of facet counts, which the search's list shares.
 */
export async function searchFacets(
  db: Database,
  scope: Scope,
  asked: ListingFilters,
  sources: ListingSources = {},
): Promise<SearchFacets> {
  const filters = asBracket(asked);
  const facetCounts =
    mapIndexFor(sources, filters)?.counts(scope, filters) ??
    (await areaCounts(db, scope, filters, sources.counts ?? countEveryTime));
  const anyType = { ...filters, propertyType: undefined, types: undefined };
  const anyPrice = { ...filters, priceRange: undefined, priceBand: undefined };
  return {
    total: totalOf(facetCounts, filters),
    types: PROPERTY_TYPES.map((propertyType) => ({
      propertyType,
      count: totalOf(facetCounts, { ...anyType, propertyType }),
    })),
    priceRanges: PRICE_RANGES.map(({ label }) => ({
      label,
      count: totalOf(facetCounts, { ...anyPrice, priceRange: label }),
    })),
    priceBands: PRICE_BANDS.map(({ id, label }) => ({
      id,
      label,
      count: totalOf(facetCounts, { ...anyPrice, priceBand: id }),
    })),
  };
}

/**
 * Every map position there is: the check constraints keep every pin inside it, so a search
 * limited to it finds exactly the listings with a pin, through the same index and counts as any
 * map view.
 */
const WHOLE_WORLD: Bbox = { west: -180, south: -90, east: 180, north: 90 };

function pinsQuery(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: properties.id,
      lat: properties.lat,
      lng: properties.lng,
      minPriceCents: properties.minPriceCents,
      maxPriceCents: properties.maxPriceCents,
      title: properties.title,
      image: properties.image,
      bedrooms: properties.bedrooms,
      bathrooms: properties.bathrooms,
      areaSize: properties.areaSize,
    })
    .from(properties)
    .where(where)
    .orderBy(...ORDER.newest)
    .limit(MAP_PINS_MAX);
}

/** A search's filters for its pins: without an area, the whole map. */
function pinsFilters(asked: ListingFilters) {
  const filters = asBracket(asked);
  return filters.bbox || filters.polygon ? filters : { ...filters, bbox: WHOLE_WORLD };
}

/**
 * The pins of a search as searchPins' answer encodes to, when the map index holds the search: a
 * thousand pins are copied from the index's own text of each rather than validated and encoded.
 */
export function mapPinsPage(
  map: MapIndex | undefined,
  scope: Scope,
  asked: ListingFilters,
): JoinedPage | undefined {
  const view = mapView({ map }, scope, pinsFilters(asked));
  if (!view) return undefined;
  const { bytes, writeTo, tag } = view.pins(MAP_PINS_MAX);
  return { bytes, writeTo, total: view.total, etag: `"${tag.slice(0, 27)}-${view.total}"` };
}

/**
 * The pins of a search's listings that have a map position, newest first, at most MAP_PINS_MAX,
 * and how many there are. The count is the area's facet counts (shared with the search's list),
 * and it decides, as for a page, whether the pins are read from the area's index (which holds
 * everything a pin shows) or by walking the newest-first order until enough are found.
 */
export async function searchPins(
  db: Database,
  scope: Scope,
  asked: ListingFilters,
  counts = countEveryTime,
): Promise<MapPins> {
  const filters = pinsFilters(asked);
  const total = totalOf(await areaCounts(db, scope, filters, counts), filters);
  const test = areaTestFor(total);
  const { values, bind } = placeholders();
  const where = and(...publicConditions(scope, filters, test, bind));
  const statement = preparedShape(db, 'area_pins', listShape(scope, filters, test), (name) =>
    pinsQuery(db, where).prepare(name),
  );
  const rows = await (statement
    ? statement.execute(values)
    : pinsQuery(db, and(...publicConditions(scope, filters, test))));
  return {
    pins: rows.map((row) => ({
      _id: row.id,
      lat: row.lat as number,
      lng: row.lng as number,
      minPrice: toDollars(row.minPriceCents),
      maxPrice: toDollars(row.maxPriceCents),
      ...pinTextOf(row.title, row.image),
      bedrooms: row.bedrooms,
      bathrooms: Number(row.bathrooms),
      areaSize: row.areaSize,
    })),
    total,
  };
}

export interface ManagedFilters {
  agentId?: string;
  search?: string;
  status?: 'pending' | 'approved' | 'rejected';
  propertyType?: string;
  page: number;
  limit: number;
}

/** Listings as an agent (their own) or an admin (everyone's) manages them. */
export async function managedListings(db: Database, filters: ManagedFilters, viewer: Viewer) {
  const conditions: SQL[] = [];
  if (filters.agentId) conditions.push(eq(properties.agentId, filters.agentId));
  if (filters.status) conditions.push(eq(properties.approval, filters.status));
  if (filters.propertyType) {
    conditions.push(eq(properties.propertyType, filters.propertyType as PropertyType));
  }
  if (filters.search) {
    const pattern = containing(filters.search);
    const matches = [ilike(properties.title, pattern), ilike(properties.location, pattern)];
    // A search over everyone's listings (an admin's) also matches the agent's name. The agents are
    // looked up first: a list of ids lets each branch of the OR use its own index.
    if (!filters.agentId) {
      const named = await db.select({ id: users.id }).from(users).where(ilike(users.name, pattern));
      if (named.length > 0) {
        const ids = named.map((agent) => agent.id);
        // One array parameter, however many people share the name.
        matches.push(sql`${properties.agentId} = any(${sql.param(ids)}::text[])`);
      }
    }
    conditions.push(or(...matches) as SQL);
  }
  const where = and(...conditions);
  const [items, total] = await Promise.all([
    pageOf(db, where, ORDER.newest, filters.page, filters.limit, viewer),
    countListings(db, where),
  ]);
  return { items, total };
}

/**
 * One listing as anyone may see it, with its sale, when it is public: approved, and its agent
 * in good standing. Null otherwise (it may not exist, or exist only for its agent and admins).
 */
export async function sharedListing(db: Database, id: string): Promise<SharedListings | null> {
  const [row] = await listingById(db).execute({ id });
  if (!row || !isPublic(row)) return null;
  return { rows: [row], sales: await salesOf(db, [row]) };
}

/**
 * Those of `ids` that are public, as sharedListing gives each, read together: the listings of a
 * page the map index chose that the listing cache does not hold.
 */
export async function sharedListingsOf(db: Database, ids: string[]) {
  const found = new Map<string, SharedListings>();
  if (ids.length === 0) return found;
  const rows = await publicRowsOf(db).execute({ ids: `{${ids.join(',')}}` });
  const sales = await salesOf(db, rows);
  for (const row of rows) {
    const sale = sales.get(row.property.id);
    found.set(row.property.id, {
      rows: [row],
      sales: sale ? new Map([[row.property.id, sale]]) : new Map(),
    });
  }
  return found;
}

/**
 * The ids of up to `limit` public listings, newest first: the order map pages and lists show
 * them in by default, so the ones they show first. From the index of approved listings alone.
 */
export async function newestPublicListingIds(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(approvedOnly, notByFraudAgent))
    .orderBy(sql`${properties.createdAt} desc nulls first`, properties.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

const publicRowsOf = preparedPerDatabase((db) =>
  db
    .select(approvedListingColumns)
    .from(properties)
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .where(
      and(
        sql`${properties.id} = any(${sql.placeholder('ids')}::uuid[])`,
        approvedOnly,
        notByFraudAgent,
      ),
    )
    .prepare('public_rows_of'),
);

/**
 * One listing. Pending and rejected listings, and those of fraud agents, exist only for their
 * agent and for admins; everyone else is told it does not exist.
 */
export async function findListing(db: Database, id: string, viewer: SessionUser) {
  const [row] = await listingById(db).execute({ id });
  const mayManage = row && (viewer.role === 'admin' || row.property.agentId === viewer.id);
  if (!row || (!mayManage && !isPublic(row))) throw notFound('Property not found');
  const [view] = await toPropertyViews(db, [row], viewer);
  return view as NonNullable<typeof view>;
}

/**
 * The columns buyers read, from an add or edit request. Every field of the reviewed content is
 * named here, so a field added to it cannot be forgotten when a listing is saved.
 */
function contentColumns(input: AddInput | EditInput, photos: StoredPhoto[], pin: Pin) {
  return {
    title: input.title,
    description: input.description,
    location: input.location,
    // The lists and joins that show one picture read the cover from here.
    image: photos[0]?.url ?? null,
    photos,
    propertyType: input.propertyType,
    minPriceCents: toCents(input.minPrice),
    maxPriceCents: toCents(input.maxPrice),
    bedrooms: input.bedrooms,
    bathrooms: input.bathrooms,
    areaSize: input.areaSize,
    features: input.features,
    lat: pin.lat,
    lng: pin.lng,
  } satisfies Record<keyof PublishedListing, unknown>;
}

type Pin = Pick<ListingRow, 'lat' | 'lng'>;

/** The pin a request asks for: none when it names none. */
const requestedPin = (input: AddInput | EditInput): Pin => ({
  lat: input.lat ?? null,
  lng: input.lng ?? null,
});

export async function createListing(db: Database, agent: SessionUser, input: AddInput) {
  const photos = await photosToAdd(db, agent, input);
  const [created] = await db
    .insert(properties)
    .values({
      ...contentColumns(input, photos, requestedPin(input)),
      availability: 'Available',
      approval: 'pending',
      agentId: agent.id,
    })
    .returning({ id: properties.id });
  if (!created) throw new AppError('INTERNAL', 'The property could not be saved');
  return created.id;
}

/**
 * Whether the caller may change this listing at all (its agent, or an admin), asked before the
 * request's body is read: someone who may not edit a listing is told so whatever they sent.
 */
export async function assertMayChangeListing(db: Database, caller: SessionUser, id: string) {
  const [row] = await db
    .select({ agentId: properties.agentId })
    .from(properties)
    .where(eq(properties.id, id));
  if (!row) throw notFound('Property not found');
  if (caller.role !== 'admin' && row.agentId !== caller.id) throw forbidden();
}

/** Locks the listing row for the rest of the transaction and checks who may change it. */
async function lockOwnedListing(tx: Executor, id: string, caller: SessionUser) {
  const [row] = await tx.select().from(properties).where(eq(properties.id, id)).for('update');
  if (!row) throw notFound('Property not found');
  if (caller.role !== 'admin' && row.agentId !== caller.id) throw forbidden();
  return row;
}

/** Whether the listing has an offer in one of these states. */
async function hasOfferIn(tx: Executor, propertyId: string, statuses: OfferStatus[]) {
  const [found] = await tx
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.propertyId, propertyId), inArray(offers.status, statuses)))
    .limit(1);
  return Boolean(found);
}

/**
 * Whether the listing is reserved or sold: an accepted or paid offer, or a paid payment (which
 * outlives the offer when the buyer's account is deleted, and still means the home is sold).
 */
async function hasCommittedOffer(tx: Executor, propertyId: string) {
  if (await hasOfferIn(tx, propertyId, ['accepted', 'paid'])) return true;
  const [sale] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.propertyId, propertyId), eq(payments.status, 'paid')))
    .limit(1);
  return Boolean(sale);
}

export async function updateListing(
  db: Database,
  caller: SessionUser,
  id: string,
  input: EditInput,
) {
  return db.transaction(async (tx) => {
    const current = await lockOwnedListing(tx, id, caller);
    const photos = await photosAfterEdit(tx, caller, current, input);
    // An edit that does not mention the pin keeps it; null removes it.
    const pin = input.lat === undefined && input.lng === undefined ? current : requestedPin(input);
    const next = { ...contentColumns(input, photos, pin), availability: input.availability };
    if (next.availability !== current.availability && (await hasCommittedOffer(tx, id))) {
      // Said by the Availability field, where the agent chose it.
      const reason =
        current.availability === 'Sold'
          ? 'This property is sold: its availability stays Sold.'
          : 'This property has an accepted offer: its availability follows the sale.';
      throw new AppError('CONFLICT', reason, { availability: reason });
    }
    // Everything buyers read about a home is checked again by an admin after its agent changes
    // it (its photos too: their order, descriptions and captions); only availability, which
    // follows offers and sales, is the agent's alone. A rejected listing that its agent edits
    // asks for review again. An admin's own edit stands as reviewed.
    const changedContent = contentChanged(current, next);
    // A buyer whose offer is accepted is paying for the listing as it was approved: its agent
    // cannot send it back to review (stalling the payment) until the sale completes or ends.
    if (
      caller.role !== 'admin' &&
      changedContent &&
      current.approval === 'approved' &&
      (await hasOfferIn(tx, id, ['accepted']))
    ) {
      throw conflict(PROPERTY_MESSAGES.editWhileOfferAccepted);
    }
    const approval =
      caller.role === 'admin'
        ? current.approval
        : changedContent && current.approval !== 'pending'
          ? ('pending' as const)
          : current.approval;
    const published =
      caller.role === 'admin' && current.approval === 'approved'
        ? publishedContent({ ...current, ...next })
        : current.published;
    // The agent's save answers an admin's request for a correction; changed content is no longer
    // what its reports held back, so it waits for review as any edit does.
    const byAgent = caller.role !== 'admin';
    const answered = byAgent
      ? {
          correctionNote: null,
          heldByReports: changedContent ? false : current.heldByReports,
        }
      : {};
    await tx
      .update(properties)
      .set({ ...next, approval, published, ...answered })
      .where(eq(properties.id, id));
    const editedByAdmin = await auditAdminEdit(
      tx,
      caller,
      current,
      { ...current, ...next },
      sameContent,
    );
    return { editedByAdmin };
  });
}

/** One field of a listing's content, the same before and after an edit. */
function sameContent(field: keyof PublishedListing, before: unknown, after: unknown) {
  if (field === 'photos') return samePhotos(before as StoredPhoto[], after as StoredPhoto[]);
  if (Array.isArray(before) && Array.isArray(after)) {
    return before.length === after.length && before.every((item, index) => item === after[index]);
  }
  // A number may come back from the database as text (PostgreSQL's numeric).
  if (typeof before === 'number' || typeof after === 'number') {
    return Number(before) === Number(after);
  }
  return before === after;
}

/**
 * Whether an edit changes anything a buyer reads: every field of the reviewed content (all but
 * availability), compared one by one, so a field added to that content is compared too.
 */
function contentChanged(current: ListingRow, next: Partial<ListingRow>) {
  const before = publishedContent(current);
  const after = publishedContent({ ...current, ...next });
  return (Object.keys(before) as Array<keyof PublishedListing>).some(
    (field) => !sameContent(field, before[field], after[field]),
  );
}

/** Deletes a listing; answers the reports of it that were still open, now closed. */
export async function deleteListing(db: Database, caller: SessionUser, id: string) {
  return db.transaction(async (tx) => {
    // Deleting clears the listing from its payments, so it takes their locks first, in the
    // order a payment confirmation or a withdrawal takes them (payments, then the listing):
    // otherwise a withdrawal and a deletion at the same moment wait on each other for ever.
    await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.propertyId, id))
      .orderBy(payments.id)
      .for('update');
    const current = await lockOwnedListing(tx, id, caller);
    if (await hasCommittedOffer(tx, id)) {
      throw conflict('This property has an accepted or paid offer and cannot be deleted.');
    }
    // Reports still open end with the listing, so the reporters can be told it is gone.
    const closedReports = await tx
      .update(listingReports)
      .set({ status: 'listing_removed', decidedBy: caller.id, decidedAt: new Date() })
      .where(and(eq(listingReports.propertyId, id), eq(listingReports.status, 'open')))
      .returning({
        id: listingReports.id,
        reporterId: listingReports.reporterId,
        propertyTitle: listingReports.propertyTitle,
      });
    await tx.delete(properties).where(eq(properties.id, id));
    if (caller.role === 'admin' && current.agentId !== caller.id) {
      await recordAudit(tx, {
        actor: caller,
        action: 'property.deleted',
        targetType: 'property',
        targetId: id,
        details: { title: current.title, agentId: current.agentId },
        before: {
          title: current.title,
          location: current.location,
          agentId: current.agentId,
          approval: current.approval,
          availability: current.availability,
        },
        after: null,
      });
    }
    return { closedReports };
  });
}

/**
 * Answers whether the listing's approval changed (deciding again as before changes nothing), and
 * what that did to the payment deadline of its accepted offer.
 */
export async function setApproval(db: Database, admin: SessionUser, id: string, approve: boolean) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(properties).where(eq(properties.id, id)).for('update');
    if (!current) throw notFound('Property not found');
    const approval = approve ? 'approved' : 'rejected';
    // Approving publishes what the admin has just read; a rejection keeps the last approved one.
    // Either way the admin has decided: the listing is no longer held by reports, and a
    // correction asked for is settled.
    await tx
      .update(properties)
      .set({
        approval,
        heldByReports: false,
        correctionNote: null,
        ...(approve ? { published: publishedContent(current) } : {}),
      })
      .where(eq(properties.id, id));
    await recordAudit(tx, {
      actor: admin,
      action: 'property.approval_changed',
      targetType: 'property',
      targetId: id,
      details: { title: current.title, from: current.approval, to: approval },
      before: { approval: current.approval },
      after: { approval },
    });
    // The day's count, beside the trail's entry and in its transaction, for the dashboard.
    await tx
      .insert(listingDecisionDays)
      .values({
        day: sql`(now() at time zone 'UTC')::date`,
        approved: approve ? 1 : 0,
        rejected: approve ? 0 : 1,
      })
      .onConflictDoUpdate({
        target: listingDecisionDays.day,
        set: {
          approved: sql`${listingDecisionDays.approved} + excluded.approved`,
          rejected: sql`${listingDecisionDays.rejected} + excluded.rejected`,
        },
      });
    return {
      changed: current.approval !== approval,
      deadline: await followListingReview(tx, id),
    };
  });
}
