import type { Bbox, LngLat, SearchSort } from '@keyhaven/shared';

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
}

export interface ListingFilters extends AreaFilters {
  propertyType?: string;
  /** Any of these types. */
  types?: readonly string[];
  priceRange?: string;
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
  /** Per entry of PRICE_RANGES, in its order. */
  inPriceRange: number[];
}
