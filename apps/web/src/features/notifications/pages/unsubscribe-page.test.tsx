import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { renderInApp } from '@/test/render';
import { UnsubscribePage } from './unsubscribe-page';

const UNSUBSCRIBE = 'POST /api/unsubscribe';

const renderPage = (path: string) =>
  renderInApp(<UnsubscribePage />, { path, route: '/unsubscribe' });

describe('the unsubscribe page', () => {
  it('unsubscribes only once the button is pressed, then says so', async () => {
    const api = fakeApi({ [UNSUBSCRIBE]: json({ message: 'Unsubscribed' }) });
    const { user } = renderPage('/unsubscribe?token=signed.token-1');

    // Opening the link (as a mail scanner does) changes nothing.
    const button = screen.getByRole('button', { name: 'Unsubscribe' });
    expect(api.sent).toHaveLength(0);

    await user.click(button);
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('You will no longer receive these e-mails.');
    expect(api.requestsTo(UNSUBSCRIBE)).toEqual([
      { method: 'POST', path: '/api/unsubscribe', body: { token: 'signed.token-1' } },
    ]);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    // Focus moves to the answer rather than being lost with the button.
    expect(done.parentElement).toHaveFocus();
  });

  it('says a token the server did not sign is invalid', async () => {
    fakeApi({ [UNSUBSCRIBE]: refusal(400, 'Invalid token', 'VALIDATION_FAILED') });
    const { user } = renderPage('/unsubscribe?token=forged');

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is invalid.');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('says a link without a token is invalid, and offers no button', () => {
    const api = fakeApi({});
    renderPage('/unsubscribe');

    expect(screen.getByRole('alert')).toHaveTextContent('This unsubscribe link is invalid.');
    expect(screen.queryByRole('button')).toBeNull();
    expect(api.sent).toHaveLength(0);
  });

  it('lets the person try again when the server could not be reached', async () => {
    let reachable = false;
    fakeApi({
      [UNSUBSCRIBE]: () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return json({ message: 'Unsubscribed' });
      },
    });
    const { user } = renderPage('/unsubscribe?token=signed.token-1');

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Check your connection and try again.',
    );

    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You will no longer receive these e-mails.',
    );
  });
});
