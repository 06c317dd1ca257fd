/*
 * Numbers, amounts and dates as Keyhaven shows them (en-US), written out rather than asked of
 * `Intl`. A page's first `Intl` call loads the browser's locale data: 20 to 50 ms on a desktop,
 * several times that on a phone, spent in the middle of the page coming to life. Every listing
 * card shows a price, so the pages buyers open first would all pay it. Keyhaven speaks one
 * locale, and these few shapes match what `Intl` gives for it (a test holds them to it).
 */

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/** From here on a number's text has an exponent (`1e+21`): such numbers go through `Intl`. */
const LARGEST_FIXED = 1e21;

type FractionDigits = { minFractionDigits?: number; maxFractionDigits?: number };

/** `1.5e-7` -> `0.00000015`: the shortest decimal that reads back as the number, in digits. */
function plainDecimal(magnitude: number) {
  const text = String(magnitude);
  const exponent = /^(\d)(?:\.(\d+))?e-(\d+)$/.exec(text);
  if (!exponent) return text;
  const [, lead = '', rest = '', power = '0'] = exponent;
  return `0.${'0'.repeat(Number(power) - 1)}${lead}${rest}`;
}

/** Adds one to a string of digits: `0999` -> `1000`. */
function incremented(digits: string) {
  let carry = true;
  let result = '';
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    const digit: number = Number(digits[i]) + (carry ? 1 : 0);
    carry = digit === 10;
    result = `${carry ? 0 : digit}${result}`;
  }
  return carry ? `1${result}` : result;
}

function unsignedText(magnitude: number, minFractionDigits: number, maxFractionDigits: number) {
  // Rounded as Intl rounds: the number's shortest decimal form, half away from zero (so
  // 99,999.995 shows as 100,000.00, though the double it stands for is a hair below).
  const [whole = '0', fraction = ''] = plainDecimal(magnitude).split('.');
  let integer = whole;
  let digits = fraction.slice(0, maxFractionDigits);
  if (fraction.length > maxFractionDigits && Number(fraction[maxFractionDigits]) >= 5) {
    const rounded = incremented(`${integer}${digits}`);
    integer = rounded.slice(0, rounded.length - digits.length);
    digits = rounded.slice(rounded.length - digits.length);
  }
  digits = digits.padEnd(minFractionDigits, '0');
  while (digits.length > minFractionDigits && digits.endsWith('0')) digits = digits.slice(0, -1);
  return `${integer.replace(THOUSANDS, ',')}${digits ? `.${digits}` : ''}`;
}

/** A sign, the unit in front (`$` or nothing), then the digits; `Intl` past plain digits. */
function signed(
  value: number,
  unit: '' | '$',
  { minFractionDigits, maxFractionDigits }: Required<FractionDigits>,
) {
  if (!Number.isFinite(value) || Math.abs(value) >= LARGEST_FIXED) {
    return new Intl.NumberFormat('en-US', {
      ...(unit ? { style: 'currency', currency: 'USD' } : {}),
      minimumFractionDigits: minFractionDigits,
      maximumFractionDigits: maxFractionDigits,
    }).format(value);
  }
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${unit}${unsignedText(Math.abs(value), minFractionDigits, maxFractionDigits)}`;
}

/** `1,234,567.891`: thousands separators, at most three decimals unless told otherwise. */
export const formatNumber = (
  value: number,
  { minFractionDigits = 0, maxFractionDigits = 3 }: FractionDigits = {},
): string => signed(value, '', { minFractionDigits, maxFractionDigits });

/** `$1,234.50`, `-$80`: US dollars, decimals as asked (whole cents by default). */
export const formatUsd = (
  amount: number,
  { minFractionDigits = 2, maxFractionDigits = 2 }: FractionDigits = {},
): string => signed(amount, '$', { minFractionDigits, maxFractionDigits });

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `March 4, 2025`, on the visitor's own calendar, or in UTC when `utc` is set. */
export function formatLongDate(date: Date, { utc = false } = {}): string {
  return utc
    ? `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
    : `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** `Nov 12, 2026`, on the visitor's own calendar, or in UTC when `utc` is set. */
export function formatShortDate(date: Date, { utc = false } = {}): string {
  const month = MONTHS[utc ? date.getUTCMonth() : date.getMonth()]?.slice(0, 3);
  return utc
    ? `${month} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
    : `${month} ${date.getDate()}, ${date.getFullYear()}`;
}
