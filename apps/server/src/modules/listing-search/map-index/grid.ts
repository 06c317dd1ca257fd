import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { FEATURES, type MapPins, PROPERTY_TYPES, pinTextOf, toDollars } from '@keyhaven/shared';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client.js';
import type { ListingFilters } from '../listing-filters.js';

/*
 * The listings the map index holds, laid out on a grid of the map for its queries (queries.ts):
 * read from the database in batches of grid cells, a typed array per field, entries ordered by
 * cell and each cell's newest first, every order a view may ask for sorted in advance, and each
 * listing's pin written once as JSON.
 */

/** Grid cells of a tenth of a degree: a city view spans about a dozen, a wide metro view 200. */
export const CELL_DEGREES = 0.1;
export const CELL_COLUMNS = 3600;
const CELL_ROWS = 1800;

/**
 * Listings read per statement while building, about (whole grid cells at a time): no long hold on
 * the embedded database's one connection, and no long pause of the server to take the rows in.
 */
const LOAD_BATCH = 5_000;

export const TYPE_INDEX = new Map<string, number>(
  PROPERTY_TYPES.map((type, index) => [type, index]),
);
export const FEATURE_BIT = new Map<string, number>(
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

export const cellRow = (lat: number) =>
  Math.min(CELL_ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEGREES)));
export const cellColumn = (lng: number) =>
  Math.min(CELL_COLUMNS - 1, Math.max(0, Math.floor((lng + 180) / CELL_DEGREES)));

/** The listings as read, a column per field, in the order read: no row is held beyond its batch. */
export class ReadColumns {
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
 * The listings on the map as the index's queries read them (see the file's head): the columns,
 * the entries' cells and orders, and their pins' text.
 */
export abstract class ListingGrid {
  /**
   * Every entry's id, one after another in one buffer (ids are uuids: one byte a character),
   * rather than a string each: a million strings would be a million more objects for V8 to mark
   * in every full collection, while a view reads only a page's ids.
   */
  private readonly idText: Buffer;
  private readonly idStart: Uint32Array;
  protected readonly lng: Float64Array;
  protected readonly lat: Float64Array;
  protected readonly minPrice: Float64Array;
  protected readonly maxPrice: Float64Array;
  protected readonly beds: Float64Array;
  protected readonly baths: Float64Array;
  protected readonly type: Uint8Array;
  protected readonly features: Uint32Array;
  protected readonly available: Uint8Array;
  private readonly area: Float64Array;
  private readonly created: Float64Array;
  /** Per order: each entry's place in it, and the entry at each place (see sortEntries). */
  protected readonly rank = {} as Record<MapSort, Uint32Array>;
  protected readonly order = {} as Record<MapSort, Uint32Array>;
  /**
   * Each entry's grid cell. Entries are numbered in order of cell, each cell's newest first, so a
   * view reads the columns of the cells in view front to back rather than all over memory, and
   * finds its listings in runs already in the order of `newest` (see newestAmong).
   */
  protected readonly cellOf: Uint32Array;
  /**
   * Every entry's pin as JSON (UTF-8), written once as the index is built (about 250 bytes a
   * listing, its short title and cover's address the most of it): a
   * view's thousand pins are copied rather than written anew. They lie in the entries' order, so
   * each grid cell's together, newest first, as a view asks for them: copying a view's pins then
   * reads a few runs of memory front to back, where reading them in the cells' id order missed the
   * processor's caches at nearly every pin (four to five times the time). Entry e's pin runs from
   * pinAt[e] to pinAt[e + 1].
   */
  protected pinText = Buffer.alloc(0);
  protected pinAt = new Uint32Array(1);
  /** Each entry's pin title and picture until the pins are written (see writePins). */
  private pinWords: { titles: string[]; images: Array<string | null> } | undefined;
  /** Names this build: pins chosen by two builds may differ in their text. */
  protected readonly build = randomUUID();

  /** `readAt`: the read position of each entry (see arrange). */
  protected constructor(read: ReadColumns, readAt: Uint32Array) {
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
    this.area = column(read.area, Float64Array);
    this.created = column(read.created, Float64Array);
    this.cellOf = Uint32Array.from(readAt, (at) => cellOfRead(read, at));
    this.pinWords = {
      titles: Array.from(readAt, (at) => read.titles[at] as string),
      images: Array.from(readAt, (at) => read.images[at] ?? null),
    };
  }

  /**
   * Sorts the entries in every order a view may ask for, ties by id as the database breaks them
   * (`byId`: the entries in id order), one sort at a time with a turn of the event loop between
   * them: requests are answered while a large index is built.
   */
  protected async sortEntries(byId: Uint32Array) {
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

  protected idOf(entry: number) {
    return this.idText.toString(
      'latin1',
      this.idStart[entry] as number,
      this.idStart[entry + 1] as number,
    );
  }
}

/**
 * The order of the entries: the read positions by grid cell, each cell's newest first (ties by
 * id, as the database breaks them), and the same entries' numbers in id order.
 */
async function arrange(read: ReadColumns) {
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
 * Reads every approved listing with a pin whose agent is in good standing, in batches of grid
 * cells (in order of rows, then columns), each batch read from the map's own index alone (it
 * holds everything the index needs) and holding about LOAD_BATCH listings, however crowded a
 * city is. Within one batch the rows are consistent; a change between batches is caught by the
 * keeper, which drops an index built across a change (MapIndexKeeper).
 */
export async function readListings(db: Database) {
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
  return { read, ...(await arrange(read)) };
}
