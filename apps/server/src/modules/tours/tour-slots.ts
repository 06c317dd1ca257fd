import { TOUR_LIMITS, type TourSlot, type TourWeeklyRange } from '@keyhaven/shared';
import { addDays, instantOf, localDateOf } from '../../lib/listing-time-zone.js';

/*
 * A listing's tour times, on the wall clock where the home stands: every slot of its weekly hours
 * on each local date of the next 14 days, except its days off. Each slot is found on the wall
 * clock (10:00, 10:30, ...) and turned into an instant on that date: a time the clocks skip when
 * they spring forward is no slot; one they pass twice when they fall back is the first of the two.
 * A slot lasts its length in real minutes.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface Schedule {
  slotMinutes: number;
  weekly: TourWeeklyRange[];
  /** Days off, `YYYY-MM-DD` on the home's calendar. */
  daysOff: string[];
}

/** A time already held, by any tour of the listing's agent: they cannot be in two homes at once. */
export interface Busy {
  startsAt: Date;
  endsAt: Date;
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The weekday (0 = Sunday) of a calendar date, whatever the zone: a date names its own day. */
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * Every slot of the schedule that starts after `now` and within the next 14 days, soonest first,
 * free or not.
 */
export function scheduledSlots(schedule: Schedule, zone: string, now: Date): TourSlot[] {
  const until = now.getTime() + TOUR_LIMITS.daysAhead * DAY;
  const today = localDateOf(now, zone);
  const daysOff = new Set(schedule.daysOff);
  const slots = new Map<number, TourSlot>();
  // One local date more than 14 days: a zone ahead of the reader's reaches into it.
  for (let day = 0; day <= TOUR_LIMITS.daysAhead; day++) {
    const date = addDays(today, day);
    if (daysOff.has(date)) continue;
    for (const range of schedule.weekly) {
      if (range.weekday !== weekdayOf(date)) continue;
      const end = minutesOf(range.end);
      for (let at = minutesOf(range.start); at + schedule.slotMinutes <= end; ) {
        const time = clockOf(at);
        at += schedule.slotMinutes;
        const startsAt = instantOf(date, time, zone);
        if (!startsAt || startsAt <= now || startsAt.getTime() > until) continue;
        slots.set(startsAt.getTime(), {
          startsAt: startsAt.toISOString(),
          endsAt: new Date(startsAt.getTime() + schedule.slotMinutes * MINUTE).toISOString(),
          localDate: date,
          localTime: time,
        });
      }
    }
  }
  return [...slots.values()].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

const overlaps = (slot: TourSlot, busy: Busy) =>
  Date.parse(slot.startsAt) < busy.endsAt.getTime() &&
  busy.startsAt.getTime() < Date.parse(slot.endsAt);

/** The scheduled slots no held time overlaps. */
export function freeSlots(schedule: Schedule, zone: string, now: Date, busy: Busy[]): TourSlot[] {
  return scheduledSlots(schedule, zone, now).filter(
    (slot) => !busy.some((held) => overlaps(slot, held)),
  );
}

/**
 * The slot of the schedule starting at `startsAt`, and whether it is free (null: no such slot): the server's
 * check of a time a buyer asks for or an agent proposes.
 */
export function slotAt(
  schedule: Schedule,
  zone: string,
  now: Date,
  busy: Busy[],
  startsAt: Date,
): { slot: TourSlot; free: boolean } | null {
  const slot = scheduledSlots(schedule, zone, now).find(
    (candidate) => Date.parse(candidate.startsAt) === startsAt.getTime(),
  );
  if (!slot) return null;
  return { slot, free: !busy.some((held) => overlaps(slot, held)) };
}
