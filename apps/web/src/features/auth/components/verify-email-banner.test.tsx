import { ACCOUNT_RECOVERY_MESSAGES } from '@keyhaven/shared/texts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { buyer } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { VerifyEmailBanner } from './verify-email-banner';

const unverified = { ...buyer, emailVerified: false };

describe('VerifyEmailBanner', () => {
  it('asks a signed-in person with an unconfirmed address to confirm it, and sends the link again', async () => {
    const api = fakeApi({
      'POST /auth/verify-email/resend': json({ message: ACCOUNT_RECOVERY_MESSAGES.verifyResent }),
    });
    const { user } = renderInApp(<VerifyEmailBanner />, { signedInAs: unverified });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(ACCOUNT_RECOVERY_MESSAGES.verifyBanner);
    await user.click(screen.getByRole('button', { name: ACCOUNT_RECOVERY_MESSAGES.verifyResend }));
    expect(await screen.findByText(ACCOUNT_RECOVERY_MESSAGES.verifyResent)).toBeInTheDocument();
    expect(status).toHaveTextContent(ACCOUNT_RECOVERY_MESSAGES.verifyResent);
    expect(api.requestsTo('POST /auth/verify-email/resend')).toHaveLength(1);
  });

  it('says when the links asked for are too many, and stays signed in', async () => {
    const api = fakeApi({
      'POST /auth/verify-email/resend': refusal(
        429,
        ACCOUNT_RECOVERY_MESSAGES.verifyResendTooSoon,
        'RATE_LIMITED',
      ),
    });
    const { user } = renderInApp(<VerifyEmailBanner />, { signedInAs: unverified });
    await user.click(screen.getByRole('button', { name: ACCOUNT_RECOVERY_MESSAGES.verifyResend }));
    expect(
      await screen.findByText(ACCOUNT_RECOVERY_MESSAGES.verifyResendTooSoon),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST /auth/logout')).toEqual([]);
  });

  it('shows nothing to visitors, to confirmed accounts, and on the confirmation page', async () => {
    const api = fakeApi({ 'GET /auth/session': json({ user: null }) });
    const { unmount } = renderInApp(<VerifyEmailBanner />);
    await vi.waitFor(() => expect(api.requestsTo('GET /auth/session')).toHaveLength(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    unmount();
    const confirmed = renderInApp(<VerifyEmailBanner />, { signedInAs: buyer });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    confirmed.unmount();
    renderInApp(<VerifyEmailBanner />, { signedInAs: unverified, path: '/verify-email' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
