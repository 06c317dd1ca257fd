import type { PROPERTY_MESSAGES } from '@keyhaven/shared';

/**
 * The listing texts of the pages without a form, restated: `PROPERTY_MESSAGES` lives beside the
 * zod schemas in @keyhaven/shared, and importing it pulls the whole zod build into the page (into
 * the first page load, for Home). `satisfies` keeps each text identical to the shared one.
 */
export const LISTING_TEXTS = {
  untitled: 'Untitled Property',
  noLocation: 'Location not specified',
  unknownType: 'Unknown',
  notFound: 'Property Not Found',
} as const satisfies Pick<
  typeof PROPERTY_MESSAGES,
  'untitled' | 'noLocation' | 'unknownType' | 'notFound'
>;

/** Area and prices a listing lacks, on cards and details. */
export const NOT_AVAILABLE = 'N/A';
