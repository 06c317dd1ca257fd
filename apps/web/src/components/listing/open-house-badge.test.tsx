import { openHouseBadge } from '@keyhaven/shared/constants';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpenHouseBadge } from './open-house-badge';

const inNewYork = (startsAt: string, endsAt: string) => ({
  id: 'a',
  startsAt,
  endsAt,
  timeZone: 'America/New_York',
});

describe('the open-house badge', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const wednesday = new Date('2026-12-02T12:00:00Z');

  it('reads the day and hours on the home’s clock', () => {
    // 18:00–20:00 UTC is 1–3 pm in New York in December.
    expect(
      openHouseBadge(inNewYork('2026-12-05T18:00:00Z', '2026-12-05T20:00:00Z'), wednesday),
    ).toBe('Open Sat 1–3 pm');
    expect(
      openHouseBadge(inNewYork('2026-12-06T16:00:00Z', '2026-12-06T18:30:00Z'), wednesday),
    ).toBe('Open Sun 11 am–1:30 pm');
    expect(
      openHouseBadge(
        { ...inNewYork('2026-12-05T18:00:00Z', '2026-12-05T20:00:00Z'), timeZone: 'Europe/Paris' },
        wednesday,
      ),
    ).toBe('Open Sat 7–9 pm');
  });

  it('names the date of an open house more than six days off', () => {
    expect(
      openHouseBadge(inNewYork('2026-12-19T18:00:00Z', '2026-12-19T20:00:00Z'), wednesday),
    ).toBe('Open Dec 19, 1–3 pm');
  });

  it('shows the next open house that has not ended, and nothing once all have', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-05T20:30:00Z') });
    const { rerender } = render(
      <OpenHouseBadge
        openHouses={[
          inNewYork('2026-12-05T18:00:00Z', '2026-12-05T20:00:00Z'),
          { ...inNewYork('2026-12-06T18:00:00Z', '2026-12-06T19:00:00Z'), id: 'b' },
        ]}
      />,
    );
    expect(screen.getByText('Open Sun 1–2 pm')).toBeInTheDocument();
    rerender(
      <OpenHouseBadge openHouses={[inNewYork('2026-12-05T18:00:00Z', '2026-12-05T20:00:00Z')]} />,
    );
    expect(screen.queryByText(/^Open /)).toBeNull();
  });
});
