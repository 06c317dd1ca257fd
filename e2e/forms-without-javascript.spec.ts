import { Buffer } from 'node:buffer';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, signIn, test } from './fixtures';
import { linkIn, waitForMail } from './mailbox';
import {
  accept,
  apiAs,
  inDays,
  listApprovedHome,
  offer,
  PRICE,
  registerBuyer,
  signInAs,
  unique,
} from './market';
import { drawnPng, pngFile } from './photos';

/*
 * Every form works as plain HTML: with JavaScript off in the browser, each one posts to its own
 * page and the server signs in, registers, mails, or answers the page with its messages. Nothing
 * sent ever lands in an address.
 */

test.use({
  javaScriptEnabled: false,
  // A form the server refuses answers its page with 400, 401 or 409; Chromium logs the status.
  allowedConsoleErrors: [/status of (400|401|402|409)/],
});

/** Whether an address's query carries a password or a token. */
const carriesSecret = (url: string) => /password|token|secret/i.test(new URL(url).search);

// A 48x48 teal PNG: small, but a real image the server decodes and re-encodes.
const PHOTO = {
  name: 'portrait.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAX0lEQVRYhe3WwQnAAAxC0W7gph6dv0sU0sODDBBEvz5Zf3XP+QfxUCk0HoqU9Rw/AcZSaDwUKes5hGKglULjoUhZcajAONUR5VrzY/fTLAZaKTQeipQVhwqMUx35NAovGluLefj6+ZoAAAAASUVORK5CYII=',
    'base64',
  ),
};

let people = 0;
function newPerson(label: string) {
  people += 1;
  const id = `${Date.now().toString(36)}${people}`;
  return {
    name: `${label} Plain ${id}`,
    email: `${label.toLowerCase()}-plain-${id}@example.test`,
    phone: '+1 555 010 2030',
    country: 'Portugal',
    birth: '1990-05-17',
    password: 'Secret123',
  };
}

/** Every address the browser asks for, to prove none ever carries what was typed. */
function addressesAskedBy(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

test('Sign In posts to the page: a wrong password is answered there, the right one signs in and returns', async ({
  page,
}) => {
  const asked = addressesAskedBy(page);
  const { email, password } = DEMO_ACCOUNTS.buyer;

  // A guarded page sends the visitor to sign in, as the server renders it.
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?returnTo=%2Fdashboard');
  let form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill('Not-The-Password-1');
  await form.getByRole('button', { name: 'Sign In' }).click();

  // The page again: the server's message, the address kept, the password not.
  await expect(page).toHaveURL('/login?returnTo=%2Fdashboard');
  form = page.getByRole('form', { name: 'Sign in' });
  await expect(form.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByLabel('Password', { exact: true })).toHaveValue('');

  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Profile');
  await expect(page.getByRole('region', { name: 'Profile details' })).toContainText(email);

  expect(
    asked.filter((url) => carriesSecret(url) || /Not-The-Password|Buyer123/.test(url)),
  ).toEqual([]);
});

test('Register posts to the page with the photo, which the new profile shows', async ({ page }) => {
  const asked = addressesAskedBy(page);
  const person = newPerson('Photo');
  await page.goto('/register');

  // A mistake first: the page answers with the server's message and what was typed.
  let form = page.getByRole('form', { name: 'Create your account' });
  await form.getByLabel('Full Name').fill(person.name);
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Phone Number').fill('not a phone');
  await form.getByLabel('Country').fill(person.country);
  await form.getByLabel('Date of Birth').fill(person.birth);
  await form.getByLabel('Password', { exact: true }).fill(person.password);
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register$/);
  form = page.getByRole('form', { name: 'Create your account' });
  await expect(form.getByText('Please enter a valid phone number')).toBeVisible();
  await expect(form.getByLabel('Full Name')).toHaveValue(person.name);
  await expect(form.getByLabel('Password', { exact: true })).toHaveValue('');

  await form.getByLabel('Phone Number').fill(person.phone);
  await form.getByLabel('Password', { exact: true }).fill(person.password);
  await form.getByLabel('Profile Photo').setInputFiles(PHOTO);
  await form.getByRole('button', { name: 'Register' }).click();

  // Signed in, Home, the photo kept as the new account's own.
  await expect(page).toHaveURL(/\/$/);
  const avatar = page.getByRole('banner').getByRole('img', { name: person.name });
  await expect(avatar).toHaveAttribute('src', /^\/uploads\/.+\.webp$/);
  await page.goto('/dashboard');
  const profile = page.getByRole('region', { name: 'Profile details' });
  await expect(profile).toContainText(person.email);
  await expect(profile.getByRole('img', { name: person.name })).toHaveAttribute(
    'src',
    /^\/uploads\//,
  );

  expect(asked.filter((url) => carriesSecret(url) || url.includes('Secret123'))).toEqual([]);
});

test('Forgot and Reset Password post to their pages; the token never leaves the body', async ({
  page,
}) => {
  const person = newPerson('Reset');
  const registered = await page.request.post('/auth/register', { data: person });
  expect(registered.status(), await registered.text()).toBe(200);
  await page.context().clearCookies();

  await page.goto('/forgot-password');
  const ask = page.getByRole('form', { name: 'Forgot your password?' });
  await ask.getByLabel('Email').fill(person.email);
  await ask.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('status')).toHaveText(
    'If an account exists for that e-mail address, we have sent a link to reset its password. The link works once, for 30 minutes.',
  );

  const mail = await waitForMail(person.email, /^Reset your .+ password$/);
  await page.goto(linkIn(mail, 'Choose a new password'));
  const asked = addressesAskedBy(page);
  let form = page.getByRole('form', { name: 'Set a new password' });
  await form.getByLabel('New password', { exact: true }).fill('Remembered456');
  await form.getByLabel('Confirm new password').fill('Remembered457');
  await form.getByRole('button', { name: 'Save new password' }).click();
  // The page again, its address without the token, the token still in the form.
  await expect(page).toHaveURL(/\/reset-password$/);
  form = page.getByRole('form', { name: 'Set a new password' });
  await expect(form.getByText('The passwords do not match')).toBeVisible();

  await form.getByLabel('New password', { exact: true }).fill('Remembered456');
  await form.getByLabel('Confirm new password').fill('Remembered456');
  await form.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been changed. You are signed out everywhere else.',
  );
  expect(asked.filter(carriesSecret)).toEqual([]);

  // The new password signs in, by the page's own form.
  await page.getByRole('link', { name: 'Sign in with your new password' }).click();
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(person.email);
  await signIn.getByLabel('Password', { exact: true }).fill('Remembered456');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('img', { name: person.name })).toBeVisible();
});

test("the footer's newsletter form posts to the page it is on and asks for the confirmation", async ({
  page,
}) => {
  const reader = `reader-plain-${Date.now().toString(36)}@example.test`;
  await page.goto('/about');
  const footer = page.getByRole('form', { name: 'Stay Updated' });
  await footer.getByLabel('Email address').fill(reader);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('form', { name: 'Stay Updated' }).getByRole('status')).toHaveText(
    'You have successfully subscribed. Please confirm with the link we sent to your inbox.',
  );
  await waitForMail(reader, /./);
});

test('Make Offer posts to its page: a date in the past is answered there, a good offer goes to the wishlist', async ({
  page,
  playwright,
}, testInfo) => {
  const agent = await apiAs(playwright, testInfo, 'agent');
  const admin = await apiAs(playwright, testInfo, 'admin');
  const home = await listApprovedHome(agent, admin, 'Plain Offer');
  const buyer = await registerBuyer(playwright, testInfo, 'Plain Offer Buyer');
  await signInAs(page, buyer);

  await page.goto(`/make-offer/${home.id}`);
  let form = page.getByRole('form', { name: 'Make an offer' });
  await form.getByLabel('Offer Amount ($)').fill('265000');
  await form.getByLabel('Buying Date').fill(inDays(-2));
  await form.getByRole('button', { name: 'Submit Offer' }).click();

  await expect(page).toHaveURL(new RegExp(`/make-offer/${home.id}$`));
  form = page.getByRole('form', { name: 'Make an offer' });
  await expect(form.getByText('Buying date must be in the future')).toBeVisible();
  await expect(form.getByLabel('Offer Amount ($)')).toHaveValue('265000');

  await form.getByLabel('Buying Date').fill(inDays(20));
  await form.getByRole('button', { name: 'Submit Offer' }).click();
  await expect(page).toHaveURL(/\/dashboard\/wishlist$/);
  const { user } = (await (await buyer.api.get('/auth/session')).json()) as {
    user: { uid: string };
  };
  const offers = await buyer.api.get(`/api/properties/user-requests/${user.uid}`);
  expect(JSON.stringify(await offers.json())).toContain(home.id);
});

test('notification settings post to their page and are saved as ticked', async ({
  page,
  playwright,
}, testInfo) => {
  const buyer = await registerBuyer(playwright, testInfo, 'Plain Settings');
  await signInAs(page, buyer);
  await page.goto('/dashboard/notification-settings');
  await page.getByRole('checkbox', { name: 'A new message' }).uncheck();
  await page.getByRole('radio', { name: 'Once a day' }).check();
  await page.getByRole('button', { name: 'Save settings' }).click();

  await expect(page).toHaveURL(/\/dashboard\/notification-settings$/);
  await expect(page.getByRole('status')).toHaveText('Your notification settings are saved.');
  await page.goto('/dashboard/notification-settings');
  await expect(page.getByRole('checkbox', { name: 'A new message' })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'Once a day' })).toBeChecked();
});

test("the test checkout's card details post to its page: a declined card is said, a good one pays", async ({
  page,
  playwright,
}, testInfo) => {
  const asked = addressesAskedBy(page);
  const agent = await apiAs(playwright, testInfo, 'agent');
  const admin = await apiAs(playwright, testInfo, 'admin');
  const home = await listApprovedHome(agent, admin, 'Plain Checkout');
  const buyer = await registerBuyer(playwright, testInfo, 'Plain Checkout Buyer');
  await offer(buyer, home, PRICE.min);
  await accept(agent, home, buyer);
  const session = await buyer.api.post('/api/payment/create-checkout-session', {
    data: { offer: { _id: home.id, property: { _id: home.id } } },
  });
  expect(session.status(), await session.text()).toBe(200);
  const { url } = (await session.json()) as { url: string };
  await signInAs(page, buyer);

  await page.goto(url);
  let form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill('4000 0000 0000 0002');
  await form.getByLabel('Expiry (MM/YY)').fill('12/39');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('Name on card').fill('Plain Buyer');
  await form.getByRole('button', { name: /^Pay / }).click();

  form = page.getByRole('form', { name: 'Card details' });
  await expect(form.getByRole('alert')).toContainText('Payment declined');
  await expect(form.getByLabel('Card number')).toHaveValue('');
  await expect(form.getByLabel('Name on card')).toHaveValue('Plain Buyer');

  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=demo_cs_/);
  expect(asked.filter((address) => /4242|4000|cvc/i.test(new URL(address).search))).toEqual([]);
});

test('Add Property posts to its page with its photos: a missing title is answered there, the listing then waits for approval in My Properties', async ({
  page,
  playwright,
}, testInfo) => {
  const title = `Plain Listing ${unique()}`;
  // Told apart by their shapes: the listing must show them in the order they were chosen.
  const wide = pngFile(
    'front.png',
    drawnPng({ sky: [143, 184, 201], house: [239, 230, 210], lawn: [106, 154, 79], width: 600 }),
  );
  const tall = pngFile(
    'garden.png',
    drawnPng({ sky: [201, 170, 143], house: [210, 220, 239], lawn: [79, 120, 154], width: 400 }),
  );
  await signIn(page, 'agent');

  await page.goto('/dashboard/add-property');
  let form = page.getByRole('form', { name: 'Add property' });
  await form.getByLabel('Location').fill('Rua das Flores 12, Porto');
  await form.getByLabel('Property type').selectOption('House');
  await form
    .getByLabel('Description')
    .fill('A bright family home, listed with its photos before any script ran.');
  await form.getByLabel('Minimum price ($)').fill('250000');
  await form.getByLabel('Maximum price ($)').fill('280000');
  await form.getByLabel('Bedrooms').fill('3');
  await form.getByLabel('Bathrooms').fill('2');
  await form.getByLabel('Area size (sqft)').fill('1500');
  await form.getByLabel('Garden').check();
  await form.getByLabel('Photo files').setInputFiles([wide, tall]);
  await form.getByRole('button', { name: 'Add Property' }).click();

  // The page again: the server's message, what was typed kept, the photos to choose again.
  await expect(page).toHaveURL(/\/dashboard\/add-property$/);
  form = page.getByRole('form', { name: 'Add property' });
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByLabel('Location')).toHaveValue('Rua das Flores 12, Porto');
  await expect(form.getByLabel('Property type')).toHaveValue('House');
  await expect(form.getByLabel('Garden')).toBeChecked();
  await expect(form.getByLabel('Photo files')).toHaveValue('');

  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Photo files').setInputFiles([wide, tall]);
  await form.getByRole('button', { name: 'Add Property' }).click();

  await expect(page).toHaveURL(/\/dashboard\/my-properties$/);
  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('Approval: Pending');
  const view = card.getByRole('link', { name: /^View\b/ });
  const id = (await view.getAttribute('href'))?.split('/').at(-1);
  const agent = await apiAs(playwright, testInfo, 'agent');
  const listing = await agent.get(`/api/properties/${id}`);
  expect(listing.status()).toBe(200);
  const { photos, lat } = (await listing.json()) as {
    photos: { width: number; alt: string }[];
    lat: number | null;
  };
  expect(photos.map((photo) => photo.width)).toEqual([600, 400]);
  expect(photos[0]?.alt).toBe(`${title}, photo 1 of 2`);
  // The map pin is the app's: without it the home shows in lists only.
  expect(lat).toBeNull();
});
