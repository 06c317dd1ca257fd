import type { TourAvailability } from '@keyhaven/shared';
import { TOUR_MESSAGES, TOUR_SCREEN_MESSAGES } from '@keyhaven/shared/texts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { agent, listing } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { AvailabilityForm } from './availability-form';

const SAVE = `PUT /api/properties/${listing._id}/tour-availability`;

const NOTHING_YET: TourAvailability = {
  timeZone: null,
  slotMinutes: 30,
  weekly: [],
  exceptions: [],
  zoneFromPin: false,
};

describe('AvailabilityForm', () => {
  it('checks the hours with the shared rules before saving, then saves them', async () => {
    const api = fakeApi({
      [SAVE]: (request) => json({ ...(request.body as object), zoneFromPin: false }),
    });
    const view = renderInApp(<AvailabilityForm propertyId={listing._id} saved={NOTHING_YET} />, {
      signedInAs: agent,
    });
    const form = screen.getByRole('form', { name: TOUR_MESSAGES.availabilityTitle });
    expect(within(form).getByText(TOUR_SCREEN_MESSAGES.noWeeklyHours)).toBeInTheDocument();

    await view.user.click(within(form).getByRole('button', { name: /^Add hours\W+Monday$/ }));
    await view.user.selectOptions(
      within(form).getByLabelText(TOUR_MESSAGES.slotMinutesLabel),
      '60',
    );
    const end = within(form).getByLabelText(TOUR_MESSAGES.endLabel);
    await view.user.clear(end);
    await view.user.type(end, '10:30');
    await view.user.click(
      within(form).getByRole('button', { name: TOUR_MESSAGES.saveAvailability }),
    );
    expect(within(form).getByText(TOUR_MESSAGES.rangeShorterThanSlot)).toBeInTheDocument();
    expect(within(form).getByText(TOUR_MESSAGES.timeZoneRequired)).toBeInTheDocument();
    expect(within(form).getByLabelText(TOUR_MESSAGES.timeZoneLabel)).toHaveFocus();
    expect(api.requestsTo(SAVE)).toEqual([]);

    await view.user.selectOptions(
      within(form).getByLabelText(TOUR_MESSAGES.timeZoneLabel),
      'America/New_York',
    );
    await view.user.clear(end);
    await view.user.type(end, '12:00');
    await view.user.type(
      within(form).getByLabelText(TOUR_SCREEN_MESSAGES.dayOffLabel),
      '2099-12-24',
    );
    await view.user.click(within(form).getByRole('button', { name: TOUR_MESSAGES.addException }));
    expect(
      within(form).getByRole('button', {
        name: TOUR_MESSAGES.removeException('Thursday, December 24'),
      }),
    ).toBeInTheDocument();
    await view.user.click(
      within(form).getByRole('button', { name: TOUR_MESSAGES.saveAvailability }),
    );
    expect(await screen.findByText(TOUR_MESSAGES.availabilitySaved)).toBeInTheDocument();
    expect(api.requestsTo(SAVE).map((request) => request.body)).toEqual([
      {
        timeZone: 'America/New_York',
        slotMinutes: 60,
        weekly: [{ weekday: 1, start: '10:00', end: '12:00' }],
        exceptions: [{ date: '2099-12-24' }],
      },
    ]);
  });

  it('shows the zone a pinned listing takes from its map position, and refuses overlapping hours', async () => {
    const api = fakeApi({});
    const view = renderInApp(
      <AvailabilityForm
        propertyId={listing._id}
        saved={{
          timeZone: 'America/Chicago',
          slotMinutes: 30,
          weekly: [{ weekday: 6, start: '09:00', end: '12:00' }],
          exceptions: [],
          zoneFromPin: true,
        }}
      />,
      { signedInAs: agent },
    );
    const form = screen.getByRole('form', { name: TOUR_MESSAGES.availabilityTitle });
    expect(
      within(form).getByText(TOUR_SCREEN_MESSAGES.timeZoneShown('America/Chicago')),
    ).toBeInTheDocument();
    expect(within(form).queryByLabelText(TOUR_MESSAGES.timeZoneLabel)).toBeNull();
    await view.user.click(within(form).getByRole('button', { name: /^Add hours\W+Saturday$/ }));
    await view.user.click(
      within(form).getByRole('button', { name: TOUR_MESSAGES.saveAvailability }),
    );
    expect(within(form).getByText(TOUR_MESSAGES.rangesOverlap)).toBeInTheDocument();
    expect(api.sent).toEqual([]);

    await view.user.click(
      within(form).getByRole('button', {
        name: TOUR_MESSAGES.removeRangeLabel('Saturday', '10:00', '17:00'),
      }),
    );
    expect(within(form).queryByText(TOUR_MESSAGES.rangesOverlap)).toBeNull();
  });
});
