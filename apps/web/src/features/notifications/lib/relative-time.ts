/**
 * Made on first use, not when the module loads: the navigation bar imports this with the bell,
 * and a browser's first `Intl` formatter loads its locale data (about 50 ms on a phone), which
 * the page's start would pay for a list shown only once the bell is opened.
 */
const once = <T>(make: () => T) => {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
};
const relative = once(() => new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }));
const full = once(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }),
);

const UNITS: [unit: Intl.RelativeTimeFormatUnit, seconds: number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** `5 minutes ago`, `yesterday`, `now`: when something happened, as people say it. */
export function timeAgo(value: string, now = Date.now()): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return '';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative().format(Math.trunc(seconds / size), unit);
  }
  return relative().format(0, 'second');
}

/** `November 24, 2026 at 12:25 PM`: the exact time, for the tooltip and the full list. */
export const exactTime = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : full().format(date);
};
