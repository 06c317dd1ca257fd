import { ACCOUNT_RECOVERY_MESSAGES } from '@keyhaven/shared/texts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { buyer } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { VerifyEmailPage } from './verify-email-page';

const open = (search: string) =>
  renderInApp(<VerifyEmailPage />, {
    signedInAs: { ...buyer, emailVerified: false },
    path: `/verify-email${search}`,
    route: '/verify-email',
  });

describe('VerifyEmailPage', () => {
  it('sends the token from the link once and says the address is confirmed', async () => {
    const api = fakeApi({
      'POST /auth/verify-email': json({ message: ACCOUNT_RECOVERY_MESSAGES.verified }),
      'GET /auth/session': json({ user: buyer }),
    });
    open('?token=abc.def.ghi');
    expect(await screen.findByText(ACCOUNT_RECOVERY_MESSAGES.verified)).toBeInTheDocument();
    expect(api.requestsTo('POST /auth/verify-email').map((request) => request.body)).toEqual([
      { token: 'abc.def.ghi' },
    ]);
  });

  it('says a refused or missing link is invalid', async () => {
    fakeApi({
      'POST /auth/verify-email': refusal(
        400,
        ACCOUNT_RECOVERY_MESSAGES.verifyInvalid,
        'VALIDATION_FAILED',
      ),
    });
    const { unmount } = open('?token=expired');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      ACCOUNT_RECOVERY_MESSAGES.verifyInvalid,
    );
    unmount();
    const api = fakeApi({});
    open('');
    expect(screen.getByRole('alert')).toHaveTextContent(ACCOUNT_RECOVERY_MESSAGES.verifyInvalid);
    expect(api.sent).toEqual([]);
  });
});
