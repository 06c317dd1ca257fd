import type { ListingFigures } from '@keyhaven/shared';

/** The figures in the order a buyer moves through them, with what each is called on the page. */
export const FIGURES: ReadonlyArray<{ key: keyof ListingFigures; label: string }> = [
  { key: 'views', label: 'Views' },
  { key: 'saves', label: 'Saves' },
  { key: 'offers', label: 'Offers' },
  { key: 'accepted', label: 'Accepted' },
  { key: 'sold', label: 'Sold' },
];

const whole = new Intl.NumberFormat('en-US');
export const formatCount = (value: number) => whole.format(value);

const shortDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** A calendar day of the answer (`2026-11-03`, UTC) in short ('Nov 3') and in full. */
export const dayTick = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));
export const dayLabel = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));
