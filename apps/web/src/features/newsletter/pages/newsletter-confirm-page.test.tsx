import { NEWSLETTER_MESSAGES } from '@keyhaven/shared/texts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { renderInApp } from '@/test/render';
import { NewsletterConfirmPage } from './newsletter-confirm-page';

const CONFIRM = 'POST /api/subscribe/confirm';

const renderPage = (path: string) =>
  renderInApp(<NewsletterConfirmPage />, { path, route: '/newsletter/confirm' });

describe('the newsletter confirmation page', () => {
  it('confirms only once the button is pressed, then shows the server’s answer', async () => {
    const api = fakeApi({ [CONFIRM]: json({ message: NEWSLETTER_MESSAGES.confirmed }) });
    const { user } = renderPage('/newsletter/confirm?token=mailed-token');

    // Opening the link (as a mail scanner does) confirms nothing.
    const button = screen.getByRole('button', { name: NEWSLETTER_MESSAGES.confirmAction });
    expect(api.sent).toHaveLength(0);

    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(NEWSLETTER_MESSAGES.confirmed);
    expect(api.requestsTo(CONFIRM)).toEqual([
      { method: 'POST', path: '/api/subscribe/confirm', body: { token: 'mailed-token' } },
    ]);
  });

  it('says a link the server refuses is invalid or expired', async () => {
    fakeApi({ [CONFIRM]: refusal(400, NEWSLETTER_MESSAGES.confirmInvalid, 'VALIDATION_FAILED') });
    const { user } = renderPage('/newsletter/confirm?token=old');

    await user.click(screen.getByRole('button', { name: NEWSLETTER_MESSAGES.confirmAction }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NEWSLETTER_MESSAGES.confirmInvalid);
  });
});
