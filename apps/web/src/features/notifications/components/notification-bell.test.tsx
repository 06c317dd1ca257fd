import type { Notification, NotificationsPage } from '@keyhaven/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, configureApiClient } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { FakeEventSource } from '@/test/fake-event-source';
import { agent } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { NotificationBell } from './notification-bell';

const notification = (id: number, changes: Partial<Notification> = {}): Notification => ({
  _id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  kind: 'offer_received',
  title: `New offer ${id}`,
  body: `Bea Buyer offered $${id}00,000 for Lakeside Cottage.`,
  link: `/dashboard/requests`,
  read: false,
  createdAt: new Date(Date.now() - id * 60_000).toISOString(),
  ...changes,
});

const page = (items: Notification[], unread = items.filter((item) => !item.read).length) =>
  ({ items, total: items.length, unread }) satisfies NotificationsPage;

const PANEL_LIST = 'GET /api/notifications?page=1&limit=8';
const UNREAD = 'GET /api/notifications/unread-count';

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.useRealTimers();
  configureApiClient({ onUnauthorized: () => {} });
});

describe('the notification bell', () => {
  it('names the unread count for screen readers and caps the badge at 99+', async () => {
    fakeApi({ [UNREAD]: json({ unread: 120 }) });
    renderInApp(<NotificationBell userId={agent._id} />, { signedInAs: agent });

    const bell = await screen.findByRole('button', { name: 'Notifications, 120 unread' });
    expect(bell).toHaveTextContent('99+');
  });

  it('shows no badge and a plain name once all is read', async () => {
    fakeApi({ [UNREAD]: json({ unread: 2 }) });
    renderInApp(<NotificationBell userId={agent._id} />, { signedInAs: agent });
    expect(
      await screen.findByRole('button', { name: 'Notifications, 2 unread' }),
    ).toHaveTextContent('2');

    FakeEventSource.latest().unread(0);
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(bell.textContent).toBe('');
  });

  it('opens the latest notifications, each linking to its page and marked read when opened', async () => {
    const api = fakeApi({
      [UNREAD]: json({ unread: 2 }),
      [PANEL_LIST]: json(page([notification(1), notification(2), notification(3, { read: true })])),
      'POST /api/notifications/00000000-0000-4000-8000-000000000001/read': json({ unread: 1 }),
    });
    const { user } = renderInApp(<NotificationBell userId={agent._id} />, {
      signedInAs: agent,
      path: '/all-properties',
    });

    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const links = await within(panel).findAllByRole('link', { name: /New offer/ });
    expect(links).toHaveLength(3);
    expect(links[0]).toHaveAccessibleName(/^Unread: New offer 1/);
    expect(links[0]).toHaveTextContent('1 minute ago');
    expect(links[2]).not.toHaveAccessibleName(/Unread/);
    expect(within(panel).getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/dashboard/notifications',
    );

    await user.click(links[0] as HTMLElement);
    expect(await screen.findByText('Now at /dashboard/requests')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        api.requestsTo('POST /api/notifications/00000000-0000-4000-8000-000000000001/read'),
      ).toHaveLength(1),
    );
  });

  it('marks all as read, and the count follows', async () => {
    let unread = 2;
    const api = fakeApi({
      [UNREAD]: () => json({ unread }),
      [PANEL_LIST]: () =>
        json(
          page([notification(1, { read: unread === 0 }), notification(2, { read: unread === 0 })]),
        ),
      'POST /api/notifications/read-all': () => {
        unread = 0;
        return json({ unread: 0 });
      },
    });
    const { user } = renderInApp(<NotificationBell userId={agent._id} />, { signedInAs: agent });

    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findAllByRole('link', { name: /^Unread: New offer/ });

    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(api.requestsTo('POST /api/notifications/read-all')).toHaveLength(1);
    await waitFor(() =>
      expect(within(panel).queryAllByRole('link', { name: /^Unread:/ })).toHaveLength(0),
    );
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    // Nothing is left to mark: pressing again asks nothing, and focus stays on the button.
    const markAll = within(panel).getByRole('button', { name: 'Mark all as read' });
    expect(markAll).toHaveAttribute('aria-disabled', 'true');
    expect(markAll).toHaveFocus();
    await user.click(markAll);
    expect(api.requestsTo('POST /api/notifications/read-all')).toHaveLength(1);
  });

  it('closes on Escape and gives focus back to the bell', async () => {
    fakeApi({ [UNREAD]: json({ unread: 0 }), [PANEL_LIST]: json(page([])) });
    const { user } = renderInApp(<NotificationBell userId={agent._id} />, { signedInAs: agent });

    const bell = await screen.findByRole('button', { name: 'Notifications' });
    bell.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('You have no notifications yet.')).toBeInTheDocument();
    expect(bell).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bell).toHaveFocus();
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('says so when the notifications cannot be loaded, and tries again', async () => {
    let fails = true;
    fakeApi({
      [UNREAD]: json({ unread: 1 }),
      [PANEL_LIST]: () =>
        fails ? refusal(404, 'Not found', 'NOT_FOUND') : json(page([notification(1)])),
    });
    const { user } = renderInApp(<NotificationBell userId={agent._id} />, { signedInAs: agent });

    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Not found');

    fails = false;
    await user.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByRole('link', { name: /New offer 1/ })).toBeInTheDocument();
  });

  it('moves the count live as the server tells of new notifications', async () => {
    let listed = [notification(2)];
    fakeApi({
      [UNREAD]: json({ unread: 1 }),
      [PANEL_LIST]: () => json(page(listed)),
    });
    const { user } = renderInApp(<NotificationBell userId={agent._id} />, { signedInAs: agent });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });

    const stream = FakeEventSource.latest();
    expect(stream.url).toBe('/api/notifications/stream');
    stream.connect();
    stream.unread(3);
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveTextContent('3');

    // An open panel shows what just arrived.
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findByRole('link', { name: /New offer 2/ });
    listed = [notification(1), notification(2)];
    stream.unread(2);
    expect(await within(panel).findByRole('link', { name: /New offer 1/ })).toBeInTheDocument();
  });

  it('polls the count while the stream is down and tries the stream again, waiting longer each time', async () => {
    let unread = 1;
    const api = fakeApi({ [UNREAD]: () => json({ unread }) });
    const view = renderInApp(<NotificationBell userId={agent._id} />, { signedInAs: agent });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const first = FakeEventSource.latest();
    first.connect();

    vi.useFakeTimers();
    first.fail();
    expect(first.closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(1);

    // The first retry comes after 2 s; it fails too, and the next waits 4 s.
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(FakeEventSource.opened).toHaveLength(2);
    FakeEventSource.latest().fail();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(FakeEventSource.opened).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(FakeEventSource.opened).toHaveLength(3);
    FakeEventSource.latest().fail();

    // Meanwhile the count is asked for every 30 s.
    const asked = api.requestsTo(UNREAD).length;
    unread = 4;
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(api.requestsTo(UNREAD).length).toBeGreaterThan(asked);
    vi.useRealTimers();
    expect(
      await screen.findByRole('button', { name: 'Notifications, 4 unread' }),
    ).toBeInTheDocument();

    // Signing out takes the bell away, and its stream and retries with it.
    view.unmount();
    expect(FakeEventSource.opened.every((source) => source.closed)).toBe(true);
  });

  it('polls the count instead, without listening again, once the server replaced its stream', async () => {
    let unread = 1;
    const api = fakeApi({ [UNREAD]: () => json({ unread }) });
    renderInApp(<NotificationBell userId={agent._id} />, { signedInAs: agent });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const stream = FakeEventSource.latest();
    stream.connect();

    vi.useFakeTimers();
    stream.replaced();
    expect(stream.closed).toBe(true);
    const asked = api.requestsTo(UNREAD).length;
    unread = 2;
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(api.requestsTo(UNREAD).length).toBeGreaterThan(asked);
    vi.useRealTimers();
    expect(
      await screen.findByRole('button', { name: 'Notifications, 2 unread' }),
    ).toBeInTheDocument();
  });

  it('signs the page out when the server says its session ended elsewhere, and stops listening', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    const api = fakeApi({
      [UNREAD]: json({ unread: 1 }),
      'POST /auth/logout': json({ message: 'Signed out' }),
    });
    renderInApp(<NotificationBell userId={agent._id} />, { signedInAs: agent });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const stream = FakeEventSource.latest();
    stream.connect();

    vi.useFakeTimers();
    stream.signedOut();
    expect(stream.closed).toBe(true);
    vi.useRealTimers();
    // The cookie goes too, so a reload does not try the ended session again.
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledOnce());
    expect(api.requestsTo('POST /auth/logout')).toHaveLength(1);
    // No new stream is tried for a session that is over.
    vi.useFakeTimers();
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('makes no second sign-out when the page already signed out after a refusal', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    const server = fakeApi({
      [UNREAD]: json({ unread: 1 }),
      'GET /wishlist-properties/1': refusal(401, 'Sign in first', 'UNAUTHENTICATED'),
      'POST /auth/logout': json({ message: 'Signed out' }),
    });
    renderInApp(<NotificationBell userId={agent._id} />, { signedInAs: agent });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const stream = FakeEventSource.latest();
    stream.connect();

    await expect(api('/wishlist-properties/1', { schema: ZMessageResponse })).rejects.toThrow();
    expect(server.requestsTo('POST /auth/logout')).toHaveLength(1);
    // The server tells the stream of the sign-out the page itself asked for.
    stream.signedOut();
    await act(() => Promise.resolve());
    expect(stream.closed).toBe(true);
    expect(server.requestsTo('POST /auth/logout')).toHaveLength(1);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});
