import { COMPARABLE_RULES, type EstimateConfidence } from '@keyhaven/shared';

/*
 * The maths of comparable homes and the Keyhaven Estimate (decision 056), apart from the
 * database: distances, which homes are alike enough, how alike, and the estimate made from the
 * sales. Pure functions of their arguments, so tests hold them to hand-computed cases.
 */

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_OF_LATITUDE = 69.05;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A month of a sale's age: a year's average month. */
const MONTH_MS = 30.436875 * DAY_MS;

/** How much each difference counts against a comparable's similarity (they add up to one). */
export const SIMILARITY_WEIGHTS = {
  distance: 0.3,
  area: 0.3,
  bedrooms: 0.15,
  bathrooms: 0.1,
  saleAge: 0.15,
} as const;

/** The estimate's constants; decision 056 says where each comes from. */
export const ESTIMATE_CONSTANTS = {
  /** Prices grow with area to this power: larger homes cost less per square foot. */
  areaElasticity: 0.75,
  /** Each bedroom more (or fewer) than a sale's adds (or takes) this share of its price. */
  perBedroom: 0.03,
  /** Each bathroom, likewise; a half bathroom half as much (as a power). */
  perBathroom: 0.02,
  /** Prices rise this share each month: an older sale is brought up to today. */
  perMonth: 0.003,
  /** The smallest weight of a sale, so a barely similar one still counts a little. */
  minWeight: 0.05,
  /** The range's half-width is never narrower than this share of the value. */
  minHalfWidth: 0.04,
  /** High confidence: at least this many sales and a half-width of this share or less. */
  highSales: 5,
  highHalfWidth: 0.1,
  /** Medium confidence: a half-width of this share or less (with enough sales for any). */
  mediumHalfWidth: 0.2,
  /** Values and ranges are rounded to whole thousands of dollars. */
  roundTo: 1000,
} as const;

export interface Pin {
  lat: number;
  lng: number;
}

export interface Home {
  bedrooms: number;
  bathrooms: number;
  areaSize: number;
}

export interface Candidate extends Home, Pin {
  id: string;
  /** The sale's instant; null for a home for sale. */
  soldAt: Date | null;
  /** The sale's price, or the middle of the asking range. */
  priceCents: number;
}

export interface Ranked extends Candidate {
  distanceMiles: number;
  similarity: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles (haversine). */
export function distanceMiles(from: Pin, to: Pin): number {
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A box holding every point within `miles` of `centre`, in degrees (a little larger than the
 * circle). It does not wrap around the 180th meridian: homes beside it are compared with their
 * own side only.
 */
export function boxAround(centre: Pin, miles: number) {
  const dLat = miles / MILES_PER_DEGREE_OF_LATITUDE;
  const nearestPole = Math.min(89.9, Math.abs(centre.lat) + dLat);
  const dLng = dLat / Math.cos(radians(nearestPole));
  return {
    south: Math.max(-90, centre.lat - dLat),
    north: Math.min(90, centre.lat + dLat),
    west: Math.max(-180, centre.lng - dLng),
    east: Math.min(180, centre.lng + dLng),
  };
}

/** The bedrooms, bathrooms and area a comparable may have: the listing's, within the rules. */
export function tolerances(home: Home) {
  const r = COMPARABLE_RULES;
  return {
    bedrooms: [
      Math.max(0, home.bedrooms - r.bedroomsEitherSide),
      home.bedrooms + r.bedroomsEitherSide,
    ],
    bathrooms: [
      Math.max(0, home.bathrooms - r.bathroomsEitherSide),
      home.bathrooms + r.bathroomsEitherSide,
    ],
    // Whole tens of square feet, outwards, so the line's figures are the rule's.
    areaSize: [
      Math.max(1, Math.floor((home.areaSize * (1 - r.areaEitherSide)) / 10) * 10),
      Math.ceil((home.areaSize * (1 + r.areaEitherSide)) / 10) * 10,
    ],
  } as const satisfies Record<string, readonly [number, number]>;
}

/** Months since a sale, fractional; 0 for a home for sale (or a sale dated ahead). */
export const monthsSince = (soldAt: Date | null, now: Date) =>
  soldAt ? Math.max(0, (now.getTime() - soldAt.getTime()) / MONTH_MS) : 0;

/**
 * How alike a comparable is, 1 (the same home next door, sold today) down to 0: each difference
 * as a share of how far the rules let it go, weighted by SIMILARITY_WEIGHTS.
 */
export function similarity(
  home: Home,
  other: Home & { distanceMiles: number; soldAt: Date | null },
  radiusMiles: number,
  withinMonths: number,
  now: Date,
): number {
  const r = COMPARABLE_RULES;
  const w = SIMILARITY_WEIGHTS;
  const share = (value: number, limit: number) => (limit > 0 ? Math.min(1, value / limit) : 0);
  const penalty =
    w.distance * share(other.distanceMiles, radiusMiles) +
    w.area * share(Math.abs(other.areaSize - home.areaSize), home.areaSize * r.areaEitherSide) +
    w.bedrooms * share(Math.abs(other.bedrooms - home.bedrooms), r.bedroomsEitherSide) +
    w.bathrooms * share(Math.abs(other.bathrooms - home.bathrooms), r.bathroomsEitherSide) +
    w.saleAge * share(monthsSince(other.soldAt, now), withinMonths);
  return Math.max(0, 1 - penalty);
}

/** Whether a candidate is alike enough: bedrooms, bathrooms and area within the tolerances. */
export function isAlike(home: Home, other: Home): boolean {
  const t = tolerances(home);
  const within = (value: number, [low, high]: readonly [number, number]) =>
    value >= low && value <= high;
  return (
    within(other.bedrooms, t.bedrooms) &&
    within(other.bathrooms, t.bathrooms) &&
    within(other.areaSize, t.areaSize)
  );
}

const bySimilarity = (a: Ranked, b: Ranked) =>
  b.similarity - a.similarity ||
  a.distanceMiles - b.distanceMiles ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The candidates within `radiusMiles` (and `withinMonths` for sales), most similar first. */
function rankedWithin(
  subject: Home & Pin,
  candidates: readonly Candidate[],
  radiusMiles: number,
  withinMonths: number,
  now: Date,
): Ranked[] {
  const ranked: Ranked[] = [];
  for (const candidate of candidates) {
    if (!isAlike(subject, candidate)) continue;
    if (monthsSince(candidate.soldAt, now) > withinMonths) continue;
    const distance = distanceMiles(subject, candidate);
    if (distance > radiusMiles) continue;
    const alike = { ...candidate, distanceMiles: distance };
    ranked.push({
      ...alike,
      similarity: similarity(subject, alike, radiusMiles, withinMonths, now),
    });
  }
  return ranked.sort(bySimilarity);
}

export interface Chosen {
  radiusMiles: number;
  withinMonths: number;
  homes: Ranked[];
}

/**
 * The sales to compare with, from every candidate within `searchedMiles`: at the smallest radius
 * step (up to `searchedMiles`) with enough of them sold in the last 12 months, else 24, the most
 * similar; null when no step has enough (the caller searches wider, or takes what there is).
 */
export function chooseSales(
  subject: Home & Pin,
  candidates: readonly Candidate[],
  searchedMiles: number,
  now: Date,
): Chosen | null {
  for (const radiusMiles of COMPARABLE_RULES.radiusMiles) {
    if (radiusMiles > searchedMiles) break;
    for (const withinMonths of COMPARABLE_RULES.soldWithinMonths) {
      const homes = rankedWithin(subject, candidates, radiusMiles, withinMonths, now);
      if (homes.length >= COMPARABLE_RULES.count) {
        return { radiusMiles, withinMonths, homes: homes.slice(0, COMPARABLE_RULES.count) };
      }
    }
  }
  return null;
}

/** Every sale within the widest radius and longest window: fewer than a full set. */
export function allSales(subject: Home & Pin, candidates: readonly Candidate[], now: Date): Chosen {
  const radiusMiles = COMPARABLE_RULES.radiusMiles.at(-1) ?? 0;
  const withinMonths = COMPARABLE_RULES.soldWithinMonths.at(-1) ?? 0;
  const homes = rankedWithin(subject, candidates, radiusMiles, withinMonths, now);
  return { radiusMiles, withinMonths, homes: homes.slice(0, COMPARABLE_RULES.count) };
}

/**
 * Homes for sale to make up `wanted` places: at the smallest radius step (up to `searchedMiles`)
 * with that many, the most similar; null when none has enough and the search can go wider; at
 * the widest radius, whatever there is.
 */
export function chooseForSale(
  subject: Home & Pin,
  candidates: readonly Candidate[],
  wanted: number,
  searchedMiles: number,
  now: Date,
): Chosen | null {
  const widest = COMPARABLE_RULES.radiusMiles.at(-1) ?? 0;
  for (const radiusMiles of COMPARABLE_RULES.radiusMiles) {
    if (radiusMiles > searchedMiles) break;
    const homes = rankedWithin(subject, candidates, radiusMiles, 0, now);
    if (homes.length >= wanted || (radiusMiles === widest && homes.length > 0)) {
      return { radiusMiles, withinMonths: 0, homes: homes.slice(0, wanted) };
    }
  }
  return null;
}

/** A sale's price brought to the listing: its age, the difference in area and in rooms. */
export function adjustedPriceCents(home: Home, sale: Candidate, now: Date): number {
  const c = ESTIMATE_CONSTANTS;
  const time = (1 + c.perMonth) ** monthsSince(sale.soldAt, now);
  const size = (home.areaSize / sale.areaSize) ** c.areaElasticity;
  const rooms =
    (1 + c.perBedroom) ** (home.bedrooms - sale.bedrooms) *
    (1 + c.perBathroom) ** (home.bathrooms - sale.bathrooms);
  return sale.priceCents * time * size * rooms;
}

export interface EstimateFigures {
  valueCents: number;
  lowCents: number;
  highCents: number;
  pricePerSqftCents: number;
  confidence: EstimateConfidence;
  salesUsed: number;
  /** Before rounding, for the decision's record and the tests. */
  exactValueCents: number;
  halfWidth: number;
}

/**
 * Student's t at 90 % (so ±t holds 80 % of the mass) by degrees of freedom: the range's half-width
 * in standard deviations, wider when few sales give the spread. Between entries it is read
 * linearly; from 30 on, the normal's 1.2816.
 */
const T_90: readonly (readonly [number, number])[] = [
  [1, 3.078],
  [2, 1.886],
  [3, 1.638],
  [4, 1.533],
  [5, 1.476],
  [6, 1.44],
  [8, 1.397],
  [10, 1.372],
  [15, 1.341],
  [20, 1.325],
  [30, 1.31],
  [Number.POSITIVE_INFINITY, 1.2816],
];

export function tQuantile90(degrees: number): number {
  const first = T_90[0] as readonly [number, number];
  if (degrees <= first[0]) return first[1];
  for (let i = 1; i < T_90.length; i += 1) {
    const [df, t] = T_90[i] as readonly [number, number];
    if (degrees > df) continue;
    const [previousDf, previousT] = T_90[i - 1] as readonly [number, number];
    if (!Number.isFinite(df)) return t;
    return previousT + ((degrees - previousDf) / (df - previousDf)) * (t - previousT);
  }
  return 1.2816;
}

const rounded = (cents: number) => {
  const step = ESTIMATE_CONSTANTS.roundTo * 100;
  return Math.round(cents / step) * step;
};

/**
 * The estimate from the sales among the comparables: the weighted mean of their adjusted prices
 * (weights: similarity, at least minWeight), a range from their weighted spread, and a confidence
 * from their number and that range; null with fewer than COMPARABLE_RULES.soldForEstimate sales.
 */
export function estimateFrom(
  home: Home,
  sales: readonly Ranked[],
  now: Date,
): EstimateFigures | null {
  const c = ESTIMATE_CONSTANTS;
  const used = sales.filter((sale) => sale.soldAt !== null && sale.areaSize > 0);
  if (used.length < COMPARABLE_RULES.soldForEstimate || home.areaSize <= 0) return null;
  const weights = used.map((sale) => Math.max(c.minWeight, sale.similarity));
  const prices = used.map((sale) => adjustedPriceCents(home, sale, now));
  const total = weights.reduce((sum, w) => sum + w, 0);
  const value = prices.reduce((sum, price, i) => sum + (weights[i] ?? 0) * price, 0) / total;
  const variance =
    prices.reduce((sum, price, i) => sum + (weights[i] ?? 0) * (price - value) ** 2, 0) / total;
  // Effective number of sales (Kish): equal weights give their count, uneven ones fewer.
  const effective = total ** 2 / weights.reduce((sum, w) => sum + w * w, 0);
  // Bessel's correction for the spread of few sales, and the estimate's own error on top of one
  // home's: sd × √(n/(n−1)) × √(1 + 1/n); then t for n − 1 degrees of freedom.
  const spread =
    (Math.sqrt(variance) / value) *
    Math.sqrt(effective / Math.max(1, effective - 1)) *
    Math.sqrt(1 + 1 / effective);
  const halfWidth = Math.max(c.minHalfWidth, tQuantile90(effective - 1) * spread);
  const confidence: EstimateConfidence =
    used.length >= c.highSales && halfWidth <= c.highHalfWidth
      ? 'high'
      : halfWidth <= c.mediumHalfWidth
        ? 'medium'
        : 'low';
  return {
    valueCents: rounded(value),
    lowCents: rounded(value * (1 - halfWidth)),
    highCents: rounded(value * (1 + halfWidth)),
    pricePerSqftCents: Math.round(value / home.areaSize),
    confidence,
    salesUsed: used.length,
    exactValueCents: value,
    halfWidth,
  };
}
