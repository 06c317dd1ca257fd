import type { Notification, NotificationsPage as NotificationsPageAnswer } from '@keyhaven/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { buyer } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { NotificationsPage } from './notifications-page';

const notification = (id: number, read: boolean): Notification => ({
  _id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  kind: 'offer_accepted',
  title: `Offer accepted ${id}`,
  body: 'Your offer for Lakeside Cottage was accepted. Pay within 7 days.',
  link: '/dashboard/bought',
  read,
  createdAt: new Date(Date.now() - id * 3_600_000).toISOString(),
});

const renderPage = (path = '/dashboard/notifications') =>
  renderInApp(<NotificationsPage />, {
    signedInAs: buyer,
    path,
    route: '/dashboard/notifications',
  });

describe('the notifications page', () => {
  it('pages through every notification, 20 at a time', async () => {
    const answer = (page: number): NotificationsPageAnswer => ({
      items: Array.from({ length: page === 1 ? 20 : 5 }, (_, index) =>
        notification((page - 1) * 20 + index + 1, index > 0),
      ),
      total: 25,
      unread: 2,
    });
    fakeApi({
      'GET /api/notifications?page=1&limit=20': json(answer(1)),
      'GET /api/notifications?page=2&limit=20': json(answer(2)),
    });
    const { user } = renderPage();

    const list = await screen.findByRole('list', { name: 'All notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('25 notifications')).toBeInTheDocument();
    const [first, second] = within(list).getAllByRole('link');
    expect(first).toHaveAccessibleName(/^Unread: Offer accepted 1\b/);
    expect(first).toHaveAttribute('href', '/dashboard/bought');
    expect(first).toHaveTextContent('1 hour ago');
    expect(second).toHaveAccessibleName(/^Offer accepted 2\b/);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5));
    expect(within(list).getByRole('link', { name: /Unread: Offer accepted 21/ })).toBeVisible();
  });

  it('marks one read, then focus goes to it', async () => {
    let read = false;
    const api = fakeApi({
      'GET /api/notifications?page=1&limit=20': () =>
        json({
          items: [notification(1, read), notification(2, true)],
          total: 2,
          unread: read ? 0 : 1,
        }),
      'POST /api/notifications/00000000-0000-4000-8000-000000000001/read': () => {
        read = true;
        return json({ unread: 0 });
      },
    });
    const { user } = renderPage();

    const list = await screen.findByRole('list', { name: 'All notifications' });
    const buttons = within(list).getAllByRole('button', { name: 'Mark as read' });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0] as HTMLElement);

    const item = await within(list).findByRole('link', { name: /^Offer accepted 1/ });
    expect(item).toHaveFocus();
    expect(within(list).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(
      api.requestsTo('POST /api/notifications/00000000-0000-4000-8000-000000000001/read'),
    ).toHaveLength(1);
  });

  it('marks all read', async () => {
    let unread = 2;
    const api = fakeApi({
      'GET /api/notifications?page=1&limit=20': () =>
        json({
          items: [notification(1, unread === 0), notification(2, unread === 0)],
          total: 2,
          unread,
        }),
      'POST /api/notifications/read-all': () => {
        unread = 0;
        return json({ unread: 0 });
      },
    });
    const { user } = renderPage();

    const list = await screen.findByRole('list', { name: 'All notifications' });
    expect(within(list).getAllByRole('button', { name: 'Mark as read' })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));

    await waitFor(() =>
      expect(within(list).queryAllByRole('button', { name: 'Mark as read' })).toHaveLength(0),
    );
    expect(api.requestsTo('POST /api/notifications/read-all')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('says when there is nothing yet', async () => {
    fakeApi({
      'GET /api/notifications?page=1&limit=20': json({ items: [], total: 0, unread: 0 }),
    });
    renderPage();
    expect(await screen.findByText('You have no notifications yet.')).toHaveAttribute(
      'role',
      'status',
    );
  });
});
