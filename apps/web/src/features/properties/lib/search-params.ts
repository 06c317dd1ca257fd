import {
  PRICE_RANGE_PLACEHOLDER,
  PRICE_RANGES,
  PROPERTY_TYPE_PLACEHOLDER,
  PROPERTY_TYPES,
} from '@keyhaven/shared/constants';

/** The public search filters; '' means "any" and is never sent. */
export type SearchFilters = {
  location: string;
  propertyType: string;
  priceRange: string;
};

export const SEARCH_KEYS = ['location', 'propertyType', 'priceRange'] as const;

const PRICE_LABELS: readonly string[] = PRICE_RANGES.map((range) => range.label);
const TYPES: readonly string[] = PROPERTY_TYPES;

/**
 * The filters in a page address. Values outside the option lists (and the placeholder
 * values 'Property Type' and 'Price Range') read as "any".
 */
export function filtersFrom(params: URLSearchParams): SearchFilters {
  const propertyType = params.get('propertyType') ?? '';
  const priceRange = params.get('priceRange') ?? '';
  return {
    location: (params.get('location') ?? '').trim(),
    propertyType:
      TYPES.includes(propertyType) && propertyType !== PROPERTY_TYPE_PLACEHOLDER
        ? propertyType
        : '',
    priceRange:
      PRICE_LABELS.includes(priceRange) && priceRange !== PRICE_RANGE_PLACEHOLDER ? priceRange : '',
  };
}

/** Reads the search form; the placeholder options have the value ''. */
export function filtersFromForm(form: HTMLFormElement): SearchFilters {
  const data = new FormData(form);
  return filtersFrom(
    new URLSearchParams(
      SEARCH_KEYS.map((key) => [key, String(data.get(key) ?? '')] as [string, string]),
    ),
  );
}

/** The filters that are set, as API query parameters. */
export function filtersToQuery(filters: SearchFilters) {
  return {
    location: filters.location || undefined,
    propertyType: filters.propertyType || undefined,
    priceRange: filters.priceRange || undefined,
  };
}
