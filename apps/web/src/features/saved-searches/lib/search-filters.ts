import { formatDollars, PRICE_BANDS, SEARCH_FILTER_KEYS } from '@keyhaven/shared/constants';
import { SAVED_SEARCH_SUMMARY } from '@keyhaven/shared/texts';
import { paths } from '@/lib/paths';

/** Placeholders the home search form sends for "any": the search ignores them, so do we. */
const ANY = new Set(['', 'Property Type', 'Price Range']);

export type SearchFilters = Record<string, string>;

/** The filters of the search the address holds. */
export function filtersFrom(params: URLSearchParams): SearchFilters {
  const filters: SearchFilters = {};
  for (const key of SEARCH_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value !== undefined && !ANY.has(value)) filters[key] = value;
  }
  return filters;
}

const list = (text: string) => text.split(',').join(', ');

const amount = (text: string) => {
  const value = Number(text);
  return Number.isFinite(value) ? formatDollars(value) : text;
};

/** What a search looks for, in a few words: `Austin · House, Villa · from $200,000 · 3+ beds`. */
export function summaryOf(filters: SearchFilters): string {
  const parts: string[] = [];
  if (filters.location) parts.push(filters.location);
  if (filters.types) parts.push(list(filters.types));
  else if (filters.propertyType) parts.push(filters.propertyType);
  if (filters.priceRange) parts.push(filters.priceRange);
  const band = PRICE_BANDS.find((choice) => choice.id === filters.priceBand);
  if (band) parts.push(band.label);
  if (filters.minPrice) parts.push(SAVED_SEARCH_SUMMARY.from(amount(filters.minPrice)));
  if (filters.maxPrice) parts.push(SAVED_SEARCH_SUMMARY.upTo(amount(filters.maxPrice)));
  if (filters.minBeds) parts.push(SAVED_SEARCH_SUMMARY.beds(filters.minBeds));
  if (filters.minBaths) parts.push(SAVED_SEARCH_SUMMARY.baths(filters.minBaths));
  if (filters.features) parts.push(list(filters.features));
  if (filters.openHouse === 'weekend') parts.push(SAVED_SEARCH_SUMMARY.openHouseWeekend);
  if (filters.polygon) parts.push(SAVED_SEARCH_SUMMARY.drawnArea);
  else if (filters.bbox) parts.push(SAVED_SEARCH_SUMMARY.mapArea);
  return parts.length > 0 ? parts.join(' · ') : SAVED_SEARCH_SUMMARY.anywhere;
}

/** The name a new saved search is offered: its summary, cut to fit the name's limit. */
export function suggestedName(filters: SearchFilters, maxLength: number): string {
  const summary = summaryOf(filters);
  return summary.length <= maxLength ? summary : `${summary.slice(0, maxLength - 1).trimEnd()}…`;
}

/** The catalogue showing a saved search's homes. */
export const searchLocation = (filters: SearchFilters) => ({
  pathname: paths.allProperties,
  search: new URLSearchParams(filters).toString(),
});
