import { createHash, randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import {
  type Bbox,
  FEATURES,
  type LngLat,
  type MapPins,
  PROPERTY_TYPES,
  pinTextOf,
  reachesBand,
  toCents,
  toDollars,
} from '@keyhaven/shared';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';
import {
  COUNTED_PRICES,
  countedPriceOf,
  type FacetCount,
  type ListingFilters,
} from './listing-filters.js';

/*
 * Every map view is new (a buyer panning never asks for the same one twice), and answering one
 * from the database costs several milliseconds of processor time: reading the area from the GiST
 * index, counting it by type and price, sorting it for the page. This index holds what a map view
 * is decided by, for every approved listing with a pin whose agent is in good standing, in typed
 * arrays (about 120 bytes a listing, and its id), grouped by grid cell: a view's counts, page and
 * pins are found here in well under a millisecond (decision 028).
 *
 * It answers exactly as the database does: the same listings (edges included; an outline tested
 * by PostgreSQL's own point-in-polygon rules), the same counts, the same order with ties by id.
 */

/** Grid cells of a tenth of a degree: a city view spans about a dozen, a wide metro view 200. */
const CELL_DEGREES = 0.1;
const CELL_COLUMNS = 3600;
const CELL_ROWS = 1800;

/**
 * Listings read per statement while building, about (whole grid cells at a time): no long hold on
 * the embedded database's one connection, and no long pause of the server to take the rows in.
 */
const LOAD_BATCH = 5_000;

const TYPE_INDEX = new Map<string, number>(PROPERTY_TYPES.map((type, index) => [type, index]));
const FEATURE_BIT = new Map<string, number>(
  FEATURES.map((feature, index) => [feature, 1 << index]),
);

export type MapSort = NonNullable<ListingFilters['sort']>;

interface LoadedRow {
  id: string;
  lng: number;
  lat: number;
  property_type: string;
  min_price_cents: number | string;
  max_price_cents: number | string;
  bedrooms: number;
  bathrooms: number | string;
  area_size: number;
  features: string[] | string;
  available: boolean;
  created_micros: number | string;
  title: string;
  image: string | null;
}

/** A text array as either driver may send it: parsed, or in PostgreSQL's `{a,"b c"}` form. */
function textArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.slice(1, -1);
  if (inner === '') return [];
  return inner.split(',').map((item) => item.replace(/^"(.*)"$/, '$1'));
}

const cellRow = (lat: number) =>
  Math.min(CELL_ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEGREES)));
const cellColumn = (lng: number) =>
  Math.min(CELL_COLUMNS - 1, Math.max(0, Math.floor((lng + 180) / CELL_DEGREES)));

/** PostgreSQL's fuzzy comparisons of geometry (`FPzero`, `FPlt`...), with its EPSILON. */
const EPSILON = 1.0e-6;
const fpZero = (a: number) => Math.abs(a) <= EPSILON;
const fpLt = (a: number, b: number) => b - a > EPSILON;
const fpLe = (a: number, b: number) => a - b <= EPSILON;
const fpGt = (a: number, b: number) => a - b > EPSILON;
const fpGe = (a: number, b: number) => b - a <= EPSILON;

const POINT_ON_POLYGON = Number.POSITIVE_INFINITY;

/**
 * How the segment from (prevX, prevY) to (x, y), relative to the point, crosses the positive
 * x-axis: PostgreSQL's `lseg_crossing`, so that an outline includes exactly what the database's
 * `<@` includes, on its edges too.
 */
function segmentCrossing(x: number, y: number, prevX: number, prevY: number): number {
  if (fpZero(y)) {
    if (fpZero(x)) return POINT_ON_POLYGON;
    if (fpGt(x, 0)) {
      if (fpZero(prevY)) return fpGt(prevX, 0) ? 0 : POINT_ON_POLYGON;
      return fpLt(prevY, 0) ? 1 : -1;
    }
    if (fpZero(prevY)) return fpLt(prevX, 0) ? 0 : POINT_ON_POLYGON;
    return 0;
  }
  const ySign = fpGt(y, 0) ? 1 : -1;
  if (fpZero(prevY)) return fpLt(prevX, 0) ? 0 : ySign;
  if ((ySign < 0 && fpLt(prevY, 0)) || (ySign > 0 && fpGt(prevY, 0))) return 0;
  if (fpGe(x, 0) && fpGt(prevX, 0)) return 2 * ySign;
  if (fpLt(x, 0) && fpLe(prevX, 0)) return 0;
  const z = (x - prevX) * y - (y - prevY) * x;
  if (fpZero(z)) return POINT_ON_POLYGON;
  if ((ySign < 0 && fpLt(z, 0)) || (ySign > 0 && fpGt(z, 0))) return 0;
  return 2 * ySign;
}

/** Inside the outline or on it: PostgreSQL's `point_inside`, non-zero. */
export function insideOutline(lng: number, lat: number, ring: readonly LngLat[]): boolean {
  const first = ring[0] as LngLat;
  const x0 = first.lng - lng;
  const y0 = first.lat - lat;
  let prevX = x0;
  let prevY = y0;
  let total = 0;
  for (let i = 1; i < ring.length; i++) {
    const corner = ring[i] as LngLat;
    const x = corner.lng - lng;
    const y = corner.lat - lat;
    const cross = segmentCrossing(x, y, prevX, prevY);
    if (cross === POINT_ON_POLYGON) return true;
    total += cross;
    prevX = x;
    prevY = y;
  }
  const cross = segmentCrossing(x0, y0, prevX, prevY);
  if (cross === POINT_ON_POLYGON) return true;
  return total + cross !== 0;
}

/** Where a whole grid cell lies against an outline (see OutlineTest.cellAgainst). */
export const CELL_CROSSED = 0;
export const CELL_INSIDE = 1;
export const CELL_OUTSIDE = 2;

/**
 * Whether the segment from (ax, ay) to (bx, by) meets the box, edges included (Liang and
 * Barsky's clipping).
 */
function segmentMeetsBox(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  west: number,
  south: number,
  east: number,
  north: number,
): boolean {
  const dx = bx - ax;
  const dy = by - ay;
  let from = 0;
  let to = 1;
  // Each side of the box in turn: the share of the segment's direction towards it (p) and the
  // distance from the start to it (q).
  for (let side = 0; side < 4; side++) {
    const p = side === 0 ? -dx : side === 1 ? dx : side === 2 ? -dy : dy;
    const q =
      side === 0 ? ax - west : side === 1 ? east - ax : side === 2 ? ay - south : north - ay;
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) from = Math.max(from, t);
    else to = Math.min(to, t);
    if (from > to) return false;
  }
  return true;
}

/** Numbers held per edge: its start's and end's longitude and latitude. */
const EDGE_NUMBERS = 4;

/**
 * An outline made ready for testing many listings against it, answering exactly as
 * insideOutline does. An edge whose two ends both lie more than EPSILON north of a listing, or
 * both south, adds nothing to the listing's count of crossings (segmentCrossing), so the edges
 * are grouped in bands of latitude and a listing is tested only against its band's: the parallel
 * through a hand-drawn outline meets two to four of its sixteen edges.
 */
export class OutlineTest {
  /** Where the bands begin and end, ascending: band i runs from bounds[i] to bounds[i + 1]. */
  private readonly bounds: Float64Array;
  /** Band i's edges in `bandEdges`, from bandStart[i] to bandStart[i + 1] (in numbers). */
  private readonly bandStart: Uint32Array;
  private readonly bandEdges: Float64Array;
  /** Every edge, in the order of the ring. */
  private readonly edges: Float64Array;

  constructor(private readonly ring: readonly LngLat[]) {
    const corners = ring.length;
    const edges = new Float64Array(corners * EDGE_NUMBERS);
    // An edge's band reaches EPSILON beyond its ends, and a billionth of a degree more for the
    // rounding of the differences segmentCrossing is given.
    const reach = EPSILON + 1e-9;
    const souths = new Float64Array(corners);
    const norths = new Float64Array(corners);
    const bounds = new Float64Array(corners * 2);
    for (let i = 0; i < corners; i++) {
      const start = ring[i] as LngLat;
      const end = ring[(i + 1) % corners] as LngLat;
      edges[i * EDGE_NUMBERS] = start.lng;
      edges[i * EDGE_NUMBERS + 1] = start.lat;
      edges[i * EDGE_NUMBERS + 2] = end.lng;
      edges[i * EDGE_NUMBERS + 3] = end.lat;
      souths[i] = Math.min(start.lat, end.lat) - reach;
      norths[i] = Math.max(start.lat, end.lat) + reach;
      bounds[i * 2] = souths[i] as number;
      bounds[i * 2 + 1] = norths[i] as number;
    }
    // Bounds that coincide make bands of no height, which no listing falls in.
    bounds.sort();
    const covers = (i: number, band: number) =>
      (souths[i] as number) <= (bounds[band] as number) &&
      (norths[i] as number) >= (bounds[band + 1] as number);
    const bandStart = new Uint32Array(bounds.length);
    for (let band = 0; band + 1 < bounds.length; band++) {
      let held = bandStart[band] as number;
      for (let i = 0; i < corners; i++) if (covers(i, band)) held += EDGE_NUMBERS;
      bandStart[band + 1] = held;
    }
    const bandEdges = new Float64Array(bandStart[bounds.length - 1] as number);
    let at = 0;
    for (let band = 0; band + 1 < bounds.length; band++) {
      for (let i = 0; i < corners; i++) {
        if (!covers(i, band)) continue;
        for (let number = 0; number < EDGE_NUMBERS; number++) {
          bandEdges[at++] = edges[i * EDGE_NUMBERS + number] as number;
        }
      }
    }
    this.edges = edges;
    this.bounds = bounds;
    this.bandStart = bandStart;
    this.bandEdges = bandEdges;
  }

  /** Inside the outline or on it, as insideOutline answers. */
  contains(lng: number, lat: number): boolean {
    const { bounds, bandEdges } = this;
    // Beyond every band no edge counts: outside.
    if (!(lat >= (bounds[0] as number) && lat < (bounds[bounds.length - 1] as number))) {
      return false;
    }
    let band = 0;
    let above = bounds.length - 1;
    while (above - band > 1) {
      const middle = (band + above) >>> 1;
      if ((bounds[middle] as number) <= lat) band = middle;
      else above = middle;
    }
    let total = 0;
    const end = this.bandStart[band + 1] as number;
    for (let at = this.bandStart[band] as number; at < end; at += EDGE_NUMBERS) {
      const cross = segmentCrossing(
        (bandEdges[at + 2] as number) - lng,
        (bandEdges[at + 3] as number) - lat,
        (bandEdges[at] as number) - lng,
        (bandEdges[at + 1] as number) - lat,
      );
      if (cross === POINT_ON_POLYGON) return true;
      total += cross;
    }
    return total !== 0;
  }

  /**
   * Where the grid cell at `row`, `column` lies against the outline: wholly inside or wholly
   * outside when every edge keeps clear of the cell by more than PostgreSQL's fuzzy margin for
   * it, so that each listing in the cell gets the answer its centre gets; else crossed, and its
   * listings are tested one by one. An edge's margin is twice EPSILON, or twice EPSILON over the
   * edge's length where that is more: the database's test of a point on an edge compares a cross
   * product, which grows with the edge's length.
   */
  cellAgainst(row: number, column: number) {
    const west = column * CELL_DEGREES - 180;
    const south = row * CELL_DEGREES - 90;
    const { edges } = this;
    for (let at = 0; at < edges.length; at += EDGE_NUMBERS) {
      const ax = edges[at] as number;
      const ay = edges[at + 1] as number;
      const bx = edges[at + 2] as number;
      const by = edges[at + 3] as number;
      const length = Math.hypot(bx - ax, by - ay);
      // And a millionth of a cell for the rounding of a listing's cell from its position.
      const margin = (length > 1 ? 2 * EPSILON : (2 * EPSILON) / Math.max(length, EPSILON)) + 1e-7;
      const meets = segmentMeetsBox(
        ax,
        ay,
        bx,
        by,
        west - margin,
        south - margin,
        west + CELL_DEGREES + margin,
        south + CELL_DEGREES + margin,
      );
      if (meets) return CELL_CROSSED;
    }
    const inside = insideOutline(west + CELL_DEGREES / 2, south + CELL_DEGREES / 2, this.ring);
    return inside ? CELL_INSIDE : CELL_OUTSIDE;
  }
}

/** What a view's listings must all meet, resolved once into the index's own terms. */
interface ViewTest {
  open: boolean;
  west: number;
  south: number;
  east: number;
  north: number;
  outline: OutlineTest | undefined;
  features: number;
  minPriceCents: number;
  maxPriceCents: number;
  minBeds: number;
  minBaths: number;
  /** Of the list, not of the counts: a type index per type allowed, null for any. */
  types: Uint8Array | null;
  bracket: (typeof BRACKETS)[number] | null;
}

function outlineBounds(ring: readonly LngLat[], margin: number): Bbox {
  const bounds = { west: 180, south: 90, east: -180, north: -90 };
  for (const { lng, lat } of ring) {
    bounds.west = Math.min(bounds.west, lng - margin);
    bounds.east = Math.max(bounds.east, lng + margin);
    bounds.south = Math.min(bounds.south, lat - margin);
    bounds.north = Math.max(bounds.north, lat + margin);
  }
  return bounds;
}

/** A scratch buffer reused by every view, grown (what it holds kept) to fit `needed` entries. */
function roomFor<A extends Uint32Array<ArrayBuffer> | Float64Array<ArrayBuffer>>(
  buffer: A,
  needed: number,
): A {
  if (buffer.length >= needed) return buffer;
  const larger = new (buffer.constructor as new (length: number) => A)(
    Math.max(needed, buffer.length * 2),
  );
  larger.set(buffer);
  return larger;
}

/** The listings as read, a column per field, in the order read: no row is held beyond its batch. */
class ReadColumns {
  readonly ids: string[] = [];
  readonly lng: number[] = [];
  readonly lat: number[] = [];
  readonly minPrice: number[] = [];
  readonly maxPrice: number[] = [];
  readonly beds: number[] = [];
  readonly baths: number[] = [];
  readonly area: number[] = [];
  readonly created: number[] = [];
  readonly type: number[] = [];
  readonly features: number[] = [];
  readonly available: number[] = [];
  /** Only for the pins' text, dropped once it is written. */
  readonly titles: string[] = [];
  readonly images: Array<string | null> = [];

  add(row: LoadedRow) {
    this.ids.push(row.id);
    this.lng.push(row.lng);
    this.lat.push(row.lat);
    this.minPrice.push(Number(row.min_price_cents));
    this.maxPrice.push(Number(row.max_price_cents));
    this.beds.push(row.bedrooms);
    this.baths.push(Number(row.bathrooms));
    this.area.push(row.area_size);
    this.created.push(Number(row.created_micros));
    this.type.push(TYPE_INDEX.get(row.property_type) ?? 0);
    let mask = 0;
    for (const feature of textArray(row.features)) mask |= FEATURE_BIT.get(feature) ?? 0;
    this.features.push(mask);
    this.available.push(row.available ? 1 : 0);
    const pin = pinTextOf(row.title, row.image);
    this.titles.push(pin.title);
    this.images.push(pin.image);
  }
}

/** The grid cell of the listing read at `at`. */
function cellOfRead(read: ReadColumns, at: number) {
  return cellRow(read.lat[at] as number) * CELL_COLUMNS + cellColumn(read.lng[at] as number);
}

/** Which of the two 32-bit words of a float64 holds its low bits on this machine. */
const LOW_WORD = new Uint32Array(new Float64Array([1]).buffer)[0] === 0 ? 0 : 1;
const DIGIT_BITS = 16;
const DIGITS = 1 << DIGIT_BITS;

/**
 * The entries (0 to n-1) in the order of their keys (none negative), ties in the order of
 * `ties` (by entry number without it): a radix sort of the keys' bits, sixteen at a time from the
 * lowest (a non-negative float64's bits order as its value does; inverted for a descending
 * order). Each pass keeps the order of equal digits, so ties stay in the order they started in.
 * About 40 ms for a million listings, against more than a second for a sort with a comparison
 * function; a turn of the event loop comes between passes.
 */
async function orderBy(
  keys: Float64Array,
  direction: 'ascending' | 'descending',
  ties?: Uint32Array,
): Promise<Uint32Array> {
  const size = keys.length;
  const words = new Uint32Array(keys.buffer, keys.byteOffset, size * 2);
  const flip = direction === 'descending' ? 0xffffffff : 0;
  let order = ties
    ? Uint32Array.from(ties)
    : Uint32Array.from({ length: size }, (_, entry) => entry);
  let next = new Uint32Array(size);
  const starts = new Uint32Array(DIGITS);
  for (const word of [LOW_WORD, 1 - LOW_WORD]) {
    for (const shift of [0, DIGIT_BITS]) {
      starts.fill(0);
      for (let entry = 0; entry < size; entry++) {
        const digit = (((words[entry * 2 + word] as number) ^ flip) >>> shift) & (DIGITS - 1);
        starts[digit] = (starts[digit] as number) + 1;
      }
      // A pass where every key has the same digit changes nothing.
      if (starts.some((count) => count === size)) continue;
      let at = 0;
      for (let digit = 0; digit < DIGITS; digit++) {
        const count = starts[digit] as number;
        starts[digit] = at;
        at += count;
      }
      for (let place = 0; place < size; place++) {
        const entry = order[place] as number;
        const digit = (((words[entry * 2 + word] as number) ^ flip) >>> shift) & (DIGITS - 1);
        next[starts[digit] as number] = entry;
        starts[digit] = (starts[digit] as number) + 1;
      }
      [order, next] = [next, order];
      await setImmediate();
    }
  }
  return order;
}

/**
 * The read positions of `ids` in the database's order of ids (uuids compare as their text
 * does): sorted by their first 48 bits as numbers, then any run that shares them by the whole id.
 */
export async function idOrder(ids: string[]): Promise<Uint32Array> {
  const prefixes = Float64Array.from(ids, (id) =>
    Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16),
  );
  await setImmediate();
  const order = await orderBy(prefixes, 'ascending');
  for (let start = 0; start < order.length; ) {
    let end = start + 1;
    const prefix = prefixes[order[start] as number];
    while (end < order.length && prefixes[order[end] as number] === prefix) end++;
    if (end - start > 1) {
      const run = Array.from(order.subarray(start, end)).sort((a, b) =>
        (ids[a] as string) < (ids[b] as string) ? -1 : 1,
      );
      order.set(run, start);
    }
    start = end;
  }
  return order;
}

/**
 * The counted prices (COUNTED_PRICES) in cents: a price range holds a listing whose whole range
 * is within it, a band one whose range reaches into it (reachesBand).
 */
const BRACKETS = COUNTED_PRICES.map((price) => ({
  within: price.within,
  band: { min: toCents(price.min), max: price.max === null ? null : toCents(price.max) },
  from: toCents(price.min),
  to: price.max === null ? Number.POSITIVE_INFINITY : toCents(price.max),
}));

/** Whether a listing priced `min` to `max` cents is under the counted price. */
const holds = (bracket: (typeof BRACKETS)[number], min: number, max: number) =>
  bracket.within ? min >= bracket.from && max <= bracket.to : reachesBand(bracket.band, min, max);

/** Per type: how many in all, then how many in each bracket. */
const FACET_STRIDE = 1 + BRACKETS.length;

/** The counts of the types that have any, as the database's count gives them. */
function facetsOf(counts: Int32Array): FacetCount[] {
  const facets: FacetCount[] = [];
  PROPERTY_TYPES.forEach((propertyType, type) => {
    const base = type * FACET_STRIDE;
    const all = counts[base] as number;
    if (all === 0) return;
    facets.push({
      propertyType,
      all,
      inPriceRange: Array.from(counts.subarray(base + 1, base + FACET_STRIDE)),
    });
  });
  return facets;
}

/**
 * What a view found: its listed listings, from which a page or pins are taken before the index
 * makes its next view.
 */
export interface MapView {
  total: number;
  /** The ids of one page of the list, in its order. */
  page(sort: MapSort, offset: number, limit: number): string[];
  /**
   * The answer ZMapPins encodes, with the newest `max` of the list's pins, to be written straight
   * into a buffer of `bytes` as it is sent, and a tag naming it (the index's build and the pins it
   * chose) for its ETag.
   */
  pins(max: number): { bytes: number; writeTo: (target: Buffer) => void; tag: string };
}

export class MapIndex {
  /**
   * Every entry's id, one after another in one buffer (ids are uuids: one byte a character),
   * rather than a string each: a million strings would be a million more objects for V8 to mark
   * in every full collection, while a view reads only a page's ids.
   */
  private readonly idText: Buffer;
  private readonly idStart: Uint32Array;
  private readonly lng: Float64Array;
  private readonly lat: Float64Array;
  private readonly minPrice: Float64Array;
  private readonly maxPrice: Float64Array;
  private readonly beds: Float64Array;
  private readonly baths: Float64Array;
  private readonly type: Uint8Array;
  private readonly features: Uint32Array;
  private readonly available: Uint8Array;
  private readonly area: Float64Array;
  private readonly created: Float64Array;
  /** Per order: each entry's place in it, and the entry at each place (see sortEntries). */
  private readonly rank = {} as Record<MapSort, Uint32Array>;
  private readonly order = {} as Record<MapSort, Uint32Array>;
  /**
   * Each entry's grid cell. Entries are numbered in order of cell, each cell's newest first, so a
   * view reads the columns of the cells in view front to back rather than all over memory, and
   * finds its listings in runs already in the order of `newest` (see newestAmong).
   */
  private readonly cellOf: Uint32Array;
  /**
   * Scratch space of the view being answered, its listings and their places in an order: one
   * view at a time (answering never awaits), and no new buffer for each of a thousand views a
   * second, which would bring V8 full collections.
   */
  private listed: Uint32Array<ArrayBuffer> = new Uint32Array(1024);
  /** Each found entry's place in the order asked for, times `placeScale`, plus the entry. */
  private ranked: Float64Array<ArrayBuffer> = new Float64Array(1024);
  /**
   * Where each run of the listed entries begins, a grid cell's listings each (newest first), and
   * how many runs there are.
   */
  private runStarts: Uint32Array<ArrayBuffer> = new Uint32Array(256);
  private runs = 0;
  /** The merge of the runs (see newestAmong): its heap of runs, each run's next, its place. */
  private runHeap: Uint32Array<ArrayBuffer> = new Uint32Array(256);
  private runNext: Uint32Array<ArrayBuffer> = new Uint32Array(256);
  private runPlace: Uint32Array<ArrayBuffer> = new Uint32Array(256);
  /** The views made: a view is read (page, pins) before the next one is made. */
  private views = 0;
  private marks: Uint32Array;
  /**
   * A power of two above every entry: a place times it plus an entry is exact in a double (both
   * under 2^26, so up to 67 million listings).
   */
  private readonly placeScale: number;
  private mark = 0;
  /**
   * Every entry's pin as JSON (UTF-8), written once as the index is built (about 250 bytes a
   * listing, its short title and cover's address the most of it): a
   * view's thousand pins are copied rather than written anew. They lie in the entries' order, so
   * each grid cell's together, newest first, as a view asks for them: copying a view's pins then
   * reads a few runs of memory front to back, where reading them in the cells' id order missed the
   * processor's caches at nearly every pin (four to five times the time). Entry e's pin runs from
   * pinAt[e] to pinAt[e + 1].
   */
  private pinText = Buffer.alloc(0);
  private pinAt = new Uint32Array(1);
  /** Each entry's pin title and picture until the pins are written (see writePins). */
  private pinWords: { titles: string[]; images: Array<string | null> } | undefined;
  /** Names this build: pins chosen by two builds may differ in their text. */
  private readonly build = randomUUID();

  /** `readAt`: the read position of each entry (see arrange). */
  private constructor(read: ReadColumns, readAt: Uint32Array) {
    const size = read.ids.length;
    const column = <A extends Float64Array | Uint32Array | Uint8Array>(
      values: number[],
      make: new (length: number) => A,
    ): A => {
      const out = new make(size);
      for (let i = 0; i < size; i++) out[i] = values[readAt[i] as number] as number;
      return out;
    };
    this.idStart = new Uint32Array(size + 1);
    let idBytes = 0;
    for (let entry = 0; entry < size; entry++) {
      idBytes += (read.ids[readAt[entry] as number] as string).length;
      this.idStart[entry + 1] = idBytes;
    }
    this.idText = Buffer.allocUnsafeSlow(idBytes);
    for (let entry = 0; entry < size; entry++) {
      const id = read.ids[readAt[entry] as number] as string;
      this.idText.write(id, this.idStart[entry] as number, 'latin1');
    }
    this.lng = column(read.lng, Float64Array);
    this.lat = column(read.lat, Float64Array);
    this.minPrice = column(read.minPrice, Float64Array);
    this.maxPrice = column(read.maxPrice, Float64Array);
    this.beds = column(read.beds, Float64Array);
    this.baths = column(read.baths, Float64Array);
    this.type = column(read.type, Uint8Array);
    this.features = column(read.features, Uint32Array);
    this.available = column(read.available, Uint8Array);
    this.marks = new Uint32Array(size);
    this.placeScale = 2 ** Math.max(1, Math.ceil(Math.log2(size + 1)));
    this.area = column(read.area, Float64Array);
    this.created = column(read.created, Float64Array);
    this.cellOf = Uint32Array.from(readAt, (at) => cellOfRead(read, at));
    this.pinWords = {
      titles: Array.from(readAt, (at) => read.titles[at] as string),
      images: Array.from(readAt, (at) => read.images[at] ?? null),
    };
  }

  /**
   * The order of the entries: the read positions by grid cell, each cell's newest first (ties by
   * id, as the database breaks them), and the same entries' numbers in id order.
   */
  private static async arrange(read: ReadColumns) {
    const idOrdered = await idOrder(read.ids);
    await setImmediate();
    const created = Float64Array.from(idOrdered, (at) => read.created[at] as number);
    // Places in id order, newest first: ties stay in id order.
    const newest = await orderBy(created, 'descending');
    const newestAt = Uint32Array.from(newest, (place) => idOrdered[place] as number);
    await setImmediate();
    const cells = Float64Array.from(newestAt, (at) => cellOfRead(read, at));
    // Then by cell: each cell's entries stay newest first.
    const byCell = await orderBy(cells, 'ascending');
    const readAt = Uint32Array.from(byCell, (place) => newestAt[place] as number);
    const entryAt = new Uint32Array(readAt.length);
    readAt.forEach((at, entry) => {
      entryAt[at] = entry;
    });
    const byId = Uint32Array.from(idOrdered, (at) => entryAt[at] as number);
    return { readAt, byId };
  }

  /**
   * Sorts the entries in every order a view may ask for, ties by id as the database breaks them
   * (`byId`: the entries in id order), one sort at a time with a turn of the event loop between
   * them: requests are answered while a large index is built.
   */
  private async sortEntries(byId: Uint32Array) {
    const sorts: Array<[MapSort, Float64Array, 'ascending' | 'descending']> = [
      ['newest', this.created, 'descending'],
      ['price-asc', this.minPrice, 'ascending'],
      ['price-desc', this.maxPrice, 'descending'],
      ['area-desc', this.area, 'descending'],
    ];
    for (const [sort, keys, direction] of sorts) {
      await setImmediate();
      const order = await orderBy(keys, direction, byId);
      const ranks = new Uint32Array(order.length);
      order.forEach((entry, place) => {
        ranks[entry] = place;
      });
      this.order[sort] = order;
      this.rank[sort] = ranks;
    }
    await this.writePins();
  }

  /** Writes every entry's pin (see pinText), in slices with a turn of the event loop between. */
  private async writePins() {
    const slice = 20_000;
    const { size } = this;
    const texts: Buffer[] = [];
    const pinAt = new Uint32Array(size + 1);
    let bytes = 0;
    for (let from = 0; from < size; from += slice) {
      await setImmediate();
      const pins: string[] = [];
      for (let entry = from; entry < Math.min(size, from + slice); entry++) {
        const pin = this.pinOf(entry);
        pins.push(pin);
        // Titles may hold any character: their bytes in UTF-8, as the answer is sent.
        bytes += Buffer.byteLength(pin, 'utf8');
        pinAt[entry + 1] = bytes;
      }
      texts.push(Buffer.from(pins.join(''), 'utf8'));
    }
    this.pinText = Buffer.concat(texts, bytes);
    this.pinAt = pinAt;
    this.pinWords = undefined;
  }

  private pinOf(entry: number): string {
    const pin: MapPins['pins'][number] = {
      _id: this.idOf(entry),
      lat: this.lat[entry] as number,
      lng: this.lng[entry] as number,
      minPrice: toDollars(this.minPrice[entry] as number),
      maxPrice: toDollars(this.maxPrice[entry] as number),
      title: this.pinWords?.titles[entry] ?? '',
      image: this.pinWords?.images[entry] ?? null,
      bedrooms: this.beds[entry] as number,
      bathrooms: this.baths[entry] as number,
      areaSize: this.area[entry] as number,
    };
    return JSON.stringify(pin);
  }

  get size() {
    return this.idStart.length - 1;
  }

  private idOf(entry: number) {
    return this.idText.toString(
      'latin1',
      this.idStart[entry] as number,
      this.idStart[entry + 1] as number,
    );
  }

  /**
   * Reads every approved listing with a pin whose agent is in good standing, in batches of grid
   * cells (in order of rows, then columns), each batch read from the map's own index alone (it
   * holds everything the index needs) and holding about LOAD_BATCH listings, however crowded a
   * city is. Within one batch the rows are consistent; a change between batches is caught by the
   * keeper, which drops an index built across a change (MapIndexKeeper).
   */
  static async load(db: Database): Promise<MapIndex> {
    const onTheMap = sql`approval = 'approved'
      and agent_id not in (select id from users where role = 'fraud')`;
    // The cell as PostgreSQL computes it, in the count and in each batch alike, so that every
    // listing is in exactly one batch.
    const cell = sql`(floor((lat + 90) * 10)::int * ${CELL_COLUMNS} + floor((lng + 180) * 10)::int)`;
    const cells = await queryRows<{ cell: number; listings: number }>(
      db,
      sql`select ${cell} as cell, count(*)::int as listings from properties
          where ${onTheMap} and point(lng, lat) <@ box(point(-180, -90), point(180, 90))
          group by 1 order by 1`,
    );
    const read = new ReadColumns();
    for (let first = 0; first < cells.length; ) {
      let last = first;
      let listings = (cells[first] as { listings: number }).listings;
      while (last + 1 < cells.length && listings < LOAD_BATCH) {
        last++;
        listings += (cells[last] as { listings: number }).listings;
      }
      const from = (cells[first] as { cell: number }).cell;
      const to = (cells[last] as { cell: number }).cell;
      // The rows of grid cells the batch spans, a little wider: the index finds the candidates,
      // the cell expression decides.
      const south = Math.floor(from / CELL_COLUMNS) * CELL_DEGREES - 90 - CELL_DEGREES;
      const north = (Math.floor(to / CELL_COLUMNS) + 1) * CELL_DEGREES - 90 + CELL_DEGREES;
      const batch = await queryRows<LoadedRow>(
        db,
        sql`select id, lng, lat, property_type, min_price_cents, max_price_cents, bedrooms,
              bathrooms::float8 as bathrooms, area_size, features::text[] as features,
              availability = 'Available' as available,
              (extract(epoch from created_at) * 1000000)::float8 as created_micros,
              title, image
            from properties
            where ${onTheMap} and ${cell} between ${from} and ${to}
              and point(lng, lat) <@ box(point(-180, ${south}::float8), point(180, ${north}::float8))`,
      );
      for (const row of batch) read.add(row);
      first = last + 1;
    }
    const { readAt, byId } = await MapIndex.arrange(read);
    const index = new MapIndex(read, readAt);
    await index.sortEntries(byId);
    return index;
  }

  /**
   * The view of an area or outline (one of them must be given) with the search's filters, for
   * the public search (`open`: Available listings only) or the signed-in catalogue. Text
   * (`location`) is not held here: such searches are the database's.
   */
  view(scope: 'open' | 'approved', filters: ListingFilters): MapView {
    const listed = this.walk(this.testOf(scope, filters), undefined);
    const made = ++this.views;
    const found = () => {
      // The view's listings are in the scratch space, which the next view writes over.
      if (this.views !== made) throw new Error('A map view was read after the next was made');
      return this.listed.subarray(0, listed);
    };
    return {
      total: listed,
      page: (sort, offset, limit) =>
        this.pick(found(), sort, offset, limit).map((entry) => this.idOf(entry)),
      pins: (max) => this.pinsOf(this.pick(found(), 'newest', 0, max), listed),
    };
  }

  /**
   * The counts of an area or outline with the search's filters (see view), by type and price
   * bracket: every filter but the type and bracket applies, as the database's count gives them.
   */
  counts(scope: 'open' | 'approved', filters: ListingFilters): FacetCount[] {
    const counts = new Int32Array(PROPERTY_TYPES.length * FACET_STRIDE);
    this.walk(this.testOf(scope, filters), counts);
    return facetsOf(counts);
  }

  /**
   * Visits the entries in the test's cells that meet it: with `counts`, counts each; without,
   * lists those the list shows in the scratch space and says how many. A map page needs no
   * counts, and counting was a tenth of a view's walk.
   */
  private walk(test: ViewTest, counts: Int32Array | undefined): number {
    let listed = 0;
    let runs = 0;
    let runCell = -1;
    const { cellOf } = this;
    const firstRow = cellRow(test.south);
    const lastRow = cellRow(test.north);
    const firstColumn = cellColumn(test.west);
    const lastColumn = cellColumn(test.east);
    const { outline } = test;
    // An outline is tested against each grid cell once, and against each listing only in a cell
    // its edges cross: a metro area's outline holds thousands of listings in whole cells.
    let cell = -1;
    let against = CELL_CROSSED;
    for (let row = firstRow; row <= lastRow; row++) {
      const end = row * CELL_COLUMNS + lastColumn;
      for (
        let entry = this.firstAtOrAfter(row * CELL_COLUMNS + firstColumn);
        entry < cellOf.length;
        entry++
      ) {
        const entryCell = cellOf[entry] as number;
        if (entryCell > end) break;
        if (outline && entryCell !== cell) {
          cell = entryCell;
          against = outline.cellAgainst(row, cell - row * CELL_COLUMNS);
        }
        if (against === CELL_OUTSIDE) {
          // On to the next cell's first entry: a crowded city's cell holds thousands.
          entry = this.firstAtOrAfter(cell + 1, entry) - 1;
          continue;
        }
        if (!this.meets(entry, test, against === CELL_CROSSED)) continue;
        if (counts) this.count(counts, entry);
        else if (this.isListed(entry, test)) {
          if (entryCell !== runCell) {
            this.runStarts = roomFor(this.runStarts, runs + 1);
            this.runStarts[runs++] = listed;
            runCell = entryCell;
          }
          this.listed = roomFor(this.listed, listed + 1);
          this.listed[listed++] = entry;
        }
      }
    }
    // Counting lists nothing: the last view's runs stay as its page and pins read them.
    if (!counts) this.runs = runs;
    return listed;
  }

  private pinsOf(entries: number[], total: number) {
    const { pinText, pinAt } = this;
    const before = '{"pins":[';
    const after = `],"total":${total}}`;
    let bytes = before.length + Math.max(0, entries.length - 1) + after.length;
    for (const entry of entries) {
      bytes += (pinAt[entry + 1] as number) - (pinAt[entry] as number);
    }
    const writeTo = (target: Buffer) => {
      let at = target.write(before, 0, 'latin1');
      for (let i = 0; i < entries.length; i++) {
        if (i > 0) target[at++] = 0x2c; // ,
        const entry = entries[i] as number;
        // Buffer#copy is a memory copy: on Node 24 it takes a pin's hundred bytes in well under
        // half the time a loop over them does.
        at += pinText.copy(target, at, pinAt[entry] as number, pinAt[entry + 1] as number);
      }
      target.write(after, at, 'latin1');
    };
    const tag = createHash('sha1')
      .update(this.build)
      .update(Uint32Array.from(entries))
      .digest('base64url');
    return { bytes, writeTo, tag };
  }

  private testOf(scope: 'open' | 'approved', filters: ListingFilters): ViewTest {
    const everywhere = { west: -180, south: -90, east: 180, north: 90 };
    const area = filters.bbox ?? everywhere;
    // A point within PostgreSQL's EPSILON of an outline is on it, a little beyond its corners.
    const outlineArea = filters.polygon ? outlineBounds(filters.polygon, EPSILON) : everywhere;
    let features = 0;
    for (const feature of filters.features ?? []) features |= FEATURE_BIT.get(feature) ?? 0;
    let types: Uint8Array | null = null;
    if (filters.types?.length || filters.propertyType) {
      types = new Uint8Array(PROPERTY_TYPES.length);
      const allowed = filters.types?.length ? filters.types : PROPERTY_TYPES;
      for (const type of allowed) {
        if (filters.propertyType && type !== filters.propertyType) continue;
        const index = TYPE_INDEX.get(type);
        if (index !== undefined) types[index] = 1;
      }
    }
    return {
      open: scope === 'open',
      west: Math.max(area.west, outlineArea.west),
      south: Math.max(area.south, outlineArea.south),
      east: Math.min(area.east, outlineArea.east),
      north: Math.min(area.north, outlineArea.north),
      outline: filters.polygon && new OutlineTest(filters.polygon),
      features,
      minPriceCents: filters.minPrice === undefined ? 0 : toCents(filters.minPrice),
      maxPriceCents:
        filters.maxPrice === undefined ? Number.POSITIVE_INFINITY : toCents(filters.maxPrice),
      minBeds: filters.minBeds ?? 0,
      minBaths: filters.minBaths ?? 0,
      types,
      bracket: BRACKETS[countedPriceOf(filters)] ?? null,
    };
  }

  /** The first entry whose cell is `cell` or later, looking from entry `low` on. */
  private firstAtOrAfter(cell: number, low = 0) {
    let high = this.cellOf.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.cellOf[middle] as number) < cell) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Every condition of the area's counts: the area and outline, scope and filters. */
  private meets(entry: number, test: ViewTest, testOutline = true) {
    const lng = this.lng[entry] as number;
    const lat = this.lat[entry] as number;
    if (lng < test.west || lng > test.east || lat < test.south || lat > test.north) return false;
    if (test.open && this.available[entry] === 0) return false;
    if (((this.features[entry] as number) & test.features) !== test.features) return false;
    if ((this.minPrice[entry] as number) < test.minPriceCents) return false;
    if ((this.maxPrice[entry] as number) > test.maxPriceCents) return false;
    if ((this.beds[entry] as number) < test.minBeds) return false;
    if ((this.baths[entry] as number) < test.minBaths) return false;
    return !testOutline || !test.outline || test.outline.contains(lng, lat);
  }

  /** The list's own conditions beyond the area's: its types and price bracket. */
  private isListed(entry: number, test: ViewTest) {
    if (test.types && test.types[this.type[entry] as number] === 0) return false;
    const { bracket } = test;
    if (!bracket) return true;
    return holds(bracket, this.minPrice[entry] as number, this.maxPrice[entry] as number);
  }

  /** Counts the entry under its type, in all and in each price bracket it lies within. */
  private count(counts: Int32Array, entry: number) {
    const base = (this.type[entry] as number) * FACET_STRIDE;
    counts[base] = (counts[base] as number) + 1;
    const min = this.minPrice[entry] as number;
    const max = this.maxPrice[entry] as number;
    for (let bracket = 0; bracket < BRACKETS.length; bracket++) {
      if (holds(BRACKETS[bracket] as (typeof BRACKETS)[number], min, max))
        counts[base + 1 + bracket] = (counts[base + 1 + bracket] as number) + 1;
    }
  }

  /**
   * The entries at places offset..offset+limit of `sort` among `found`: for `newest`, merged from
   * the view's runs (newestAmong); for the other orders, whichever way costs less: keeping the
   * first places seen in a short sorted run (a page among a few hundred found: most entries are
   * compared once and passed over), sorting the found entries by their places, or marking them
   * and walking the order until the page is full (about `(offset + limit) / share` places, `share`
   * being the found entries' share of all: a city of 50,000 among a million fills a page of 24
   * within 500 places).
   */
  private pick(found: Uint32Array, sort: MapSort, offset: number, limit: number): number[] {
    if (offset >= found.length || limit <= 0) return [];
    if (sort === 'newest') return this.newestAmong(found, offset, limit);
    const order = this.order[sort];
    const wanted = Math.min(found.length, offset + limit);
    // A run of `wanted` takes in about wanted × ln(found / wanted) entries, each moving half of it.
    const keeping = found.length + (wanted * wanted * Math.log(found.length / wanted + 1)) / 2;
    const sorting = found.length * Math.log2(found.length + 1);
    const walking =
      found.length + Math.min(order.length, ((offset + limit) * order.length) / found.length);
    if (keeping < walking && keeping < sorting)
      return this.firstPlaces(found, sort, offset, wanted);
    if (sorting < walking) {
      // Each entry sorted by its place, and carried with it: looking the page's entries up in the
      // order afterwards missed the processor's caches at nearly every one (a thousand pins).
      this.ranked = roomFor(this.ranked, found.length);
      const keyed = this.ranked.subarray(0, found.length);
      const rank = this.rank[sort];
      const scale = this.placeScale;
      for (let i = 0; i < found.length; i++) {
        const entry = found[i] as number;
        keyed[i] = (rank[entry] as number) * scale + entry;
      }
      keyed.sort();
      return Array.from(keyed.subarray(offset, offset + limit), (key) => key % scale);
    }
    this.mark = this.mark === 0xffffffff ? 1 : this.mark + 1;
    if (this.mark === 1) this.marks.fill(0);
    for (const entry of found) this.marks[entry] = this.mark;
    const picked: number[] = [];
    let skipped = 0;
    for (const entry of order) {
      if (this.marks[entry] !== this.mark) continue;
      if (skipped < offset) skipped++;
      else if (picked.push(entry) === limit) break;
    }
    return picked;
  }

  /**
   * The entries at places offset..offset+limit of `newest` among `found`. The view's listings lie
   * in runs, a grid cell's each, already newest first (see cellOf), so they are merged: a heap of
   * the runs ordered by the place of each one's next entry gives the newest of all, and the rest of
   * the listings found are never looked at. A thousand pins among 20,000 listings in 200 cells
   * read about 1,200 of them.
   */
  private newestAmong(found: Uint32Array, offset: number, limit: number): number[] {
    const { runs } = this;
    const rank = this.rank.newest;
    this.runHeap = roomFor(this.runHeap, runs);
    this.runNext = roomFor(this.runNext, runs);
    this.runPlace = roomFor(this.runPlace, runs);
    const { runStarts, runHeap: heap, runNext: next, runPlace: place } = this;
    for (let run = 0; run < runs; run++) {
      next[run] = runStarts[run] as number;
      place[run] = rank[found[next[run] as number] as number] as number;
      heap[run] = run;
    }
    let size = runs;
    // Moves the run at heap position `at` down until no run below it comes sooner.
    const sink = (at: number) => {
      const run = heap[at] as number;
      const key = place[run] as number;
      for (;;) {
        let child = at * 2 + 1;
        if (child >= size) break;
        const right = child + 1;
        if (
          right < size &&
          (place[heap[right] as number] as number) < (place[heap[child] as number] as number)
        ) {
          child = right;
        }
        if ((place[heap[child] as number] as number) >= key) break;
        heap[at] = heap[child] as number;
        at = child;
      }
      heap[at] = run;
    };
    for (let at = (size >> 1) - 1; at >= 0; at--) sink(at);
    const picked: number[] = [];
    let skipped = 0;
    while (size > 0) {
      const run = heap[0] as number;
      const at = next[run] as number;
      if (skipped < offset) skipped++;
      else if (picked.push(found[at] as number) === limit) break;
      const end = run + 1 < runs ? (runStarts[run + 1] as number) : found.length;
      if (at + 1 < end) {
        next[run] = at + 1;
        place[run] = rank[found[at + 1] as number] as number;
      } else {
        size--;
        heap[0] = heap[size] as number;
      }
      sink(0);
    }
    return picked;
  }

  /** The entries at places offset..wanted of `sort` among `found`, kept in a sorted run. */
  private firstPlaces(found: Uint32Array, sort: MapSort, offset: number, wanted: number) {
    this.ranked = roomFor(this.ranked, wanted);
    const run = this.ranked;
    const rank = this.rank[sort];
    const scale = this.placeScale;
    let size = 0;
    for (let i = 0; i < found.length; i++) {
      const entry = found[i] as number;
      const key = (rank[entry] as number) * scale + entry;
      if (size === wanted) {
        if (key >= (run[size - 1] as number)) continue;
        size--;
      }
      let at = size++;
      while (at > 0 && (run[at - 1] as number) > key) {
        run[at] = run[at - 1] as number;
        at--;
      }
      run[at] = key;
    }
    return Array.from(run.subarray(offset, wanted), (key) => key % scale);
  }
}

/**
 * Keeps the map index true to the listings: a listing change this process makes drops it at
 * once (listing-cache.ts empties it with the caches), and until a new one is built map views are
 * answered by the database. Another process's change drops it too, once the database's notice of
 * it arrives (listing-change-notices.ts). A built index is also renewed once older than the
 * caches' lifetime (`maxAgeMs`: ten minutes while this process hears those notices, against a
 * change made with the triggers off; SEARCH_CACHE_SECONDS while it cannot hear them; never on the
 * embedded database, which is this process's alone), and serves meanwhile.
 *
 * Building reads every listing on the map (about 0.5 s at 100,000 on PostgreSQL), so builds are
 * spaced: at most one at a time, and a new one starts no sooner than ten builds' time after the
 * last one started. A build that a change overtook is thrown away.
 */
export class MapIndexKeeper {
  private index: MapIndex | undefined;
  private builtAt = 0;
  private building: Promise<void> | undefined;
  private lastStart = Number.NEGATIVE_INFINITY;
  private lastDuration = 0;
  private generation = 0;

  private readonly maxAgeMs: () => number;

  /** `maxAge`: how old the index may grow before it is built again (0: no index), in milliseconds. */
  constructor(
    private readonly build: () => Promise<MapIndex>,
    maxAge: number | (() => number),
    private readonly onError: (error: unknown) => void,
  ) {
    this.maxAgeMs = typeof maxAge === 'number' ? () => maxAge : maxAge;
  }

  /** The index if it holds every change this process made; starts a build when it should. */
  current(): MapIndex | undefined {
    const maxAgeMs = this.maxAgeMs();
    if (maxAgeMs <= 0) return undefined;
    const now = Date.now();
    if (!this.index || now - this.builtAt > maxAgeMs) this.startBuild(now);
    return this.index;
  }

  /** Resolves when the build under way (if any) has finished. */
  async settled(): Promise<void> {
    await this.building;
  }

  invalidate() {
    this.generation++;
    this.index = undefined;
  }

  private startBuild(now: number) {
    if (this.building || now - this.lastStart < this.lastDuration * 10) return;
    this.lastStart = now;
    const generation = this.generation;
    this.building = this.build()
      .then((index) => {
        this.lastDuration = Date.now() - now;
        if (generation !== this.generation) return;
        this.index = index;
        this.builtAt = now;
      })
      .catch(this.onError)
      .finally(() => {
        this.building = undefined;
      });
  }
}
