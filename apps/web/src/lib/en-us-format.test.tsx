import { formatDollars, formatLongDate, formatNumber, formatUsd } from '@keyhaven/shared/constants';
import { describe, expect, it } from 'vitest';

/*
 * The written-out en-US formats give exactly what Intl gives, over amounts people type and the
 * edges of rounding (halves, negative amounts, long numbers).
 */

const SAMPLES = [
  0,
  1,
  7,
  12,
  999,
  1000,
  1001,
  12_345,
  99_999.995,
  250_000,
  250_000.5,
  1_234_567.891,
  0.005,
  0.015,
  1.005,
  2.675,
  0.1 + 0.2,
  1_000_000.125,
  19.999,
  123_456_789_012,
  0.0004,
  -1,
  -0.5,
  -1234.565,
  -250_000,
  1.5,
  2.5,
  1e15 + 0.5,
  333.3333,
];

function randomSamples(count: number) {
  // A fixed generator, so a failure names the same numbers on every run.
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: count }, () => {
    const scale = 10 ** Math.floor(next() * 10);
    return Math.round((next() - 0.2) * scale * 1000) / 1000;
  });
}

const intlNumber = (min: number, max: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });
const intlUsd = (min: number, max: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: min,
    maximumFractionDigits: max,
  });

describe('en-US formats without Intl', () => {
  const values = [...SAMPLES, ...randomSamples(2000)];

  it.each([
    ['numbers', formatNumber, 0, 3],
    ['numbers', formatNumber, 0, 0],
    ['numbers', formatNumber, 2, 2],
    ['numbers', formatNumber, 0, 2],
    ['dollars', formatUsd, 2, 2],
    ['dollars', formatUsd, 0, 0],
    ['dollars', formatUsd, 0, 2],
  ] as const)('%s with %i to %i decimals match Intl', (kind, format, min, max) => {
    const intl = kind === 'dollars' ? intlUsd(min, max) : intlNumber(min, max);
    for (const value of values) {
      expect(format(value, { minFractionDigits: min, maxFractionDigits: max }), `${value}`).toBe(
        intl.format(value),
      );
    }
  });

  it('shows prices with cents only when they have them', () => {
    expect(formatDollars(250_000)).toBe('$250,000');
    expect(formatDollars(250_000.5)).toBe('$250,000.50');
    expect(formatDollars(1_234.05)).toBe('$1,234.05');
  });

  it('gives numbers Intl cannot show in digits to Intl', () => {
    expect(formatNumber(Number.NaN)).toBe('NaN');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('∞');
    expect(formatUsd(1e22)).toBe(intlUsd(2, 2).format(1e22));
  });

  it('writes long dates as Intl does, locally and in UTC', () => {
    const local = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
    const utc = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    for (let day = 0; day < 800; day += 7) {
      const date = new Date(Date.UTC(2024, 0, 1, 23, 30) + day * 86_400_000);
      expect(formatLongDate(date)).toBe(local.format(date));
      expect(formatLongDate(date, { utc: true })).toBe(utc.format(date));
    }
  });
});
