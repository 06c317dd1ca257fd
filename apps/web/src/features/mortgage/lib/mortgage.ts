import { formatUsd } from '@keyhaven/shared/constants';

/** The loan lengths buyers choose between, in years. */
export const TERMS_IN_YEARS = [15, 20, 30] as const;
export type TermInYears = (typeof TERMS_IN_YEARS)[number];

/** Above this a rate is surely a typo (a misplaced decimal point), not a loan anyone offers. */
export const MAX_RATE_PERCENT = 30;

/**
 * The fixed monthly repayment of a loan (principal and interest), by the standard amortisation
 * formula `P·r / (1 − (1 + r)^−n)` with r the monthly rate and n the number of months. At 0% the
 * loan is simply split evenly over the months.
 */
export function monthlyPrincipalAndInterest(
  principal: number,
  yearlyRatePercent: number,
  years: number,
): number {
  const months = years * 12;
  if (principal <= 0 || months <= 0) return 0;
  const monthlyRate = yearlyRatePercent / 100 / 12;
  if (monthlyRate === 0) return principal / months;
  return (principal * monthlyRate) / (1 - (1 + monthlyRate) ** -months);
}

export type MortgageInput = {
  price: number;
  downPayment: number;
  yearlyRatePercent: number;
  years: number;
  yearlyPropertyTax: number;
  yearlyInsurance: number;
  monthlyHoa: number;
};

/** What a buyer pays each month, part by part, and what the loan costs in interest over its term. */
export type MortgageBreakdown = {
  loan: number;
  principalAndInterest: number;
  propertyTax: number;
  insurance: number;
  hoa: number;
  monthly: number;
  totalInterest: number;
};

export function mortgageBreakdown(input: MortgageInput): MortgageBreakdown {
  const loan = Math.max(0, input.price - input.downPayment);
  const principalAndInterest = monthlyPrincipalAndInterest(
    loan,
    input.yearlyRatePercent,
    input.years,
  );
  const propertyTax = input.yearlyPropertyTax / 12;
  const insurance = input.yearlyInsurance / 12;
  const hoa = input.monthlyHoa;
  return {
    loan,
    principalAndInterest,
    propertyTax,
    insurance,
    hoa,
    monthly: principalAndInterest + propertyTax + insurance + hoa,
    totalInterest: Math.max(0, principalAndInterest * input.years * 12 - loan),
  };
}

/** The down payment as a share of the price, and the other way round. */
export const percentOf = (price: number, percent: number) => (price * percent) / 100;
export const shareOf = (price: number, amount: number) => (price > 0 ? (amount / price) * 100 : 0);

/** `$1,264.14`: monthly figures are read to the cent. */
export const formatCents = (amount: number) => formatUsd(amount);
/** `$255,089`: totals over decades read better whole. */
export const formatWholeDollars = (amount: number) =>
  formatUsd(amount, { minFractionDigits: 0, maxFractionDigits: 0 });

/** A number as a field shows it: no grouping, at most two decimals, no trailing zeros. */
export const fieldNumber = (value: number) => String(Math.round(value * 100) / 100);

export type ParsedNumber =
  | { value: number; error?: undefined }
  | { value?: undefined; error: string };

/**
 * Reads what a buyer typed in an amount or rate field. Commas and a leading dollar sign are
 * accepted, as people type prices that way; anything else that is not a number is refused.
 */
export function parseAmount(text: string, { required = 'Enter an amount.' } = {}): ParsedNumber {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (cleaned === '') return { error: required };
  const value = Number(cleaned);
  if (!Number.isFinite(value)) return { error: 'Enter a number.' };
  if (value < 0) return { error: "This can't be negative." };
  return { value };
}
