import type { NotificationSettings, User } from '@keyhaven/shared';
import { NOTIFICATION_KINDS } from '@keyhaven/shared/constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { agent, buyer } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { NotificationSettingsPage } from './notification-settings-page';

const SETTINGS = 'GET /api/notification-settings';

const allByEmail = (on: boolean) =>
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, on])) as NotificationSettings['email'];

const settings = (changes: Partial<NotificationSettings> = {}): NotificationSettings => ({
  email: allByEmail(true),
  searchAlerts: 'instant',
  ...changes,
});

const admin: User = { ...agent, _id: 'admin-1', uid: 'admin-1', role: 'admin', name: 'Ada Admin' };

const renderPage = (signedInAs: User) =>
  renderInApp(<NotificationSettingsPage />, {
    signedInAs,
    path: '/dashboard/notification-settings',
  });

const emailGroup = () => screen.findByRole('group', { name: 'Also send by e-mail' });

describe('the notification settings page', () => {
  it('offers a buyer the buyer’s kinds by e-mail and the saved-search alert frequency', async () => {
    fakeApi({ [SETTINGS]: json(settings({ searchAlerts: 'daily' })) });
    renderPage(buyer);

    expect(
      screen.getByText(
        'You always see notifications here in the app. Choose which ones also come by e-mail.',
      ),
    ).toBeInTheDocument();
    const group = await emailGroup();
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('name')),
    ).toEqual([
      'offer_accepted',
      'offer_rejected',
      'offer_ended_unpaid',
      'payment_deadline_changed',
      'payment_confirmed',
      'role_changed',
      'message_received',
      'search_match',
      'report_outcome',
      'tour_confirmed',
      'tour_rescheduled',
      'tour_declined',
      'tour_cancelled',
      'tour_reminder',
      'tour_completed',
      'saved_home_price_changed',
      'saved_home_under_offer',
      'saved_home_back_on_market',
      'saved_home_sold',
      'saved_home_open_house',
      'shared_list_joined',
      'shared_list_left',
      'shared_home_added',
      'shared_home_removed',
      'shared_note_added',
      'shared_home_reaction',
    ]);
    expect(within(group).getByRole('checkbox', { name: 'My offer is accepted' })).toBeChecked();
    expect(within(group).queryByRole('checkbox', { name: 'A new offer on my listing' })).toBeNull();

    const alerts = screen.getByRole('group', { name: 'Saved-search alerts by e-mail' });
    expect(within(alerts).getByRole('radio', { name: 'Once a day' })).toBeChecked();
    expect(
      within(alerts)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['instant', 'daily', 'off']);
  });

  it('offers an agent the agent’s kinds and no saved-search alerts', async () => {
    fakeApi({ [SETTINGS]: json(settings()) });
    renderPage(agent);

    const group = await emailGroup();
    // Every kind but the seven only buyers receive (their offer answered, their payment, alerts, a
    // new time proposed for their tour, their request declined, their tour completed).
    expect(within(group).getAllByRole('checkbox')).toHaveLength(17);
    expect(
      within(group).getByRole('checkbox', { name: 'A new offer on my listing' }),
    ).toBeChecked();
    expect(
      within(group).getByRole('checkbox', { name: 'An admin edits my listing' }),
    ).toBeChecked();
    expect(within(group).queryByRole('checkbox', { name: 'My offer is accepted' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Saved-search alerts by e-mail' })).toBeNull();
  });

  it('shows an admin every kind', async () => {
    fakeApi({ [SETTINGS]: json(settings()) });
    renderPage(admin);

    const group = await emailGroup();
    expect(within(group).getAllByRole('checkbox')).toHaveLength(NOTIFICATION_KINDS.length);
  });

  it('saves the choices with one PUT and says they are saved', async () => {
    let stored = settings();
    const api = fakeApi({
      [SETTINGS]: () => json(stored),
      'PUT /api/notification-settings': (request) => {
        const changes = request.body as Partial<NotificationSettings>;
        stored = { ...stored, ...changes, email: { ...stored.email, ...changes.email } };
        return json(stored);
      },
    });
    const { user } = renderPage(buyer);

    const group = await emailGroup();
    await user.click(within(group).getByRole('checkbox', { name: 'A new message' }));
    await user.click(screen.getByRole('radio', { name: 'Off' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Your notification settings are saved.')).toBeInTheDocument();
    const [put] = api.requestsTo('PUT /api/notification-settings');
    expect(put?.body).toEqual({
      email: {
        offer_accepted: true,
        offer_rejected: true,
        offer_ended_unpaid: true,
        payment_deadline_changed: true,
        payment_confirmed: true,
        role_changed: true,
        message_received: false,
        search_match: true,
        report_outcome: true,
        tour_confirmed: true,
        tour_rescheduled: true,
        tour_declined: true,
        tour_cancelled: true,
        tour_reminder: true,
        tour_completed: true,
        saved_home_price_changed: true,
        saved_home_under_offer: true,
        saved_home_back_on_market: true,
        saved_home_sold: true,
        saved_home_open_house: true,
        shared_list_joined: true,
        shared_list_left: true,
        shared_home_added: true,
        shared_home_removed: true,
        shared_note_added: true,
        shared_home_reaction: true,
      },
      searchAlerts: 'off',
    });
    expect(within(group).getByRole('checkbox', { name: 'A new message' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Off' })).toBeChecked();
  });

  it('says so when the settings cannot be loaded, and tries again', async () => {
    let fails = true;
    fakeApi({
      [SETTINGS]: () => (fails ? refusal(404, 'No settings here', 'NOT_FOUND') : json(settings())),
    });
    const { user } = renderPage(buyer);

    expect(screen.getByRole('status', { name: 'Loading your settings' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No settings here');

    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await emailGroup()).toBeInTheDocument();
  });
});
