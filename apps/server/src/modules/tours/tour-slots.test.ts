import { TOUR_LIMITS } from '@keyhaven/shared';
import { describe, expect, it } from 'vitest';
import { freeSlots, type Schedule, scheduledSlots, slotAt } from './tour-slots.js';

/*
 * Tour slots on the wall clock where the home stands, across the clock changes of March and
 * November 2027: New York springs forward on 14 March and falls back on 7 November, London on
 * 28 March and 31 October; Tokyo keeps one offset all year.
 */

const SUNDAY = 0;
const schedule = (overrides: Partial<Schedule>): Schedule => ({
  slotMinutes: 30,
  weekly: [],
  daysOff: [],
  ...overrides,
});
const on = (date: string, slots: ReturnType<typeof scheduledSlots>) =>
  slots.filter((slot) => slot.localDate === date);

describe('slots across the clock changes', () => {
  it('skips the half hours New York’s clocks jump over on 14 March 2027', () => {
    const sundayNight = schedule({ weekly: [{ weekday: SUNDAY, start: '01:00', end: '04:00' }] });
    const slots = on(
      '2027-03-14',
      scheduledSlots(sundayNight, 'America/New_York', new Date('2027-03-13T12:00:00Z')),
    );
    expect(slots.map((slot) => [slot.localTime, slot.startsAt, slot.endsAt])).toEqual([
      ['01:00', '2027-03-14T06:00:00.000Z', '2027-03-14T06:30:00.000Z'],
      ['01:30', '2027-03-14T06:30:00.000Z', '2027-03-14T07:00:00.000Z'],
      // 02:00 and 02:30 do not exist that night.
      ['03:00', '2027-03-14T07:00:00.000Z', '2027-03-14T07:30:00.000Z'],
      ['03:30', '2027-03-14T07:30:00.000Z', '2027-03-14T08:00:00.000Z'],
    ]);
  });

  it('takes the first of New York’s doubled hour on 7 November 2027, and the week before is plain', () => {
    const sundayNight = schedule({ weekly: [{ weekday: SUNDAY, start: '00:30', end: '03:00' }] });
    const slots = scheduledSlots(sundayNight, 'America/New_York', new Date('2027-10-30T12:00:00Z'));
    expect(on('2027-10-31', slots).map((slot) => slot.startsAt)).toEqual([
      '2027-10-31T04:30:00.000Z',
      '2027-10-31T05:00:00.000Z',
      '2027-10-31T05:30:00.000Z',
      '2027-10-31T06:00:00.000Z',
      '2027-10-31T06:30:00.000Z',
    ]);
    expect(on('2027-11-07', slots).map((slot) => [slot.localTime, slot.startsAt])).toEqual([
      ['00:30', '2027-11-07T04:30:00.000Z'],
      // 01:00 and 01:30 happen twice: the first time (daylight time) is the slot.
      ['01:00', '2027-11-07T05:00:00.000Z'],
      ['01:30', '2027-11-07T05:30:00.000Z'],
      ['02:00', '2027-11-07T07:00:00.000Z'],
      ['02:30', '2027-11-07T07:30:00.000Z'],
    ]);
  });

  it('follows London’s changes on 28 March and 31 October 2027 with hour-long tours', () => {
    const london = schedule({
      slotMinutes: 60,
      weekly: [{ weekday: SUNDAY, start: '00:00', end: '03:00' }],
    });
    const march = scheduledSlots(london, 'Europe/London', new Date('2027-03-27T12:00:00Z'));
    expect(on('2027-03-28', march).map((slot) => [slot.localTime, slot.startsAt])).toEqual([
      ['00:00', '2027-03-28T00:00:00.000Z'],
      // 01:00 does not exist: the clocks go from 01:00 GMT to 02:00 BST.
      ['02:00', '2027-03-28T01:00:00.000Z'],
    ]);
    const october = scheduledSlots(london, 'Europe/London', new Date('2027-10-30T12:00:00Z'));
    expect(on('2027-10-31', october).map((slot) => [slot.localTime, slot.startsAt])).toEqual([
      ['00:00', '2027-10-30T23:00:00.000Z'],
      ['01:00', '2027-10-31T00:00:00.000Z'],
      ['02:00', '2027-10-31T02:00:00.000Z'],
    ]);
  });

  it('gives a zone without daylight saving the same instants all year', () => {
    const everyMorning = schedule({
      slotMinutes: 60,
      weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '10:00' })),
    });
    for (const now of ['2027-03-10T00:00:00Z', '2027-10-28T00:00:00Z']) {
      const slots = scheduledSlots(everyMorning, 'Asia/Tokyo', new Date(now));
      expect(slots.length).toBe(TOUR_LIMITS.daysAhead);
      for (const slot of slots) {
        expect(slot.startsAt).toBe(`${slot.localDate}T00:00:00.000Z`);
        expect(slot.localTime).toBe('09:00');
      }
    }
  });
});

describe('which slots are offered', () => {
  const weekdays = schedule({
    weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '10:00', end: '12:00' })),
    daysOff: ['2027-03-17'],
  });
  const now = new Date('2027-03-15T14:30:00Z'); // Monday 10:30 in New York

  it('starts after now, stops at 14 days, skips weekends and days off', () => {
    const slots = scheduledSlots(weekdays, 'America/New_York', now);
    expect(slots[0]?.startsAt).toBe('2027-03-15T15:00:00.000Z'); // 11:00, after 10:30
    const last = slots.at(-1)?.startsAt as string;
    expect(Date.parse(last) - now.getTime()).toBeLessThanOrEqual(14 * 86_400_000);
    const dates = new Set(slots.map((slot) => slot.localDate));
    expect(dates.has('2027-03-17')).toBe(false);
    expect(dates.has('2027-03-20')).toBe(false); // Saturday
    expect(dates.has('2027-03-29')).toBe(true);
    const starts = slots.map((slot) => slot.startsAt);
    expect(starts).toEqual([...starts].sort());
  });

  it('leaves out every slot an agent’s other tour overlaps, and says which times are slots', () => {
    const busy = [
      { startsAt: new Date('2027-03-16T14:15:00Z'), endsAt: new Date('2027-03-16T15:15:00Z') },
    ];
    const free = freeSlots(weekdays, 'America/New_York', now, busy);
    const tuesday = free.filter((slot) => slot.localDate === '2027-03-16').map((s) => s.localTime);
    expect(tuesday).toEqual(['11:30']);
    const taken = slotAt(weekdays, 'America/New_York', now, busy, new Date('2027-03-16T14:30:00Z'));
    expect(taken?.free).toBe(false);
    expect(
      slotAt(weekdays, 'America/New_York', now, busy, new Date('2027-03-16T14:40:00Z')),
    ).toBeNull();
  });
});
