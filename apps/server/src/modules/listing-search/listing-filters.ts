import {
  type Bbox,
  type LngLat,
  PRICE_BANDS,
  PRICE_RANGES,
  type SearchSort,
  type SoldPeriod,
} from '@keyhaven/shared';

/** What narrows a list besides the facets (type and price bucket) it is counted by. */
export interface AreaFilters {
  location?: string;
  /** All of these features. */
  features?: readonly string[];
  /** Dollars; the listing's whole price range lies between them. */
  minPrice?: number;
  maxPrice?: number;
  minBeds?: number;
  minBaths?: number;
  /** Edges included; listings without a pin are left out. */
  bbox?: Bbox;
  /** Edges included; listings without a pin are left out. */
  polygon?: LngLat[];
  /** `weekend`: an open house this weekend (thisWeekend) that has not ended. */
  openHouse?: 'weekend';
  /**
   * Sold mode: approved homes sold since soldSince(sold), their sale's price standing for their
   * price range (a sale without a price matches no price filter); the catalogue's alone.
   */
  sold?: SoldPeriod;
}

export interface ListingFilters extends AreaFilters {
  propertyType?: string;
  /** Any of these types. */
  types?: readonly string[];
  priceRange?: string;
  /** The id of one of PRICE_BANDS (never with `priceRange`). */
  priceBand?: string;
  sort?: SearchSort;
  page: number;
  limit: number;
}

/**
 * How many listings match a search's text, area, outline and other filters, for every property
 * type and price range at once: these are the counts shown beside the filters, buyers narrow one
 * search by type and price, and one pass over the matches answers every such combination, where a
 * count per combination would read them again each time.
 */
export interface FacetCount {
  propertyType: string;
  all: number;
  /** Per entry of COUNTED_PRICES, in its order. */
  inPriceRange: number[];
}

/**
 * The price choices the facet counts count under each type, in their order: the spec's price
 * ranges (the listing's whole range within), then the catalogue's bands (its range reaching in).
 */
export const COUNTED_PRICES = [
  ...PRICE_RANGES.map((range) => ({ within: true, min: range.min, max: range.max })),
  ...PRICE_BANDS.map((band) => ({ within: false, min: band.min, max: band.max })),
] as const;

/** Where the search's price choice (`priceRange` or `priceBand`) is among COUNTED_PRICES; -1 for none. */
export function countedPriceOf(filters: Pick<ListingFilters, 'priceRange' | 'priceBand'>) {
  const range = PRICE_RANGES.findIndex((r) => r.label === filters.priceRange);
  if (range >= 0) return range;
  const band = PRICE_BANDS.findIndex((b) => b.id === filters.priceBand);
  return band >= 0 ? PRICE_RANGES.length + band : -1;
}

/**
 * The first moment of sold mode's period: the start (UTC) of the day so many months before today,
 * on the same day of the month or its last day (August 31 less six months is February 28 or 29).
 * A day, not an instant, so that a period's pages and counts are the same all day and are cached
 * under it.
 */
export function soldSince(months: SoldPeriod, now = new Date()): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - Number(months);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(now.getUTCDate(), lastDay)));
}
