import { z } from 'zod';
import {
  COMPARABLE_STATUSES,
  COMPARABLES_UNAVAILABLE,
  ESTIMATE_CONFIDENCES,
} from './comparables.js';

/**
 * A comparable home as a listing's page shows it: never who bought it. Amounts in whole dollars;
 * `price` is the sale's, or for a home for sale the middle of its asking range.
 */
export const ZComparable = z
  .object({
    id: z.string(),
    title: z.string(),
    location: z.string(),
    image: z.string().nullable(),
    status: z.enum(COMPARABLE_STATUSES),
    /** When it sold (ISO); null for a home for sale. */
    soldAt: z.string().nullable(),
    price: z.number(),
    pricePerSqft: z.number(),
    /** From the listing, in miles, to a tenth. */
    distanceMiles: z.number(),
    bedrooms: z.number(),
    bathrooms: z.number(),
    areaSize: z.number(),
    /** How alike it is, 0 to 1: distance, area, rooms and the sale's age (decision 056). */
    similarity: z.number(),
    /** A sale the estimate was made from. */
    usedInEstimate: z.boolean(),
  })
  .meta({ id: 'Comparable' });
export type Comparable = z.infer<typeof ZComparable>;

export const ZEstimate = z
  .object({
    value: z.number(),
    low: z.number(),
    high: z.number(),
    pricePerSqft: z.number(),
    confidence: z.enum(ESTIMATE_CONFIDENCES),
    /** Sold comparables it was made from. */
    salesUsed: z.number(),
  })
  .meta({ id: 'Estimate' });
export type Estimate = z.infer<typeof ZEstimate>;

/**
 * A listing's comparable homes and its Keyhaven Estimate. `estimate` is null when too few similar
 * homes sold nearby; `unavailable` says why there are no comparables at all (no map position or
 * no area), and then `chosenBy` is null.
 */
export const ZListingEstimate = z
  .object({
    unavailable: z.enum(COMPARABLES_UNAVAILABLE).nullable(),
    comparables: z.array(ZComparable),
    /** One line saying how the comparables were chosen. */
    chosenBy: z.string().nullable(),
    estimate: ZEstimate.nullable(),
  })
  .meta({ id: 'ListingEstimate' });
export type ListingEstimate = z.infer<typeof ZListingEstimate>;
