import { createHash } from 'node:crypto';
import { PROPERTY_TYPES, reachesBand, toCents } from '@keyhaven/shared';
import type { Database } from '../../../db/client.js';
import {
  COUNTED_PRICES,
  countedPriceOf,
  type FacetCount,
  type ListingFilters,
} from '../listing-filters.js';
import { CELL_CROSSED, CELL_OUTSIDE, EPSILON, OutlineTest, outlineBounds } from './geometry.js';
import {
  CELL_COLUMNS,
  cellColumn,
  cellRow,
  FEATURE_BIT,
  ListingGrid,
  type MapSort,
  type ReadColumns,
  readListings,
  TYPE_INDEX,
} from './grid.js';

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

export class MapIndex extends ListingGrid {
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

  private constructor(read: ReadColumns, readAt: Uint32Array) {
    super(read, readAt);
    this.marks = new Uint32Array(this.size);
    this.placeScale = 2 ** Math.max(1, Math.ceil(Math.log2(this.size + 1)));
  }

  /** Builds the index of the listings on the map, as readListings reads them. */
  static async load(db: Database): Promise<MapIndex> {
    const { read, readAt, byId } = await readListings(db);
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
