/*
 * How comparable homes are chosen and an estimate is made from them (decision 056): the rules
 * the server applies and the listing's page explains.
 */

export const COMPARABLE_RULES = {
  /** Comparables shown on a listing's page, at most. */
  count: 6,
  /** The search radius widens through these, in miles, until enough homes are found. */
  radiusMiles: [0.5, 1, 2, 5, 10, 25],
  /** Sales this many months old or less; the second when the first gives too few. */
  soldWithinMonths: [12, 24],
  /** Bedrooms and bathrooms: this many more or fewer than the listing's. */
  bedroomsEitherSide: 1,
  bathroomsEitherSide: 1,
  /** Area: this share more or less than the listing's. */
  areaEitherSide: 0.25,
  /** An estimate needs at least this many sold comparables. */
  soldForEstimate: 3,
} as const;

export const ESTIMATE_CONFIDENCES = ['low', 'medium', 'high'] as const;
export type EstimateConfidence = (typeof ESTIMATE_CONFIDENCES)[number];

/** Why a listing has no comparables at all: no pin to measure from, or no area to compare. */
export const COMPARABLES_UNAVAILABLE = ['no-position', 'no-area'] as const;
export type ComparablesUnavailable = (typeof COMPARABLES_UNAVAILABLE)[number];

/** What a comparable is: a sale, or a home for sale now (its asking price). */
export const COMPARABLE_STATUSES = ['sold', 'active'] as const;
export type ComparableStatus = (typeof COMPARABLE_STATUSES)[number];
