const whole = new Intl.NumberFormat('en-US');
export const formatCount = (value: number) => whole.format(value);

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
export const formatDollars = (value: number) => dollars.format(value);

const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
/** `$1.2M`: short enough for an axis. */
export const formatDollarsShort = (value: number) => compactDollars.format(value);

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const shortDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
// 'Nov 2025', never 'Nov 25', which reads as a day.
const shortMonth = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const longMonth = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Calendar days (`2026-11-03`) and months (`2026-11`) of the answer, all UTC. */
export const dayTick = (day: string) => shortDay.format(utc(day));
export const dayLabel = (day: string) => longDay.format(utc(day));
export const monthTick = (month: string) => shortMonth.format(utc(`${month}-01`));
export const monthLabel = (month: string) => longMonth.format(utc(`${month}-01`));
