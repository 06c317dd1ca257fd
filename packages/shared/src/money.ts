import { formatUsd } from './en-us-format.js';

/** Amounts travel as dollars (at most two decimals) and are stored as integer cents. */
export const toCents = (dollars: number) => Math.round(dollars * 100);
export const toDollars = (cents: number) => cents / 100;

/** Whether an amount in dollars is whole cents, so it is stored as it was typed. */
export const hasAtMostCents = (dollars: number) =>
  Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;

/** `$250,000` or `$250,000.5` -> `$250,000.50`: thousands separators, cents only when present. */
export const formatDollars = (amount: number): string =>
  formatUsd(amount, { minFractionDigits: Number.isInteger(amount) ? 0 : 2 });
