import type { Page } from '@playwright/test';
import { expect, signOutOf, test } from './fixtures';
import { linkIn, waitForMail } from './mailbox';

/*
 * A forgotten password is set anew through the link the reset e-mail carries (read from the
 * SMTP server the e2e server runs), as a person locked out would do it.
 */

/** A buyer of the demo seed no other spec signs in as: their password changes here. */
const PERSON = { email: 'buyer3@keyhaven.test', password: 'Buyer123', name: 'Mei Chen' };
const NEW_PASSWORD = 'Remembered456';

/** Signs in through the login page; answers the form for what follows. */
async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  return form;
}

/** Types a new password twice on the reset page and saves it. */
async function setNewPassword(page: Page, password: string) {
  const form = page.getByRole('form', { name: 'Set a new password' });
  await form.getByLabel('New password', { exact: true }).fill(password);
  await form.getByLabel('Confirm new password').fill(password);
  await form.getByRole('button', { name: 'Save new password' }).click();
}

test.describe('a forgotten password', () => {
  // The old password and the used link are refused on purpose; Chromium logs both answers.
  test.use({ allowedConsoleErrors: [/status of (400|401)/] });

  test('is reset from the link in the e-mail; the old password and the used link stop working', async ({
    page,
    playwright,
  }, testInfo) => {
    test.slow();
    // Signed in on another device, which the reset signs out.
    const elsewhere = await playwright.request.newContext({
      baseURL: testInfo.project.use.baseURL,
    });
    const signedIn = await elsewhere.post('/auth/login', {
      data: { email: PERSON.email, password: PERSON.password },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    expect(await (await elsewhere.get('/auth/session')).json()).toMatchObject({
      user: { email: PERSON.email },
    });

    // From the login page's link, the person asks for a reset for their address.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
    const ask = page.getByRole('form', { name: 'Forgot your password?' });
    await ask.getByLabel('Email').fill(PERSON.email);
    await ask.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'If an account exists for that e-mail address, we have sent a link to reset its password. The link works once, for 30 minutes.',
    );

    // The mail holds the link; it opens the page to choose a new password.
    const mail = await waitForMail(PERSON.email, /^Reset your .+ password$/);
    // A reset may reach an address its account never confirmed: it names no one.
    expect(mail.text).toContain('Hello,');
    expect(mail.text).not.toContain(PERSON.name);
    const resetLink = linkIn(mail, 'Choose a new password');
    expect(resetLink).toMatch(
      new RegExp(`^${testInfo.project.use.baseURL}/reset-password\\?token=`),
    );
    await page.goto(resetLink);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set a new password');
    await setNewPassword(page, NEW_PASSWORD);
    await expect(page.getByRole('status')).toHaveText(
      'Your password has been changed. You are signed out everywhere else.',
    );

    // A notice of the change follows, and the session the person had elsewhere is over.
    const notice = await waitForMail(PERSON.email, /^Your .+ password was changed$/);
    expect(linkIn(notice, /./)).toMatch(/^http/);
    // (Each server keeps a session's user for a few seconds: the end shows within them.)
    await expect
      .poll(async () => (await elsewhere.get('/auth/session')).json(), { timeout: 15_000 })
      .toEqual({ user: null });
    await elsewhere.dispose();

    // The new password signs in.
    await page.getByRole('link', { name: 'Sign in with your new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, PERSON.email, NEW_PASSWORD);
    await expect(page).not.toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();

    // The old one no longer does.
    await signOutOf(page);
    const form = await logIn(page, PERSON.email, PERSON.password);
    const popup = page.getByRole('alertdialog', { name: 'Login Failed' });
    await expect(popup).toContainText('Invalid email or password');
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(form.getByRole('alert')).toHaveText('Invalid email or password');

    // The link works once: opened again, it is refused and offers to ask for a new one.
    await page.goto(resetLink);
    await setNewPassword(page, 'Another789');
    await expect(page.getByRole('alert')).toHaveText(
      'This reset link is invalid or has expired. Ask for a new one.',
    );
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    // And the password it tried to set was not set.
    await page.context().clearCookies();
    await logIn(page, PERSON.email, 'Another789');
    await expect(page.getByRole('alertdialog', { name: 'Login Failed' })).toBeVisible();
  });
});
