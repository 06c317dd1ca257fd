const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const full = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

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
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return relative.format(0, 'second');
}

/** `November 24, 2026 at 12:25 PM`: the exact time, for the tooltip and the full list. */
export const exactTime = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : full.format(date);
};
