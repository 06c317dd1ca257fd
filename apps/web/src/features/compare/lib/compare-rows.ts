import { FEATURES, formatUsd } from '@keyhaven/shared/constants';
import { PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import type { Property } from '@/lib/listing';
import { areaText, priceRangeText, roomCount } from '@/lib/listing-format';

/** One line of the comparison: what it measures and each compared home's value, in column order. */
export type CompareRow = {
  label: string;
  /** Null where a column has no listing to show (still loading, or missing). */
  values: (string | null)[];
  /** The homes shown disagree here; with fewer than two homes nothing can differ. */
  differs: boolean;
};

const WHOLE_DOLLARS = { minFractionDigits: 0, maxFractionDigits: 0 };

/** What a square foot costs at each end of the price range: `$208 - $233 per sqft`. */
export function pricePerSquareFootText(property: Property): string {
  if (!(property.areaSize > 0)) return PROPERTY_MESSAGES.notAvailable;
  const low = formatUsd(property.minPrice / property.areaSize, WHOLE_DOLLARS);
  const high = formatUsd(property.maxPrice / property.areaSize, WHOLE_DOLLARS);
  return low === high ? `${low} per sqft` : `${low} - ${high} per sqft`;
}

type Measure = { label: string; value: (property: Property) => string };

const MEASURES: Measure[] = [
  { label: 'Price range', value: (p) => priceRangeText(p.minPrice, p.maxPrice) },
  { label: 'Price per sq ft', value: pricePerSquareFootText },
  { label: 'Type', value: (p) => p.propertyType || PROPERTY_MESSAGES.unknownType },
  { label: 'Bedrooms', value: (p) => String(roomCount(p.bedrooms)) },
  { label: 'Bathrooms', value: (p) => String(roomCount(p.bathrooms)) },
  { label: 'Area', value: (p) => areaText(p.areaSize) },
];

const CLOSING_MEASURES: Measure[] = [
  { label: 'Availability', value: (p) => p.availability },
  { label: 'Agent', value: (p) => p.agentName },
];

/**
 * The rows of the comparison for the columns given (a null column has no listing to show). Each
 * feature any of the homes has gets its own Yes/No row, in the order the listing form offers them,
 * so a buyer reads across one feature at a time.
 */
export function compareRows(columns: (Property | null)[]): CompareRow[] {
  const homes = columns.filter((column): column is Property => column !== null);
  const features = FEATURES.filter((feature) =>
    homes.some((home) => home.features.includes(feature)),
  );
  const measures: Measure[] = [
    ...MEASURES,
    ...features.map((feature) => ({
      label: feature,
      value: (p: Property) => (p.features.includes(feature) ? 'Yes' : 'No'),
    })),
    ...CLOSING_MEASURES,
  ];
  return measures.map(({ label, value }) => {
    const values = columns.map((column) => (column ? value(column) : null));
    const shown = new Set(values.filter((shownValue) => shownValue !== null));
    return { label, values, differs: homes.length > 1 && shown.size > 1 };
  });
}

/**
 * The homes a compare address names (`?ids=a,b,c`), in order, each once, at most `limit`; the
 * address alone decides, so a shared link shows the same homes to whoever opens it.
 */
export function comparedIds(searchParams: URLSearchParams, limit: number) {
  const named = (searchParams.get('ids') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const unique = [...new Set(named)];
  return { ids: unique.slice(0, limit), overLimit: unique.length > limit };
}
