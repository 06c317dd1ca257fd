import { TOUR_MESSAGES, TOUR_STATUS_LABELS } from '@keyhaven/shared/texts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { agent, buyer, listing, tour } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { TourCard } from './tour-card';

const TOUR_ID = tour().id;

const buttonNames = () =>
  screen.queryAllByRole('button').map((button) => button.textContent?.split(':')[0]);

describe('TourCard', () => {
  it('offers the agent a pending request’s steps, and confirms it at a click', async () => {
    const api = fakeApi({
      [`PATCH /api/tours/${TOUR_ID}/confirm`]: () =>
        json(tour({ status: 'confirmed', actions: ['propose', 'cancel'] })),
    });
    const pending = tour({ actions: ['confirm', 'propose', 'decline', 'cancel'] });
    const view = renderInApp(<TourCard tour={pending} side="agent" readerZone={null} />, {
      signedInAs: agent,
    });
    expect(screen.getByText(TOUR_STATUS_LABELS.pending)).toBeInTheDocument();
    expect(
      screen.getByText(/Saturday, December 12, 10:00\sAM – 10:30\sAM EST/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(TOUR_MESSAGES.requestedBy(buyer.name), { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByText(TOUR_MESSAGES.noteFrom('Can I see the jetty?'))).toBeInTheDocument();
    expect(buttonNames()).toEqual([
      TOUR_MESSAGES.confirm,
      TOUR_MESSAGES.propose,
      TOUR_MESSAGES.decline,
      TOUR_MESSAGES.cancel,
    ]);
    await view.user.click(screen.getByRole('button', { name: /^Confirm\b/ }));
    expect(await screen.findByText(TOUR_MESSAGES.confirmed)).toBeInTheDocument();
    expect(api.requestsTo(`PATCH /api/tours/${TOUR_ID}/confirm`)).toHaveLength(1);
  });

  it('shows the buyer a proposed time in both zones, to accept, and the agent’s profile', () => {
    const rescheduled = tour({
      status: 'rescheduled',
      proposedStartsAt: '2099-12-13T16:00:00.000Z',
      proposedEndsAt: '2099-12-13T16:30:00.000Z',
      actions: ['accept', 'cancel'],
    });
    renderInApp(<TourCard tour={rescheduled} side="buyer" readerZone="Europe/Lisbon" />, {
      signedInAs: buyer,
    });
    expect(
      screen.getByText(/^Proposed new time: Sunday, December 13, 11:00\sAM – 11:30\sAM EST$/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^Your time: Sunday, December 13, 4:00\sPM – 4:30\sPM/),
    ).toBeInTheDocument();
    expect(buttonNames()).toEqual([TOUR_MESSAGES.accept, TOUR_MESSAGES.cancel]);
    expect(screen.getByRole('link', { name: TOUR_MESSAGES.withAgent(agent.name) })).toHaveAttribute(
      'href',
      `/agents/${agent.uid}`,
    );
  });

  it('adds no second time for a reader whose zone keeps the home’s clock under another name', () => {
    // Toronto's clock is New York's, all year.
    renderInApp(<TourCard tour={tour()} side="buyer" readerZone="America/Toronto" />, {
      signedInAs: buyer,
    });
    expect(screen.queryByText(/^Your time:/)).not.toBeInTheDocument();
  });

  it('gives a confirmed tour its calendar file', () => {
    renderInApp(
      <TourCard
        tour={tour({ status: 'confirmed', actions: ['cancel'] })}
        side="buyer"
        readerZone={null}
      />,
      { signedInAs: buyer },
    );
    expect(screen.getByRole('link', { name: /^Add to calendar/ })).toHaveAttribute(
      'href',
      `/api/tours/${TOUR_ID}/calendar.ics`,
    );
  });

  it('offers nothing on a cancelled tour, and says why it was cancelled', () => {
    renderInApp(
      <TourCard
        tour={tour({
          status: 'cancelled',
          cancelledBy: 'agent',
          cancelReason: 'The roof is being fixed',
        })}
        side="buyer"
        readerZone={null}
      />,
      { signedInAs: buyer },
    );
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('link', { name: /Add to calendar/ })).toBeNull();
    expect(
      screen.getByText(TOUR_MESSAGES.cancelledWithReason('The roof is being fixed')),
    ).toBeInTheDocument();
  });

  it('keeps a withdrawn listing’s title without a link, and says why the tour was called off', () => {
    renderInApp(
      <TourCard
        tour={tour({
          propertyId: null,
          status: 'cancelled',
          cancelledBy: 'system',
          cancelReason: TOUR_MESSAGES.systemReasons.withdrawn,
        })}
        side="agent"
        readerZone={null}
      />,
      { signedInAs: agent },
    );
    expect(screen.getByRole('heading', { name: listing.title })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: listing.title })).toBeNull();
    expect(screen.queryByRole('link', { name: /Viewing times/ })).toBeNull();
    expect(
      screen.getByText(
        `${TOUR_MESSAGES.cancelledBySystem}: ${TOUR_MESSAGES.systemReasons.withdrawn}`,
      ),
    ).toBeInTheDocument();
  });

  it('asks for a reason before cancelling, and gives focus back when the dialog closes', async () => {
    const api = fakeApi({
      [`PATCH /api/tours/${TOUR_ID}/cancel`]: () =>
        json(tour({ status: 'cancelled', actions: [] })),
    });
    const view = renderInApp(
      <TourCard
        tour={tour({ status: 'confirmed', actions: ['cancel'] })}
        side="buyer"
        readerZone={null}
      />,
      { signedInAs: buyer },
    );
    const opener = screen.getByRole('button', { name: /^Cancel tour\b/ });
    await view.user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: TOUR_MESSAGES.cancelTitle });
    await view.user.click(within(dialog).getByRole('button', { name: TOUR_MESSAGES.cancel }));
    expect(within(dialog).getByText(TOUR_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(api.requestsTo(`PATCH /api/tours/${TOUR_ID}/cancel`)).toEqual([]);

    await view.user.type(
      within(dialog).getByLabelText(TOUR_MESSAGES.reasonLabel),
      'I found a home',
    );
    await view.user.click(within(dialog).getByRole('button', { name: TOUR_MESSAGES.cancel }));
    expect(await screen.findByText(TOUR_MESSAGES.cancelled)).toBeInTheDocument();
    expect(api.requestsTo(`PATCH /api/tours/${TOUR_ID}/cancel`).map((r) => r.body)).toEqual([
      { reason: 'I found a home' },
    ]);
    await view.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });
});
