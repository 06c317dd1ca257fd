import tzLookup from '@photostructure/tz-lookup';

/*
 * A listing's times are the wall clock where the home stands. This is the one place that turns a
 * home's pin into its IANA zone and a date and time on that wall clock into an instant and back;
 * open houses use it, and viewings will. Plain Intl over the zone data Node ships: nothing here
 * reaches the network.
 */

/** The zone a pin lies in, from an offline map of the zones' borders (at sea: the nautical zone). */
export function zoneOfPin(lat: number, lng: number): string {
  return tzLookup(lat, lng);
}

const knownZones = new Set(Intl.supportedValuesOf('timeZone'));

/** Whether Node's zone data knows this IANA name (`UTC` included). */
export function isTimeZone(zone: string): boolean {
  if (knownZones.has(zone) || zone === 'UTC') return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/');
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(zone: string) {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, format);
  }
  return format;
}

/** The wall clock in `zone` at `instant`, as the parts a person reads. */
export function wallClockOf(instant: Date, zone: string) {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormat(zone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year as number,
    month: parts.month as number,
    day: parts.day as number,
    hour: parts.hour as number,
    minute: parts.minute as number,
    second: parts.second as number,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The date (`YYYY-MM-DD`) on the wall clock in `zone` at `instant`. */
export function localDateOf(instant: Date, zone: string): string {
  const at = wallClockOf(instant, zone);
  return `${pad(at.year, 4)}-${pad(at.month)}-${pad(at.day)}`;
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, zone: string) {
  const at = wallClockOf(new Date(instant), zone);
  const asUtc = Date.UTC(at.year, at.month - 1, at.day, at.hour, at.minute, at.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const DAY = 86_400_000;

/**
 * The instant a date (`YYYY-MM-DD`) and time (`HH:MM`) on `zone`'s wall clock name. A time the
 * clocks skip when they spring forward names no instant (null); one they pass twice when they fall
 * back names the first, as calendars read it.
 */
export function instantOf(date: string, time: string, zone: string): Date | null {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The offsets on either side of any change that day: a zone changes at most once a day.
  const offsets = new Set([offsetAt(asUtc - DAY, zone), offsetAt(asUtc + DAY, zone)]);
  const candidates = [...offsets]
    .map((offset) => asUtc - offset)
    .filter((instant) => {
      const back = wallClockOf(new Date(instant), zone);
      return (
        back.year === year &&
        back.month === month &&
        back.day === day &&
        back.hour === hour &&
        back.minute === minute
      );
    })
    .sort((a, b) => a - b);
  return candidates.length > 0 ? new Date(candidates[0] as number) : null;
}

/** `date` (`YYYY-MM-DD`) moved by `days`. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * "This weekend" for the search filter: the Saturday and Sunday of the current weekend when today
 * (by UTC's date) is one of them, else the coming ones. One weekend for every home, so a search is
 * the same for every buyer and cached pages stay shared; the open house's own date is the home's.
 */
export function thisWeekend(now: Date): { saturday: string; sunday: string } {
  const today = now.toISOString().slice(0, 10);
  const weekday = now.getUTCDay(); // 0 Sunday ... 6 Saturday
  const saturday = addDays(today, weekday === 0 ? -1 : 6 - weekday);
  return { saturday, sunday: addDays(saturday, 1) };
}
