import { ACCOUNT_RECOVERY_MESSAGES, AUTH_MESSAGES, requiredMessage } from '@keyhaven/shared/texts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { renderInApp } from '@/test/render';
import { ForgotPasswordForm } from './forgot-password-form';

const sent = { message: ACCOUNT_RECOVERY_MESSAGES.forgotSent };

function renderForm() {
  const view = renderInApp(<ForgotPasswordForm />);
  const email = screen.getByLabelText('Email');
  const submit = () =>
    view.user.click(screen.getByRole('button', { name: ACCOUNT_RECOVERY_MESSAGES.forgotSubmit }));
  return { ...view, email, submit };
}

describe('ForgotPasswordForm', () => {
  it('asks for an address, then one that is an address, and sends nothing', async () => {
    const api = fakeApi({});
    const { user, email, submit } = renderForm();
    await submit();
    expect(await screen.findByText(requiredMessage('Email'))).toBeInTheDocument();
    expect(email).toBeInvalid();
    expect(email).toHaveFocus();
    await user.type(email, 'not-an-address');
    await submit();
    expect(await screen.findByText(AUTH_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription(AUTH_MESSAGES.invalidEmail);
    expect(api.sent).toEqual([]);
  });

  it("sends the lower-cased address with Enter and shows the server's answer", async () => {
    let answer: (response: Response) => void = () => {};
    const api = fakeApi({
      'POST /auth/forgot-password': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user, email } = renderForm();
    await user.type(email, ' Someone@Example.TEST {Enter}');
    const pending = await screen.findByRole('button', { name: /Sending/ });
    expect(pending).toBeDisabled();
    answer(json(sent));
    expect(await screen.findByRole('status')).toHaveTextContent(
      ACCOUNT_RECOVERY_MESSAGES.forgotSent,
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: ACCOUNT_RECOVERY_MESSAGES.backToSignIn }),
    ).toHaveAttribute('href', '/login');
    expect(api.requestsTo('POST /auth/forgot-password').map((request) => request.body)).toEqual([
      { email: 'someone@example.test' },
    ]);
  });

  it("shows the server's refusal, and a general message when the server gives none", async () => {
    const wait = 'Too many requests, please try again later';
    fakeApi({ 'POST /auth/forgot-password': refusal(429, wait, 'RATE_LIMITED') });
    const { user, email, submit } = renderForm();
    await user.type(email, 'someone@example.test');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(wait);

    fakeApi({ 'POST /auth/forgot-password': new Response('Bad gateway', { status: 502 }) });
    await submit();
    expect(await screen.findByText(ACCOUNT_RECOVERY_MESSAGES.forgotFailed)).toBeInTheDocument();
  });
});
