import { AUTH_MESSAGES, requiredMessage } from '@keyhaven/shared/texts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { buyer } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { LoginForm } from './login-form';

const signedIn = { user: buyer, token: 'session-token' };

function renderLogin() {
  const onSuccess = vi.fn();
  const view = renderInApp(<LoginForm onSuccess={onSuccess} />);
  const email = screen.getByLabelText('Email');
  const password = screen.getByLabelText('Password');
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Sign In' }));
  return { ...view, onSuccess, email, password, submit };
}

describe('LoginForm', () => {
  it('asks for both fields, and sends nothing', async () => {
    const api = fakeApi({});
    const { submit, email, password } = renderLogin();
    await submit();
    expect(await screen.findByText(requiredMessage('Email'))).toBeInTheDocument();
    expect(screen.getByText(requiredMessage('Password'))).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription(requiredMessage('Email'));
    expect(email).toBeInvalid();
    expect(password).toBeInvalid();
    expect(api.sent).toEqual([]);
  });

  it('refuses an e-mail that is not an address', async () => {
    const { user, submit, email, password } = renderLogin();
    await user.type(email, 'buyer1.keyhaven.test');
    await user.type(password, 'Buyer123');
    await submit();
    expect(await screen.findByText(AUTH_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription(AUTH_MESSAGES.invalidEmail);
  });

  it('refuses an e-mail longer than any address', async () => {
    const { user, submit, email } = renderLogin();
    await user.click(email);
    await user.paste(`${'a'.repeat(250)}@keyhaven.test`);
    await submit();
    expect(await screen.findByText('Email must be at most 254 characters')).toBeInTheDocument();
  });

  it('says a password longer than any account has is too long, and sends nothing', async () => {
    const api = fakeApi({});
    const { user, submit, email, password } = renderLogin();
    await user.type(email, buyer.email);
    await user.click(password);
    await user.paste('Buyer123'.padEnd(129, 'x'));
    await submit();
    const tooLong = 'Password must be at most 128 characters';
    expect(await screen.findByText(tooLong)).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(tooLong);
    expect(password).toBeInvalid();
    expect(api.sent).toEqual([]);
  });

  it('signs in with the trimmed, lower-cased e-mail and the password as typed', async () => {
    const api = fakeApi({
      'POST /auth/login': json(signedIn),
      'GET /auth/session': json({ user: buyer }),
    });
    const { user, submit, email, password, onSuccess } = renderLogin();
    await user.type(email, '  Buyer1@Keyhaven.TEST ');
    await user.type(password, 'Buyer123');
    await submit();
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(onSuccess.mock.lastCall?.[0]).toEqual(signedIn);
    expect(api.requestsTo('POST /auth/login').map((request) => request.body)).toEqual([
      { email: 'buyer1@keyhaven.test', password: 'Buyer123' },
    ]);
  });

  it('submits with Enter, and moves focus to the first field to fix', async () => {
    const { user, email, password } = renderLogin();
    await user.type(password, 'Buyer123{Enter}');
    expect(await screen.findByText(requiredMessage('Email'))).toBeInTheDocument();
    expect(email).toHaveFocus();
  });

  it('signs in with Enter once the fields are filled', async () => {
    const api = fakeApi({
      'POST /auth/login': json(signedIn),
      'GET /auth/session': json({ user: buyer }),
    });
    const { user, email, password, onSuccess } = renderLogin();
    await user.type(email, buyer.email);
    await user.type(password, 'Buyer123{Enter}');
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(api.requestsTo('POST /auth/login')).toHaveLength(1);
  });

  it("shows the server's reason beside the form and in the Login Failed popup", async () => {
    fakeApi({
      'POST /auth/login': refusal(401, AUTH_MESSAGES.invalidCredentials, 'UNAUTHENTICATED'),
    });
    const { user, submit, email, password, onSuccess } = renderLogin();
    await user.type(email, buyer.email);
    await user.type(password, 'Wrong123');
    await submit();
    const popup = await screen.findByRole('alertdialog', { name: AUTH_MESSAGES.loginFailedTitle });
    expect(within(popup).getByText(AUTH_MESSAGES.invalidCredentials)).toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(within(form).getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.invalidCredentials);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('says the sign-in failed when the server gives no reason', async () => {
    fakeApi({ 'POST /auth/login': new Response('Bad gateway', { status: 502 }) });
    const { user, submit, email, password } = renderLogin();
    await user.type(email, buyer.email);
    await user.type(password, 'Buyer123');
    await submit();
    const popup = await screen.findByRole('alertdialog', { name: AUTH_MESSAGES.loginFailedTitle });
    expect(within(popup).getByText(AUTH_MESSAGES.loginFailed)).toBeInTheDocument();
  });
});
