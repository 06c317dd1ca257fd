import { PRICE_BANDS, PRICE_RANGES, PROPERTY_TYPES, type SearchFacets } from '@keyhaven/shared';
import { and, count, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { properties } from '../../db/schema.js';
import { publicHistoryOf } from '../listing-views/listing-history.js';
import { openHouseTimesOf } from '../listing-views/open-house-times.js';
import {
  agents,
  approvedListingColumns,
  type ListingWithAgent,
  listingColumns,
  type SharedListings,
  salesOf,
  sharedViews,
} from '../listing-views/property-view.js';
import {
  type AreaFilters,
  countedPriceOf,
  type FacetCount,
  type ListingFilters,
} from './listing-filters.js';
import type { MapIndex } from './map-index/queries.js';
import {
  type AreaTest,
  areaConditions,
  areaKey,
  areaShape,
  areaTestFor,
  asBracket,
  asValue,
  type Bind,
  countedPriceCounts,
  listConditions,
  listShape,
  orderOf,
  placeholders,
  preparedShape,
  publicConditions,
  type Scope,
  saleColumns,
  WIDE_AREA,
} from './search-conditions.js';

/*
 * The pages and facet counts of the public search and the signed-in catalogue, from the map index
 * where it holds the search, else from the database (a new map view's counts and page in one
 * statement).
 */

/**
 * Where a list gets its facet counts from: by default a query every time; the routes pass the
 * short-lived count cache. `key` names what decides the counts.
 */
export type FacetCountSource = (
  key: string,
  load: () => Promise<FacetCount[]>,
) => Promise<FacetCount[]>;
export const countEveryTime: FacetCountSource = (_key, load) => load();

/**
 * Where a list's answers may come from besides a query of their own: the short-lived count cache
 * (by default a query every time), and the map index, which answers views of an area or outline.
 */
export interface ListingSources {
  counts?: FacetCountSource;
  map?: MapIndex;
}

/**
 * The map index, when it is there and the search is one it holds. It holds no open houses: a
 * search for one this weekend is the database's, whose index on their dates answers it.
 */
function mapIndexFor(sources: ListingSources, filters: ListingFilters) {
  // Nor sold mode: the database's index of recent sales answers it (decision 057).
  if (!sources.map || filters.location || filters.openHouse || filters.sold) return undefined;
  if (!(filters.bbox || filters.polygon)) return undefined;
  return sources.map;
}

/** The map index's view of a search (see mapIndexFor). */
export function mapView(sources: ListingSources, scope: Scope, filters: ListingFilters) {
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

/**
 * The ids of a sold mode page, in its order, and the search's total (decision 057): its counts
 * from the count source, then its page's ids alone, from the indexes of sold homes. The routes
 * take the page's listings from the listing cache, already encoded, as for the map index's pages.
 */
export async function soldPageIds(
  db: Database,
  asked: ListingFilters,
  counts: FacetCountSource = countEveryTime,
): Promise<{ ids: string[]; total: number }> {
  const filters = asBracket(asked);
  const facetCounts = await areaCounts(db, 'approved', filters, counts);
  const total = totalOf(facetCounts, filters);
  const sort = filters.sort ?? 'newest';
  const offset = (filters.page - 1) * filters.limit;
  // A wide area's page is best walked in the list's order (see WIDE_AREA).
  const inArea = facetCounts.reduce((sum, facet) => sum + facet.all, 0);
  const test = areaTestFor(inArea);
  const idsQuery = (
    where: SQL | undefined,
    limit: number | Placeholder,
    from: number | Placeholder,
  ) =>
    db
      .select({ id: properties.id })
      .from(properties)
      .where(where)
      .orderBy(...orderOf(filters, sort))
      .limit(limit)
      .offset(from);
  const { values, bind } = placeholders();
  values.limit = filters.limit;
  values.offset = offset;
  const where = and(...publicConditions('approved', filters, test, bind));
  const shape = `${listShape('approved', filters, test)}\u0000${sort}`;
  const statement = preparedShape(db, 'sold_page', shape, (name) =>
    idsQuery(where, sql.placeholder('limit'), sql.placeholder('offset')).prepare(name),
  );
  const rows = await (statement
    ? statement.execute(values)
    : idsQuery(and(...publicConditions('approved', filters, test)), filters.limit, offset));
  return { ids: rows.map((row) => row.id), total };
}

function facetsQuery(db: Database, scope: Scope, filters: AreaFilters, bind: Bind = asValue) {
  return db
    .select({
      propertyType: properties.propertyType,
      all: count(),
      inPriceRange: sql<number[]>`array[${countedPriceCounts(filters)}]`.mapWith(
        (counts: Array<number | string>) => counts.map(Number),
      ),
    })
    .from(properties)
    .where(and(...areaConditions(scope, filters, undefined, bind)))
    .groupBy(properties.propertyType);
}

function countFacets(db: Database, scope: Scope, filters: AreaFilters): Promise<FacetCount[]> {
  if (!filters.bbox && !filters.polygon) return facetsQuery(db, scope, filters);
  const { values, bind } = placeholders();
  const query = facetsQuery(db, scope, filters, bind);
  const statement = preparedShape(db, 'area_facets', areaShape(scope, filters), (name) =>
    query.prepare(name),
  );
  return statement ? statement.execute(values) : facetsQuery(db, scope, filters);
}

export function totalOf(facets: FacetCount[], filters: ListingFilters) {
  const range = countedPriceOf(filters);
  let total = 0;
  for (const facet of facets) {
    if (filters.propertyType && facet.propertyType !== filters.propertyType) continue;
    if (filters.types?.length && !filters.types.includes(facet.propertyType)) continue;
    total += range < 0 ? facet.all : (facet.inPriceRange[range] ?? 0);
  }
  return total;
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

export function pageRows(
  db: Database,
  where: SQL | undefined,
  order: SQL[],
  page: number,
  limit: number,
  columns: typeof listingColumns | typeof approvedListingColumns = listingColumns,
): Promise<ListingWithAgent[]> {
  return pageQuery(db, columns, where, order, limit, (page - 1) * limit);
}

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
      orderOf(filters, sort),
      sql.placeholder('limit'),
      sql.placeholder('offset'),
    ).prepare(name),
  );
  if (statement) return statement.execute(values);
  const asked = and(...publicConditions(scope, filters, test));
  return pageRows(
    db,
    asked,
    orderOf(filters, sort),
    filters.page,
    filters.limit,
    approvedListingColumns,
  );
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
  const order = orderOf(filters, sort);
  const { values, bind } = placeholders();
  values.limit = filters.limit;
  values.offset = (filters.page - 1) * filters.limit;
  // Sold mode's prices and order are its sale's (read from its own GiST index, which has them).
  const sale = saleColumns(filters);
  const matching = db.$with('matching', {}).as(
    db
      .select({
        id: properties.id,
        propertyType: properties.propertyType,
        minPriceCents: properties.minPriceCents,
        maxPriceCents: properties.maxPriceCents,
        createdAt: properties.createdAt,
        areaSize: properties.areaSize,
        ...sale,
      })
      .from(properties)
      .where(and(...areaConditions(scope, filters, 'indexed', bind)))
      .getSQL(),
  );
  // Read from `matching` under the table's name, so the lists' own conditions and order apply.
  const counted = db
    .$with('counted', {})
    .as(
      sql`select ${properties.propertyType}, count(*)::int as "all", array[${countedPriceCounts(filters)}]::int[] as "in_price_range" from "matching" "properties" group by ${properties.propertyType}`,
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
export function areaCounts(
  db: Database,
  scope: Scope,
  filters: AreaFilters,
  counts: FacetCountSource,
) {
  return counts(countsKey(scope, filters), () => countFacets(db, scope, filters));
}

/** What names an area's facet counts in the count source. */
const countsKey = (scope: Scope, filters: AreaFilters) => `${scope}\u0000${areaKey(filters)}`;

/** A page of approved listings with their sales, and the total count, the same for everyone. */
async function sharedPage(
  db: Database,
  scope: Scope,
  asked: ListingFilters,
  counts: FacetCountSource,
): Promise<SharedListings & { total: number }> {
  const filters = asBracket(asked);
  const order = orderOf(filters, filters.sort);
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
  const ids = rows.map((row) => row.property.id);
  const [sales, openHouses, history] = await Promise.all([
    salesOf(db, rows),
    openHouseTimesOf(db, ids),
    publicHistoryOf(db, ids),
  ]);
  return { rows, sales, openHouses, history, total: totalOf(facetCounts, filters) };
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
