import { COMPARABLE_RULES } from './comparables.js';
import { formatNumber } from './en-us-format.js';

/* The words of the Keyhaven Estimate and the comparable homes on a listing's page. */

/** How the comparables were chosen, as the line under them says it. */
export interface ComparableSelection {
  /** Miles of the sold homes' radius, and the months their sales go back; null: none sold. */
  soldRadiusMiles: number | null;
  soldWithinMonths: number | null;
  /** Miles of the homes for sale's radius; null when sales were enough (or none for sale). */
  activeRadiusMiles: number | null;
  bedrooms: readonly [number, number];
  bathrooms: readonly [number, number];
  areaSize: readonly [number, number];
  /** The listing has bedrooms: the line names the bedrooms compared. */
  namesBedrooms: boolean;
}

const miles = (value: number) => `${formatNumber(value)} ${value === 1 ? 'mile' : 'miles'}`;
const span = ([low, high]: readonly [number, number]) =>
  low === high ? formatNumber(low) : `${formatNumber(low)}–${formatNumber(high)}`;

function alike(selection: ComparableSelection) {
  const parts = [
    ...(selection.namesBedrooms ? [`${span(selection.bedrooms)} bedrooms`] : []),
    `${span(selection.bathrooms)} bathrooms`,
    `${span(selection.areaSize)} sq ft`,
  ];
  const last = parts.pop();
  return parts.length > 0 ? `${parts.join(', ')} and ${last}` : `${last}`;
}

/** "Sold homes of the same type within 2 miles, sold in the last 12 months, with …". */
export function comparablesChosenBy(selection: ComparableSelection): string {
  const { soldRadiusMiles: sold, soldWithinMonths: months, activeRadiusMiles: active } = selection;
  const sales =
    sold !== null && months !== null
      ? `sold homes of the same type within ${miles(sold)}, sold in the last ${months} months`
      : null;
  const forSale = active !== null ? `homes for sale within ${miles(active)}` : null;
  const which =
    sales && forSale
      ? `${sales}, and ${forSale}`
      : (sales ??
        (forSale ? `homes for sale of the same type within ${miles(active ?? 0)}` : null));
  if (!which) {
    const widest = COMPARABLE_RULES.radiusMiles.at(-1) ?? 0;
    return `No homes of the same type with ${alike(selection)} within ${miles(widest)}.`;
  }
  return `${which.charAt(0).toUpperCase()}${which.slice(1)}, with ${alike(selection)}.`;
}

export const ESTIMATE_MESSAGES = {
  estimateTitle: 'Keyhaven Estimate',
  comparablesTitle: 'Comparable homes',
  show: 'Show the estimate and comparable homes',
  hide: 'Hide the estimate and comparable homes',
  loading: 'Finding comparable homes…',
  failed: 'The estimate could not be loaded.',
  retry: 'Try again',
  notEnoughSales: 'Not enough sales nearby',
  notEnoughSalesDetail: `An estimate needs at least ${COMPARABLE_RULES.soldForEstimate} similar homes sold nearby.`,
  noPosition: 'No comparables: this listing has no map position.',
  noArea: 'No comparables: this listing has no area to compare.',
  noComparables: 'No comparable homes nearby.',
  range: (low: string, high: string) => `Likely between ${low} and ${high}`,
  confidence: { low: 'Low confidence', medium: 'Medium confidence', high: 'High confidence' },
  basedOn: (count: number) =>
    `Based on ${count} sold ${count === 1 ? 'home' : 'homes'} nearby, marked below.`,
  howTitle: 'How we estimate',
  how: [
    `We take up to ${COMPARABLE_RULES.count} homes of the same type sold near this one in the last ${COMPARABLE_RULES.soldWithinMonths[0]} months (${COMPARABLE_RULES.soldWithinMonths[1]} if there are too few), with similar bedrooms, bathrooms and area, widening the search from ${COMPARABLE_RULES.radiusMiles[0]} to ${COMPARABLE_RULES.radiusMiles.at(-1)} miles until enough are found.`,
    'Each sale’s price is adjusted to this home: for the difference in size (larger homes cost less per square foot), in bedrooms and bathrooms, and for how long ago it sold.',
    'The closest and most similar sales count most. The range shows how much those sales disagree; confidence is higher with more sales that agree.',
    'An estimate is not an appraisal: a home’s condition, views and updates are not in it.',
  ],
  used: 'Used in the estimate',
  sold: (date: string) => `Sold ${date}`,
  active: 'Active',
  activeNote: 'For sale now: asking price',
  distance: (value: string) => `${value} mi away`,
  perSqft: (value: string) => `${value}/sq ft`,
  beds: (count: number) => `${count} bd`,
  baths: (count: number) => `${count} ba`,
  area: (value: string) => `${value} sq ft`,
  notFound: 'Listing not found',
} as const;
