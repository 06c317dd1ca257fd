import {
  type Bbox,
  FEATURES,
  type Feature,
  formatBbox,
  formatPolygon,
  LIMITS,
  type LngLat,
  PRICE_BANDS,
  PRICE_RANGES,
  PROPERTY_TYPES,
  type PriceBandId,
  type PropertyType,
  parseBbox,
  parsePolygon,
  type SearchSort,
  SOLD_PERIODS,
  type SoldPeriod,
} from '@keyhaven/shared/constants';
import { filtersFrom } from './search-params';

/*
 * The All Properties address: every filter, the map area, the outline, the sort, the page and
 * whether a phone shows the list or the map. Apart from search-params.ts, which the home page
 * loads: only the catalogue pages need these. A link read here and written back is the same link,
 * so Back, Forward and a shared address all restore one search.
 */

export const SORT_OPTIONS: Array<{ value: SearchSort; label: string }> = [
  { value: 'newest', label: 'Newest first' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'area-desc', label: 'Largest first' },
];

export function sortFrom(params: URLSearchParams): SearchSort {
  const sort = params.get('sort');
  return SORT_OPTIONS.find((option) => option.value === sort)?.value ?? 'newest';
}

/** A positive whole page number from the address; anything else is page 1. */
export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** What a phone shows: the list (the default) or the map. Wide screens show both. */
export type CatalogueView = 'list' | 'map';

/** The amounts and counts buyers type, as numbers; absent means no bound. */
export type CatalogueBounds = {
  minPrice?: number;
  maxPrice?: number;
  minBeds?: number;
  minBaths?: number;
};

export type CatalogueSearch = CatalogueBounds & {
  location: string;
  /** Any of these types; none means every type. */
  types: PropertyType[];
  /** Every one of these features. */
  features: Feature[];
  /** The price band the homes' prices reach into (the panel's "Homes by price"). */
  priceBand?: PriceBandId;
  /** Only homes with an open house this weekend that has not ended. */
  openHouse?: 'weekend';
  bbox?: Bbox;
  polygon?: LngLat[];
  /** Sold mode: homes sold in the last so many months, at their sale's price. */
  sold?: SoldPeriod;
  sort: SearchSort;
  page: number;
  view: CatalogueView;
};

export const EMPTY_SEARCH: CatalogueSearch = {
  location: '',
  types: [],
  features: [],
  sort: 'newest',
  page: 1,
  view: 'list',
};

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * A bound as a buyer or a link writes it: digits, at most two decimals, within `max`, whole or
 * in halves where asked. Anything else is no bound.
 */
export function boundFrom(
  text: string | null | undefined,
  { max, step }: { max: number; step: number },
): number | undefined {
  const trimmed = (text ?? '').trim().replaceAll(',', '');
  if (!AMOUNT.test(trimmed)) return undefined;
  const value = Number(trimmed);
  if (value > max || !Number.isInteger(value / step)) return undefined;
  return value;
}

export const BOUND_RULES = {
  minPrice: { max: LIMITS.priceMax, step: 0.01 },
  maxPrice: { max: LIMITS.priceMax, step: 0.01 },
  minBeds: { max: LIMITS.roomsMax, step: 1 },
  minBaths: { max: LIMITS.roomsMax, step: 0.5 },
} as const;

/** A comma list of choices; unknown ones and repeats are dropped, the choices' order kept. */
function choicesFrom<T extends string>(text: string, choices: readonly T[]): T[] {
  const named = new Set(text.split(',').map((item) => item.trim()));
  return choices.filter((choice) => named.has(choice));
}

const bboxFrom = (text: string | null) => {
  const parsed = text ? parseBbox(text) : null;
  return parsed?.ok ? parsed.value : undefined;
};

const polygonFrom = (text: string | null) => {
  const parsed = text ? parsePolygon(text) : null;
  return parsed?.ok ? parsed.value : undefined;
};

/**
 * Why the outline in the address was left out (it crosses itself, say), so the page can say so
 * rather than silently search everywhere.
 */
export function polygonProblem(params: URLSearchParams): string | undefined {
  const text = params.get('polygon');
  if (!text) return undefined;
  const parsed = parsePolygon(text);
  return parsed.ok ? undefined : parsed.message;
}

/** Every value a list parameter has: a comma list, or repeated as a plain form sends ticked boxes. */
const listOf = (params: URLSearchParams, ...keys: string[]) =>
  keys.flatMap((key) => params.getAll(key)).join(',');

/**
 * The search in a page address. Values that do not read (an unknown type, letters for a price, a
 * maximum under the minimum, an area out of range) are left out, and empty ones (a form sent
 * without JavaScript sends every field) are absent, so an edited link or a plain form still shows
 * listings instead of an error. Home's `propertyType` and `priceRange` read as one type and as
 * the bucket's bounds, so its "See all results" link opens the same search here; `propertyType`
 * may also name several, as the search's type choice "N types" sends them.
 */
export function catalogueSearchFrom(params: URLSearchParams): CatalogueSearch {
  const legacy = filtersFrom(params);
  const bucket = PRICE_RANGES.find((range) => range.label === legacy.priceRange);
  const types = choicesFrom(listOf(params, 'types', 'propertyType'), PROPERTY_TYPES);
  const minPrice =
    boundFrom(params.get('minPrice'), BOUND_RULES.minPrice) ?? (bucket ? bucket.min : undefined);
  let maxPrice =
    boundFrom(params.get('maxPrice'), BOUND_RULES.maxPrice) ?? bucket?.max ?? undefined;
  if (minPrice !== undefined && maxPrice !== undefined && maxPrice < minPrice) {
    maxPrice = undefined;
  }
  return {
    location: legacy.location,
    types,
    features: choicesFrom(listOf(params, 'features'), FEATURES),
    // Home's price range is read as bounds above, and a search holds one price choice or the other.
    priceBand: bucket
      ? undefined
      : PRICE_BANDS.find((band) => band.id === params.get('priceBand'))?.id,
    minPrice,
    maxPrice,
    minBeds: boundFrom(params.get('minBeds'), BOUND_RULES.minBeds),
    minBaths: boundFrom(params.get('minBaths'), BOUND_RULES.minBaths),
    openHouse: params.get('openHouse') === 'weekend' ? 'weekend' : undefined,
    bbox: bboxFrom(params.get('bbox')),
    polygon: polygonFrom(params.get('polygon')),
    sold: SOLD_PERIODS.find((period) => period === params.get('sold')),
    sort: sortFrom(params),
    page: pageFrom(params),
    view: params.get('view') === 'map' ? 'map' : 'list',
  };
}

/**
 * One type goes as `propertyType`, as Home writes it; several as `types`. The API reads both
 * the same way.
 */
function typeParams(types: readonly PropertyType[]): Record<string, string> {
  if (types.length === 0) return {};
  return types.length === 1 ? { propertyType: types[0] as string } : { types: types.join(',') };
}

/** The page address of a search, leaving out whatever is at its default. */
export function catalogueSearchToParams(search: CatalogueSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.location) params.set('location', search.location);
  for (const [key, value] of Object.entries(typeParams(search.types))) params.set(key, value);
  if (search.features.length > 0) params.set('features', search.features.join(','));
  if (search.priceBand) params.set('priceBand', search.priceBand);
  for (const key of ['minPrice', 'maxPrice', 'minBeds', 'minBaths'] as const) {
    const value = search[key];
    if (value !== undefined) params.set(key, String(value));
  }
  if (search.openHouse) params.set('openHouse', search.openHouse);
  if (search.bbox) params.set('bbox', formatBbox(search.bbox));
  if (search.polygon) params.set('polygon', formatPolygon(search.polygon));
  if (search.sold) params.set('sold', search.sold);
  if (search.sort !== 'newest') params.set('sort', search.sort);
  if (search.page > 1) params.set('page', String(search.page));
  if (search.view === 'map') params.set('view', 'map');
  return params;
}

/** What the API is asked for a search's listings: the view is the page's own business. */
export type CatalogueQuery = {
  location?: string;
  propertyType?: string;
  types?: string;
  features?: string;
  priceBand?: PriceBandId;
  minPrice?: number;
  maxPrice?: number;
  minBeds?: number;
  minBaths?: number;
  openHouse?: 'weekend';
  bbox?: string;
  polygon?: string;
  sold?: SoldPeriod;
  sort: SearchSort;
  page: number;
};

export function catalogueQueryOf(search: CatalogueSearch): CatalogueQuery {
  return {
    location: search.location || undefined,
    ...typeParams(search.types),
    features: search.features.length > 0 ? search.features.join(',') : undefined,
    priceBand: search.priceBand,
    minPrice: search.minPrice,
    maxPrice: search.maxPrice,
    minBeds: search.minBeds,
    minBaths: search.minBaths,
    openHouse: search.openHouse,
    bbox: search.bbox ? formatBbox(search.bbox) : undefined,
    polygon: search.polygon ? formatPolygon(search.polygon) : undefined,
    sold: search.sold,
    sort: search.sort,
    page: search.page,
  };
}

/** How many filters narrow the search (the Filters button shows it); location and area aside. */
export const activeFilterCount = (search: CatalogueSearch) =>
  (search.types.length > 0 ? 1 : 0) +
  search.features.length +
  (search.priceBand ? 1 : 0) +
  (search.openHouse ? 1 : 0) +
  (['minPrice', 'maxPrice', 'minBeds', 'minBaths'] as const).filter(
    (key) => search[key] !== undefined,
  ).length;
