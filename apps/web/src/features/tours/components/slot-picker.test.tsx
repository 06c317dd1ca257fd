import type { TourSlot } from '@keyhaven/shared';
import { TOUR_MESSAGES } from '@keyhaven/shared/texts';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/test/render';
import { SlotPicker } from './slot-picker';

const HOME = 'America/New_York';

// Saturday and Sunday, December 12 and 13, 2099: 10:00 and 10:30 AM in New York (EST, UTC−5).
const slot = (localDate: string, hourUtc: string, localTime: string): TourSlot => ({
  startsAt: `${localDate}T${hourUtc}:00.000Z`,
  endsAt: `${localDate}T${hourUtc.slice(0, 2)}:59:00.000Z`,
  localDate,
  localTime,
});
const SLOTS = [
  slot('2099-12-12', '15:00', '10:00'),
  slot('2099-12-12', '15:30', '10:30'),
  slot('2099-12-13', '15:00', '10:00'),
];

function Picker({
  readerZone,
  onChange,
}: {
  readerZone: string | null;
  onChange: (at: string) => void;
}) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <SlotPicker
      name="startsAt"
      slots={SLOTS}
      timeZone={HOME}
      readerZone={readerZone}
      value={value}
      onChange={(startsAt) => {
        setValue(startsAt);
        onChange(startsAt);
      }}
    />
  );
}

describe('SlotPicker', () => {
  it('shows each time on the home’s clock and on the buyer’s own when their zone differs', () => {
    renderInApp(<Picker readerZone="Europe/Lisbon" onChange={() => {}} />);
    expect(screen.getByText(TOUR_MESSAGES.inHomeZone(HOME))).toBeInTheDocument();
    const times = screen.getByRole('group', { name: /^Time: Saturday, December 12/ });
    const ten = within(times).getByRole('radio', { name: /10:00\sAM/ });
    expect(ten).toHaveAccessibleName(/Your time: 3:00\sPM/);
    expect(within(times).getAllByRole('radio')).toHaveLength(2);
  });

  it('shows the home’s times alone when the buyer is in the home’s zone', () => {
    renderInApp(<Picker readerZone={HOME} onChange={() => {}} />);
    expect(screen.queryByText(/Your time/)).toBeNull();
  });

  it('moves between days with the arrow keys and picks a time by keyboard', async () => {
    const onChange = vi.fn();
    const view = renderInApp(<Picker readerZone={null} onChange={onChange} />);
    await view.user.tab();
    expect(screen.getByRole('radio', { name: 'Saturday, December 12' })).toHaveFocus();
    await view.user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Sunday, December 13' })).toBeChecked();
    const sunday = screen.getByRole('group', { name: /^Time: Sunday, December 13/ });
    await view.user.tab();
    expect(within(sunday).getByRole('radio')).toHaveFocus();
    await view.user.keyboard(' ');
    expect(onChange).toHaveBeenCalledWith('2099-12-13T15:00:00.000Z');
    expect(within(sunday).getByRole('radio')).toBeChecked();
  });

  it('says so when there is no free time', () => {
    renderInApp(
      <SlotPicker
        name="startsAt"
        slots={[]}
        timeZone={HOME}
        readerZone={null}
        value={null}
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(TOUR_MESSAGES.noSlots);
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
