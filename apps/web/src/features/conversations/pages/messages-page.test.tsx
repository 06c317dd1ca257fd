import { CONVERSATION_MESSAGES } from '@keyhaven/shared/texts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { agent, buyer, conversation } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { MessagesPage } from './messages-page';

describe('MessagesPage', () => {
  it('lists each conversation with the other person, the listing, the last message and its unread count', async () => {
    fakeApi({
      'GET /api/conversations': json([
        conversation({ unread: 2 }),
        conversation({
          _id: 'c-2',
          role: 'agent',
          propertyTitle: 'Town flat',
          buyerName: 'Carl Client',
          lastMessage: 'Can I visit on Friday?',
        }),
      ]),
    });
    const { user } = renderInApp(<MessagesPage />, { signedInAs: buyer });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first).toHaveTextContent('Alex Agent');
    expect(first).toHaveTextContent('Sunny Lakeside Cottage');
    expect(first).toHaveTextContent('Yes, the jetty is private.');
    expect(first).toHaveTextContent('2 unread messages');
    expect(second).toHaveTextContent('Carl Client');
    expect(second).toHaveTextContent('Can I visit on Friday?');
    expect(second).not.toHaveTextContent('unread');
    await user.click(first as HTMLElement);
    expect(screen.getByText('Now at /dashboard/messages/c-1')).toBeInTheDocument();
  });

  it('says when there are no messages yet', async () => {
    fakeApi({ 'GET /api/conversations': json([]) });
    renderInApp(<MessagesPage />, { signedInAs: agent });
    expect(await screen.findByText(CONVERSATION_MESSAGES.empty)).toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    // A refusal is not retried by itself, and its reason is the server's.
    let answer = refusal(429, 'Too many requests. Try again in a minute.', 'RATE_LIMITED');
    fakeApi({ 'GET /api/conversations': () => answer });
    const { user } = renderInApp(<MessagesPage />, { signedInAs: buyer });
    expect(
      await screen.findByText('Too many requests. Try again in a minute.'),
    ).toBeInTheDocument();
    answer = json([conversation()]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Conversations' })).toBeInTheDocument();
  });
});
