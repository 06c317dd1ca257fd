import type { ConversationThread } from '@keyhaven/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConversationPage } from '@/features/conversations/pages/conversation-page';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { fakeApi, json } from '@/test/fake-api';
import { FakeEventSource } from '@/test/fake-event-source';
import { agent, buyer, conversation } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { DashboardLayout } from './dashboard-layout';

const UNREAD_MESSAGES = 'GET /api/conversations/unread-count';
const UNREAD_NOTIFICATIONS = 'GET /api/notifications/unread-count';

const THREAD: ConversationThread = {
  conversation: conversation({ unread: 1 }),
  messages: [
    {
      _id: 'm-1',
      mine: false,
      senderName: 'Alex Agent',
      sender: 'agent',
      body: 'Yes, the jetty is private.',
      removed: false,
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ],
};

/** The sidebar's menu; the phone's drawer holds the same one, folded away. */
const dashboardMenu = () => screen.getByRole('navigation', { name: 'Dashboard' });

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

describe('the dashboard menu', () => {
  it('shows how many messages are unread on Messages and on the phone’s menu button', async () => {
    fakeApi({ [UNREAD_MESSAGES]: json({ unread: 3 }) });
    renderInApp(<DashboardLayout />, { signedInAs: buyer, path: '/dashboard' });

    const messages = await within(dashboardMenu()).findByRole('link', {
      name: 'Messages (3 unread messages)',
    });
    expect(messages).toHaveTextContent(/^Messages3/);
    expect(screen.getByRole('button', { name: 'Open dashboard menu' })).toHaveTextContent(
      'Dashboard menu3',
    );
  });

  it('shows no count while every message is read', async () => {
    const api = fakeApi({ [UNREAD_MESSAGES]: json({ unread: 0 }) });
    renderInApp(<DashboardLayout />, { signedInAs: agent, path: '/dashboard' });

    await vi.waitFor(() => expect(api.requestsTo(UNREAD_MESSAGES)).toHaveLength(1));
    expect(within(dashboardMenu()).getByRole('link', { name: 'Messages' })).toHaveTextContent(
      /^Messages$/,
    );
  });

  it('counts a message the moment the live stream tells of it', async () => {
    let unread = 0;
    fakeApi({
      [UNREAD_MESSAGES]: () => json({ unread }),
      [UNREAD_NOTIFICATIONS]: json({ unread: 0 }),
    });
    renderInApp(
      <>
        <NotificationBell userId={buyer._id} />
        <DashboardLayout />
      </>,
      { signedInAs: buyer, path: '/dashboard' },
    );
    const menu = dashboardMenu();
    await within(menu).findByRole('link', { name: 'Messages' });

    const stream = FakeEventSource.latest();
    stream.connect();
    unread = 1;
    stream.messages();
    expect(
      await within(menu).findByRole('link', { name: 'Messages (1 unread message)' }),
    ).toBeInTheDocument();
  });

  it('drops the count once the conversation is read', async () => {
    let unread = 2;
    let answerThread = () => {};
    const threadAsked = new Promise<void>((resolve) => {
      answerThread = resolve;
    });
    fakeApi({
      [UNREAD_MESSAGES]: () => json({ unread }),
      'GET /api/conversations/c-1': async () => {
        await threadAsked;
        // The server marks the conversation read for its reader as it answers.
        unread = 0;
        return json(THREAD);
      },
    });
    renderInApp(
      <>
        <DashboardLayout />
        <ConversationPage />
      </>,
      { signedInAs: buyer, path: '/dashboard/messages/c-1', route: '/dashboard/messages/:id' },
    );
    const menu = dashboardMenu();
    await within(menu).findByRole('link', { name: 'Messages (2 unread messages)' });

    answerThread();
    expect(await screen.findByText('Yes, the jetty is private.')).toBeInTheDocument();
    expect(await within(menu).findByRole('link', { name: 'Messages' })).toHaveTextContent(
      /^Messages$/,
    );
  });
});
