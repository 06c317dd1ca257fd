import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { buyer } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { LazyNotificationBell } from './lazy-notification-bell';

describe('the bell in the navigation bar', () => {
  it('arrives after the page, in the place kept for it, and opens its stream', async () => {
    const opened: string[] = [];
    vi.stubGlobal(
      'EventSource',
      class extends EventTarget {
        constructor(url: string) {
          super();
          opened.push(url);
        }
        close() {}
      },
    );
    fakeApi({ 'GET /api/notifications/unread-count': json({ unread: 5 }) });
    renderInApp(<LazyNotificationBell userId={buyer._id} />, { signedInAs: buyer });

    expect(
      await screen.findByRole('button', { name: 'Notifications, 5 unread' }),
    ).toBeInTheDocument();
    expect(opened).toEqual(['/api/notifications/stream']);
  });
});
