import type { ListingFigures } from '@keyhaven/shared';

type FigureKey = keyof ListingFigures;

/**
 * The figures in the order a buyer moves through them, with what each is called on the page, what
 * one of it is called, and the figure it follows from (`from`): a save and an offer each follow a
 * view (a buyer offers without saving first), an acceptance an offer, a sale an acceptance.
 */
export const FIGURES: ReadonlyArray<{
  key: FigureKey;
  label: string;
  one: string;
  from?: FigureKey;
}> = [
  { key: 'views', label: 'Views', one: 'view' },
  { key: 'saves', label: 'Saves', one: 'save', from: 'views' },
  { key: 'offers', label: 'Offers', one: 'offer', from: 'views' },
  { key: 'accepted', label: 'Accepted', one: 'accepted offer', from: 'offers' },
  { key: 'sold', label: 'Sold', one: 'sale', from: 'accepted' },
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
