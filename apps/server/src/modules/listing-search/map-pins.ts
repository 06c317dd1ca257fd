import { type Bbox, MAP_PINS_MAX, type MapPins, pinTextOf, toDollars } from '@keyhaven/shared';
import { and, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { properties } from '../../db/schema.js';
import type { JoinedPage } from '../../lib/list-page.js';
import type { ListingFilters } from './listing-filters.js';
import { areaCounts, countEveryTime, mapView, totalOf } from './listing-search.service.js';
import type { MapIndex } from './map-index/queries.js';
import {
  areaTestFor,
  asBracket,
  listShape,
  orderOf,
  placeholders,
  preparedShape,
  publicConditions,
  type Scope,
  saleColumns,
} from './search-conditions.js';

/* A search's pins on the map: from the map index where it holds the search, else the database. */

/**
 * Every map position there is: the check constraints keep every pin inside it, so a search
 * limited to it finds exactly the listings with a pin, through the same index and counts as any
 * map view.
 */
const WHOLE_WORLD: Bbox = { west: -180, south: -90, east: 180, north: 90 };

function pinsQuery(db: Database, filters: ListingFilters, where: SQL | undefined) {
  // Sold mode's pins carry their sale, newest sale first.
  const sale = saleColumns(filters);
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
      ...sale,
    })
    .from(properties)
    .where(where)
    .orderBy(...orderOf(filters))
    .limit(MAP_PINS_MAX);
}

/** A sold mode pin's sale, in dollars; nothing for other pins. */
function saleOf(row: { soldAt?: Date | null; soldPriceCents?: number | null }) {
  if (!row.soldAt) return {};
  const price = row.soldPriceCents;
  return {
    soldPrice: price === null || price === undefined ? null : toDollars(price),
    soldAt: row.soldAt.toISOString(),
  };
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
    pinsQuery(db, filters, where).prepare(name),
  );
  const rows = await (statement
    ? statement.execute(values)
    : pinsQuery(db, filters, and(...publicConditions(scope, filters, test))));
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
      ...saleOf(row),
    })),
    total,
  };
}
