import { OPEN_HOUSE_MESSAGES } from '@keyhaven/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { agent, buyer, listing } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { OpenHousesSection } from './open-houses-section';

const LIST = `GET /api/properties/${listing._id}/open-houses`;
const ADD = `POST /api/properties/${listing._id}/open-houses`;
const OPEN_HOUSE_ID = '00000000-0000-4000-8000-0000000000aa';

const oneOpenHouse = (timeZone: string | null) =>
  json({
    timeZone,
    openHouses: [
      {
        id: OPEN_HOUSE_ID,
        startsAt: '2099-12-05T18:00:00.000Z',
        endsAt: '2099-12-05T20:00:00.000Z',
        timeZone: 'America/New_York',
        localDate: '2099-12-05',
      },
    ],
  });

describe('OpenHousesSection', () => {
  it('shows buyers the times on the home’s clock, with the zone, and a calendar link', async () => {
    fakeApi({ [LIST]: () => oneOpenHouse('America/New_York') });
    renderInApp(<OpenHousesSection property={listing} />, { signedInAs: buyer });
    const section = await screen.findByRole('region', { name: OPEN_HOUSE_MESSAGES.sectionTitle });
    expect(await within(section).findByText(/1:00\sPM – 3:00\sPM EST/)).toBeInTheDocument();
    const link = within(section).getByRole('link', { name: /to your calendar$/ });
    expect(link).toHaveAttribute(
      'href',
      `/api/properties/${listing._id}/open-houses/${OPEN_HOUSE_ID}/calendar.ics`,
    );
    expect(within(section).queryByRole('form')).toBeNull();
  });

  it('shows nothing to buyers when no open house is planned', async () => {
    const api = fakeApi({ [LIST]: () => json({ timeZone: null, openHouses: [] }) });
    renderInApp(<OpenHousesSection property={listing} />, { signedInAs: buyer });
    await waitFor(() => expect(api.requestsTo(LIST)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: OPEN_HOUSE_MESSAGES.sectionTitle })).toBeNull();
  });

  it('asks the agent for the zone of a home without a pin and shows the server’s reasons by their field', async () => {
    const api = fakeApi({
      [LIST]: () => json({ timeZone: null, openHouses: [] }),
      [ADD]: () =>
        refusal(400, OPEN_HOUSE_MESSAGES.inThePast, 'VALIDATION_FAILED', {
          start: OPEN_HOUSE_MESSAGES.inThePast,
        }),
    });
    const view = renderInApp(<OpenHousesSection property={listing} />, { signedInAs: agent });
    const form = await screen.findByRole('form', { name: OPEN_HOUSE_MESSAGES.addTitle });
    await view.user.click(within(form).getByRole('button', { name: OPEN_HOUSE_MESSAGES.add }));
    expect(within(form).getByText(OPEN_HOUSE_MESSAGES.dateRequired)).toBeInTheDocument();
    expect(within(form).getByText(OPEN_HOUSE_MESSAGES.timeZoneRequired)).toBeInTheDocument();
    expect(api.requestsTo(ADD)).toEqual([]);

    await view.user.type(within(form).getByLabelText(OPEN_HOUSE_MESSAGES.dateLabel), '2099-12-05');
    await view.user.type(within(form).getByLabelText(OPEN_HOUSE_MESSAGES.startLabel), '13:00');
    await view.user.type(within(form).getByLabelText(OPEN_HOUSE_MESSAGES.endLabel), '15:00');
    await view.user.selectOptions(
      within(form).getByLabelText(OPEN_HOUSE_MESSAGES.timeZoneLabel),
      'Europe/Lisbon',
    );
    await view.user.click(within(form).getByRole('button', { name: OPEN_HOUSE_MESSAGES.add }));
    expect(await within(form).findByText(OPEN_HOUSE_MESSAGES.inThePast)).toBeInTheDocument();
    expect(api.requestsTo(ADD).map((request) => request.body)).toEqual([
      { date: '2099-12-05', start: '13:00', end: '15:00', timeZone: 'Europe/Lisbon' },
    ]);
  });
});
