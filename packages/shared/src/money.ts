/** Amounts travel as dollars (at most two decimals) and are stored as integer cents. */
export const toCents = (dollars: number) => Math.round(dollars * 100);
export const toDollars = (cents: number) => cents / 100;

/** Whether an amount in dollars is whole cents, so it is stored as it was typed. */
export const hasAtMostCents = (dollars: number) =>
  Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
});

/** `$250,000` or `$250,000.5` -> `$250,000.50`: thousands separators, cents only when present. */
export function formatDollars(amount: number): string {
  if (!Number.isInteger(amount)) {
    return amount.toLocaleString('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
  }
  return wholeDollars.format(amount);
}
