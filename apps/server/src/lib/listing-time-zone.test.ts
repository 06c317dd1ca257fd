import { describe, expect, it } from 'vitest';
import { instantOf, isTimeZone, localDateOf, thisWeekend, zoneOfPin } from './listing-time-zone.js';

describe('a listing’s time zone', () => {
  it('comes from its pin, offline', () => {
    expect(zoneOfPin(40.7128, -74.006)).toBe('America/New_York');
    expect(zoneOfPin(48.8566, 2.3522)).toBe('Europe/Paris');
    expect(zoneOfPin(30.2672, -97.7431)).toBe('America/Chicago');
  });

  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('a wall-clock time where the home is', () => {
  it('turns into the right instant on each side of New York’s March change', () => {
    // 2026-03-08: clocks go from 02:00 EST to 03:00 EDT.
    expect(instantOf('2026-03-07', '13:00', 'America/New_York')?.toISOString()).toBe(
      '2026-03-07T18:00:00.000Z',
    );
    expect(instantOf('2026-03-08', '13:00', 'America/New_York')?.toISOString()).toBe(
      '2026-03-08T17:00:00.000Z',
    );
    expect(instantOf('2026-03-08', '02:30', 'America/New_York')).toBeNull();
  });

  it('turns into the right instant on each side of New York’s November change', () => {
    // 2026-11-01: clocks go from 02:00 EDT back to 01:00 EST.
    expect(instantOf('2026-10-31', '13:00', 'America/New_York')?.toISOString()).toBe(
      '2026-10-31T17:00:00.000Z',
    );
    expect(instantOf('2026-11-01', '13:00', 'America/New_York')?.toISOString()).toBe(
      '2026-11-01T18:00:00.000Z',
    );
    // 01:30 happens twice: the first (EDT) is meant.
    expect(instantOf('2026-11-01', '01:30', 'America/New_York')?.toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });

  it('turns into the right instant on each side of Europe’s March change', () => {
    // 2026-03-29: Paris goes from 02:00 CET to 03:00 CEST.
    expect(instantOf('2026-03-28', '14:00', 'Europe/Paris')?.toISOString()).toBe(
      '2026-03-28T13:00:00.000Z',
    );
    expect(instantOf('2026-03-29', '14:00', 'Europe/Paris')?.toISOString()).toBe(
      '2026-03-29T12:00:00.000Z',
    );
  });

  it('reads back as its local date', () => {
    const late = instantOf('2026-06-06', '23:30', 'America/Los_Angeles') as Date;
    expect(late.toISOString().slice(0, 10)).toBe('2026-06-07');
    expect(localDateOf(late, 'America/Los_Angeles')).toBe('2026-06-06');
  });
});

describe('this weekend', () => {
  it('is the coming Saturday and Sunday on a weekday, the current ones on a weekend', () => {
    expect(thisWeekend(new Date('2026-12-02T12:00:00Z'))).toEqual({
      saturday: '2026-12-05',
      sunday: '2026-12-06',
    });
    expect(thisWeekend(new Date('2026-12-05T09:00:00Z')).saturday).toBe('2026-12-05');
    expect(thisWeekend(new Date('2026-12-06T23:00:00Z')).saturday).toBe('2026-12-05');
    expect(thisWeekend(new Date('2026-12-07T00:30:00Z')).saturday).toBe('2026-12-12');
  });
});
