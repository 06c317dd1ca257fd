import { ACCOUNT_RECOVERY_MESSAGES, AUTH_MESSAGES } from '@keyhaven/shared/texts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { renderInApp } from '@/test/render';
import { ResetPasswordForm } from './reset-password-form';

const TOKEN = 'reset-token-from-the-mail';

function renderForm() {
  const view = renderInApp(<ResetPasswordForm token={TOKEN} />);
  const password = screen.getByLabelText(ACCOUNT_RECOVERY_MESSAGES.newPasswordLabel);
  const confirm = screen.getByLabelText(ACCOUNT_RECOVERY_MESSAGES.confirmPasswordLabel);
  const submit = () =>
    view.user.click(screen.getByRole('button', { name: ACCOUNT_RECOVERY_MESSAGES.resetSubmit }));
  return { ...view, password, confirm, submit };
}

describe('ResetPasswordForm', () => {
  it('holds the new password to the registration rules and to its repetition', async () => {
    const api = fakeApi({});
    const { user, password, confirm, submit } = renderForm();
    await user.type(password, 'Ab1');
    await submit();
    expect(await screen.findByText(AUTH_MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(password).toHaveFocus();
    expect(screen.getByText(ACCOUNT_RECOVERY_MESSAGES.confirmPasswordRequired)).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'alllowercase1');
    await submit();
    expect(await screen.findByText(AUTH_MESSAGES.passwordTooWeak)).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'Brand9New');
    await user.type(confirm, 'Brand9Nw');
    await submit();
    expect(await screen.findByText(ACCOUNT_RECOVERY_MESSAGES.passwordsDiffer)).toBeInTheDocument();
    expect(confirm).toHaveAccessibleDescription(ACCOUNT_RECOVERY_MESSAGES.passwordsDiffer);
    expect(api.sent).toEqual([]);
  });

  it('sends the token and the new password, then points to sign in', async () => {
    const api = fakeApi({
      'POST /auth/reset-password': json({ message: ACCOUNT_RECOVERY_MESSAGES.resetDone }),
      'GET /auth/session': json({ user: null }),
    });
    const { user, password, confirm } = renderForm();
    await user.type(password, 'Brand9New');
    await user.type(confirm, 'Brand9New{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(
      ACCOUNT_RECOVERY_MESSAGES.resetDone,
    );
    expect(
      screen.getByRole('link', { name: ACCOUNT_RECOVERY_MESSAGES.resetSignIn }),
    ).toHaveAttribute('href', '/login');
    expect(api.requestsTo('POST /auth/reset-password').map((request) => request.body)).toEqual([
      { token: TOKEN, password: 'Brand9New' },
    ]);
  });

  it('offers a new link when the server refuses this one', async () => {
    fakeApi({
      'POST /auth/reset-password': refusal(
        400,
        ACCOUNT_RECOVERY_MESSAGES.resetInvalid,
        'VALIDATION_FAILED',
      ),
    });
    const { user, password, confirm, submit } = renderForm();
    await user.type(password, 'Brand9New');
    await user.type(confirm, 'Brand9New');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      ACCOUNT_RECOVERY_MESSAGES.resetInvalid,
    );
    expect(screen.getByRole('link', { name: ACCOUNT_RECOVERY_MESSAGES.askAgain })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it("shows the server's word on the password by the field", async () => {
    fakeApi({
      'POST /auth/reset-password': refusal(
        400,
        AUTH_MESSAGES.passwordTooWeak,
        'VALIDATION_FAILED',
        {
          password: AUTH_MESSAGES.passwordTooWeak,
        },
      ),
    });
    const { user, password, confirm, submit } = renderForm();
    await user.type(password, 'Brand9New');
    await user.type(confirm, 'Brand9New');
    await submit();
    expect(await screen.findByText(AUTH_MESSAGES.passwordTooWeak)).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(AUTH_MESSAGES.passwordTooWeak);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
