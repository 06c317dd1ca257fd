/*
 * How an open house's time reads, on the wall clock where the home stands: one function for the
 * cards' and map popups' badge ("Open Sat 1–3 pm") and one for the listing's page, so every screen
 * says the same thing. Plain Intl with the IANA zone the open house was entered in.
 */

/** An open house's times as cards carry them (instants in ISO form, and the home's zone). */
export interface OpenHouseTime {
  id: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
}

/** Rules an open house keeps; the server checks them, the form tells them. */
export const OPEN_HOUSE_LIMITS = {
  maxHours: 8,
  maxDaysAhead: 60,
  maxUpcomingPerListing: 10,
  addsPerHour: 30,
} as const;

/** The first open house that has not ended at `now`, from a list in start order. */
export function nextOpenHouse<T extends { endsAt: string }>(
  openHouses: readonly T[] | undefined,
  now: Date,
): T | undefined {
  return openHouses?.find((openHouse) => Date.parse(openHouse.endsAt) > now.getTime());
}

/** Those of `openHouses` that have not ended at `now`. */
export function upcomingOpenHouses<T extends { endsAt: string }>(
  openHouses: readonly T[] | undefined,
  now: Date,
): T[] {
  return (openHouses ?? []).filter((openHouse) => Date.parse(openHouse.endsAt) > now.getTime());
}

function clockParts(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: part('weekday'),
    date: `${part('month')} ${part('day')}`,
    hour: part('hour'),
    minute: part('minute'),
    halfOfDay: part('dayPeriod').toLowerCase(),
  };
}

const clock = (at: ReturnType<typeof clockParts>) =>
  at.minute === '00' ? at.hour : `${at.hour}:${at.minute}`;

const SIX_DAYS = 6 * 86_400_000;

/**
 * The badge: `Open Sat 1–3 pm`, `Open Sun 11 am–1 pm`, `Open Sat 1:30–3 pm`; an open house more
 * than six days off names its date (`Open Dec 19, 1–3 pm`), as a weekday alone would mislead.
 */
export function openHouseBadge(openHouse: OpenHouseTime, now: Date): string {
  const start = new Date(openHouse.startsAt);
  const from = clockParts(start, openHouse.timeZone);
  const to = clockParts(new Date(openHouse.endsAt), openHouse.timeZone);
  const range =
    from.halfOfDay === to.halfOfDay
      ? `${clock(from)}–${clock(to)} ${to.halfOfDay}`
      : `${clock(from)} ${from.halfOfDay}–${clock(to)} ${to.halfOfDay}`;
  const day = start.getTime() - now.getTime() > SIX_DAYS ? `${from.date},` : from.weekday;
  return `Open ${day} ${range}`;
}

/**
 * An open house in full on the listing's page, in `timeZone` (the home's, or the viewer's own):
 * `Saturday, December 12, 1:00 PM – 3:00 PM EST`.
 */
export function openHouseTimes(
  openHouse: Pick<OpenHouseTime, 'startsAt' | 'endsAt'>,
  timeZone: string,
): string {
  const date = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(new Date(openHouse.startsAt));
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  const zoned = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return `${date}, ${time.format(new Date(openHouse.startsAt))} – ${zoned.format(new Date(openHouse.endsAt))}`;
}

/** The search's open-house filter (`openHouse=weekend`). */
export const OPEN_HOUSE_FILTERS = ['weekend'] as const;
