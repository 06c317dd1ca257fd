import type { Tour } from '@keyhaven/shared';
import { LIMITS } from '@keyhaven/shared/constants';
import { TOUR_MESSAGES, TOUR_SCREEN_MESSAGES, TOUR_STATUS_LABELS } from '@keyhaven/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { agent, buyer, listing, tour } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { RequestTourSection } from './request-tour-section';

const TOURS = `GET /api/tours?scope=upcoming&page=1&limit=${LIMITS.maxPageSize}`;
const SLOTS = `GET /api/properties/${listing._id}/tour-slots`;
const REQUEST = `POST /api/properties/${listing._id}/tours`;
const asked = tour();

describe('RequestTourSection', () => {
  it('turns into the request once the buyer asks, with focus on it and the dialog closed', async () => {
    let mine: Tour[] = [];
    const api = fakeApi({
      [TOURS]: () => json({ side: 'buyer', items: mine, total: mine.length }),
      [SLOTS]: json({
        timeZone: asked.timeZone,
        slotMinutes: 30,
        slots: [
          {
            startsAt: asked.startsAt,
            endsAt: asked.endsAt,
            localDate: '2099-12-12',
            localTime: '10:00',
          },
        ],
      }),
      [REQUEST]: () => {
        mine = [asked];
        return json(asked, 201);
      },
    });
    const view = renderInApp(<RequestTourSection property={listing} />, { signedInAs: buyer });
    await view.user.click(await screen.findByRole('button', { name: TOUR_MESSAGES.requestTitle }));
    const dialog = await screen.findByRole('dialog', { name: TOUR_MESSAGES.requestTitle });
    await view.user.click(await within(dialog).findByRole('radio', { name: /^10:00\sAM/ }));
    await view.user.click(within(dialog).getByRole('button', { name: TOUR_MESSAGES.send }));

    const request = await screen.findByRole('region', { name: TOUR_SCREEN_MESSAGES.yourTour });
    await waitFor(() => expect(request).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(request).getByText(TOUR_STATUS_LABELS.pending)).toBeInTheDocument();
    expect(api.requestsTo(REQUEST).map((sent) => sent.body)).toEqual([
      { startsAt: asked.startsAt, kind: 'in-person' },
    ]);
  });

  it('asks nothing for an agent, who has no tour to request here', () => {
    const api = fakeApi({});
    renderInApp(<RequestTourSection property={listing} />, { signedInAs: agent });
    expect(screen.queryByRole('button', { name: TOUR_MESSAGES.requestTitle })).toBeNull();
    expect(api.sent).toEqual([]);
  });
});
