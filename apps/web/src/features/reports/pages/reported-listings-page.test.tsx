import type { ReportedListing, User } from '@keyhaven/shared';
import { REPORT_MESSAGES } from '@keyhaven/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { agent, buyer, listing } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { QUEUE_TEXT } from '../queue-texts';
import { ReportedListingsPage } from './reported-listings-page';

const admin: User = { ...agent, _id: 'admin-1', uid: 'admin-1', role: 'admin', name: 'Ada Admin' };

const QUEUE = 'GET /api/admin/reports?page=1&limit=20';
const DECIDE = `POST /api/admin/reports/${listing._id}/decision`;

const reported = (overrides: Partial<ReportedListing['property']> = {}): ReportedListing => ({
  property: {
    _id: listing._id,
    title: listing.title,
    location: listing.location,
    image: listing.image,
    approval: 'true',
    hidden: true,
    agent: { _id: agent._id, name: agent.name, email: agent.email, role: 'agent' },
    ...overrides,
  },
  openReports: 3,
  reasons: {
    suspected_fraud: 2,
    wrong_information: 0,
    already_sold: 1,
    offensive_content: 0,
    other: 0,
  },
  reports: [
    {
      _id: '00000000-0000-4000-8000-000000000001',
      reason: 'suspected_fraud',
      note: 'Asked me to pay a deposit by gift card.',
      createdAt: '2026-11-20T09:30:00.000Z',
      reporter: { _id: buyer._id, name: buyer.name, email: buyer.email },
    },
    {
      _id: '00000000-0000-4000-8000-000000000002',
      reason: 'already_sold',
      note: '',
      createdAt: '2026-11-21T09:30:00.000Z',
      reporter: { _id: 'user-2', name: 'Sam Seeker', email: 'sam@keyhaven.test' },
    },
  ],
  firstReportedAt: '2026-11-20T09:30:00.000Z',
});

const renderPage = () =>
  renderInApp(<ReportedListingsPage />, {
    signedInAs: admin,
    path: '/dashboard/reported-listings',
  });

const cardOf = async (title = listing.title) =>
  screen.findByRole('article', { name: title }).then((card) => within(card));

describe('the reported listings page', () => {
  it('shows each listing with its agent, approval, hidden badge, reasons and reports', async () => {
    fakeApi({ [QUEUE]: json({ items: [reported()], total: 1 }) });
    renderPage();
    const card = await cardOf();

    expect(card.getByRole('link', { name: listing.title })).toHaveAttribute(
      'href',
      `/propertyDetails/${listing._id}`,
    );
    expect(card.getByText('3 open reports')).toBeInTheDocument();
    expect(card.getByText(agent.name)).toBeInTheDocument();
    expect(card.getByText(agent.email)).toBeInTheDocument();
    expect(card.getByText('Agent', { selector: 'span' })).toBeInTheDocument();
    expect(card.getByText('Approved')).toBeInTheDocument();
    expect(card.getByText(QUEUE_TEXT.hidden)).toBeInTheDocument();
    expect(card.getByText('Suspected fraud: 2')).toBeInTheDocument();
    expect(card.getByText('Already sold: 1')).toBeInTheDocument();
    expect(card.queryByText(/Wrong information/)).toBeNull();
    expect(card.getByText(`by ${buyer.name} (${buyer.email})`)).toBeInTheDocument();
    expect(card.getByText('Asked me to pay a deposit by gift card.')).toBeInTheDocument();
    expect(card.getByText('by Sam Seeker (sam@keyhaven.test)')).toBeInTheDocument();
    expect(card.getAllByText('November 20, 2026').length).toBeGreaterThan(0);
    expect(screen.getByText('1 reported listing')).toBeInTheDocument();
  });

  it.each([
    ['Dismiss', 'dismiss', REPORT_MESSAGES.dismissed],
    ['Remove listing', 'remove_listing', REPORT_MESSAGES.listingRemoved],
    ['Mark agent as fraud', 'mark_agent_fraud', REPORT_MESSAGES.agentMarkedFraud],
  ])(
    '%s asks first, posts the decision, toasts the answer and refreshes the queue',
    async (label, decision, message) => {
      let decided = false;
      const api = fakeApi({
        [QUEUE]: () => json(decided ? { items: [], total: 0 } : { items: [reported()], total: 1 }),
        [DECIDE]: () => {
          decided = true;
          return json({ message });
        },
      });
      const view = renderPage();
      const card = await cardOf();
      await view.user.click(card.getByRole('button', { name: label }));

      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      expect(within(dialog).queryByRole('textbox')).toBeNull();
      await view.user.click(within(dialog).getByRole('button', { name: label }));

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(api.requestsTo(DECIDE).map((request) => request.body)).toEqual([
        { decision, note: '' },
      ]);
      expect(await screen.findByText(QUEUE_TEXT.empty)).toBeInTheDocument();
      expect(api.requestsTo(QUEUE).length).toBeGreaterThan(1);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByRole('heading', { name: QUEUE_TEXT.listTitle })).toHaveFocus();
    },
  );

  it('names what each decision does before it is made', async () => {
    fakeApi({ [QUEUE]: json({ items: [reported()], total: 1 }) });
    const view = renderPage();
    const card = await cardOf();
    await view.user.click(card.getByRole('button', { name: 'Remove listing' }));
    const dialog = await screen.findByRole('dialog', { name: `Remove ${listing.title}?` });
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining('The listing is taken off Keyhaven'),
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(card.getByRole('button', { name: 'Remove listing' })).toHaveFocus();
  });

  it('requires a note to ask the agent for a correction, then sends it', async () => {
    const api = fakeApi({
      [QUEUE]: json({ items: [reported()], total: 1 }),
      [DECIDE]: json({ message: REPORT_MESSAGES.correctionRequested }),
    });
    const view = renderPage();
    const card = await cardOf();
    await view.user.click(card.getByRole('button', { name: 'Ask for a correction' }));
    const dialog = await screen.findByRole('dialog', {
      name: `Ask ${agent.name} to correct ${listing.title}?`,
    });
    const note = within(dialog).getByLabelText(QUEUE_TEXT.correctionNoteLabel);
    expect(note).toHaveFocus();

    const confirm = within(dialog).getByRole('button', { name: 'Ask for a correction' });
    await view.user.click(confirm);
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription(
      expect.stringContaining(REPORT_MESSAGES.correctionNoteRequired),
    );
    expect(api.requestsTo(DECIDE)).toEqual([]);

    await view.user.type(note, '  The price says $1; please give the real one.  ');
    await view.user.click(confirm);
    expect(await screen.findByText(REPORT_MESSAGES.correctionRequested)).toBeInTheDocument();
    expect(api.requestsTo(DECIDE).map((request) => request.body)).toEqual([
      { decision: 'request_correction', note: 'The price says $1; please give the real one.' },
    ]);
  });

  it("shows the server's refusal in the dialog", async () => {
    fakeApi({
      [QUEUE]: json({ items: [reported()], total: 1 }),
      [DECIDE]: refusal(409, REPORT_MESSAGES.noOpenReports, 'CONFLICT'),
    });
    const view = renderPage();
    const card = await cardOf();
    await view.user.click(card.getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog');
    await view.user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      REPORT_MESSAGES.noOpenReports,
    );
  });

  it('does not offer to mark an agent who is already fraud', async () => {
    fakeApi({
      [QUEUE]: json({
        items: [reported({ agent: { ...reported().property.agent, role: 'fraud' } })],
        total: 1,
      }),
    });
    renderPage();
    const card = await cardOf();
    expect(card.getByRole('button', { name: 'Mark agent as fraud' })).toBeDisabled();
    expect(card.getByText(QUEUE_TEXT.alreadyFraud)).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Dismiss' })).toBeEnabled();
  });

  it('offers to mark an agent as fraud, but not an admin who listed the home', async () => {
    fakeApi({
      [QUEUE]: json({
        items: [
          reported(),
          {
            ...reported({
              _id: '9a8b7c6d-0000-4000-8000-000000000009',
              title: 'Admin Loft',
              agent: {
                _id: 'admin-2',
                name: 'Ann Admin',
                email: 'ann@keyhaven.test',
                role: 'admin',
              },
            }),
          },
        ],
        total: 2,
      }),
    });
    renderPage();
    const agentCard = await cardOf();
    expect(agentCard.getByRole('button', { name: 'Mark agent as fraud' })).toBeEnabled();
    const adminCard = await cardOf('Admin Loft');
    expect(adminCard.getByRole('button', { name: 'Mark agent as fraud' })).toBeDisabled();
    expect(adminCard.getByText(QUEUE_TEXT.adminNotFraud)).toBeInTheDocument();
  });

  it('says when no listing is reported', async () => {
    fakeApi({ [QUEUE]: json({ items: [], total: 0 }) });
    renderPage();
    expect(await screen.findByText(QUEUE_TEXT.empty)).toHaveAttribute('role', 'status');
  });

  it('says when the queue could not be loaded, and tries again', async () => {
    let fail = true;
    fakeApi({
      [QUEUE]: () =>
        fail
          ? refusal(500, 'Internal Server Error', 'INTERNAL')
          : json({ items: [reported()], total: 1 }),
    });
    const view = renderPage();
    expect(
      await screen.findByText(QUEUE_TEXT.failure, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    fail = false;
    await view.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await cardOf()).toBeTruthy();
  });
});
