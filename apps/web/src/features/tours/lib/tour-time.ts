/*
 * How tour times read on the screens: always on the home's clock (the tour's `timeZone`), and on
 * the reader's own beside it when that differs. Plain Intl with the zone named, so the server's
 * page and the browser's agree.
 */

const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', options);

/** A day chip's two lines for a home's local date (`2099-12-12`): `Sat` and `Dec 12`. */
export function dayChip(localDate: string) {
  // Noon UTC of that date is that date whatever the zone names it in UTC.
  const noon = new Date(`${localDate}T12:00:00Z`);
  return {
    weekday: format({ timeZone: 'UTC', weekday: 'short' }).format(noon),
    date: format({ timeZone: 'UTC', month: 'short', day: 'numeric' }).format(noon),
    full: format({ timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(noon),
  };
}

/** `10:00 AM` at `instant` in `timeZone`. */
export const clockTime = (instant: string, timeZone: string) =>
  format({ timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(instant));

/** `Sat, Dec 12, 10:00 AM` at `instant` in `timeZone`. */
export const shortWhen = (instant: string, timeZone: string) =>
  format({
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(instant));

/** The date `instant` falls on in `timeZone`, `YYYY-MM-DD`. */
export const localDateOf = (instant: string, timeZone: string) =>
  format({ timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(new Date(instant))
    .reduce(
      (date, part) =>
        part.type === 'year'
          ? `${part.value}${date}`
          : part.type === 'month' || part.type === 'day'
            ? `${date}-${part.value}`
            : date,
      '',
    );

/**
 * Whether the reader's clock reads differently from the home's at `instant`: not when the zones
 * are one, nor when two names keep the same time then (UTC and Lisbon in winter), nor when the
 * reader's zone is not known yet (as on the server).
 */
export const readerClockDiffers = (instant: string, homeZone: string, readerZone: string | null) =>
  readerZone !== null &&
  readerZone !== homeZone &&
  shortWhen(instant, readerZone) !== shortWhen(instant, homeZone);

/**
 * A slot's time on the reader's own clock, when it reads differently from the home's: `4:00 PM`,
 * or `Sun 1:00 AM` when it falls on another day there; else null.
 */
export function readerClock(instant: string, homeZone: string, readerZone: string | null) {
  if (!readerZone || !readerClockDiffers(instant, homeZone, readerZone)) return null;
  const time = clockTime(instant, readerZone);
  const day = (zone: string) =>
    format({ timeZone: zone, weekday: 'short' }).format(new Date(instant));
  return day(readerZone) === day(homeZone) ? time : `${day(readerZone)} ${time}`;
}
