import type { SoldPeriod } from './constants.js';
import { formatShortDate, formatUsd } from './en-us-format.js';

/** The words of the catalogue's sold mode and of a sold home's sale, as everyone reads them. */
export const SOLD_MESSAGES = {
  /** The mode switch's name, and its two choices. */
  modeLegend: 'Listings',
  allListings: 'All listings',
  soldHomes: 'Sold',
  /** The period choice's name, and each period. */
  periodLegend: 'Sold in the last',
  period: (months: SoldPeriod) => `${months} months`,
  /** What the list says it holds in sold mode. */
  intro: (months: SoldPeriod) =>
    `Verified homes sold in the last ${months} months, newest sale first, with what they sold for.`,
  /** A sale's price ("Sold $412,000"), or "Sold" when it was not sold here and has none. */
  soldPrice: (price: number | null | undefined) =>
    price === null || price === undefined
      ? 'Sold'
      : `Sold ${formatUsd(price, { minFractionDigits: 0, maxFractionDigits: 2 })}`,
  /** A sale's date ("Sold Nov 12, 2026"), its UTC calendar day. */
  soldOn: (soldAt: string) => `Sold ${formatShortDate(new Date(soldAt), { utc: true })}`,
  /** Sorts that read the sale in sold mode. */
  newestSale: 'Newest sale first',
  empty: (months: SoldPeriod) => `No homes sold in the last ${months} months match your criteria`,
} as const;
