import { Buffer } from 'node:buffer';
import { ACCOUNT_LABELS } from '@keyhaven/shared/texts';
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, expectNoSeriousA11yViolations, signIn, test } from './fixtures';

// A 48x48 teal PNG: small, but a real image the server decodes and re-encodes.
const PHOTO = {
  name: 'portrait.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAX0lEQVRYhe3WwQnAAAxC0W7gph6dv0sU0sODDBBEvz5Zf3XP+QfxUCk0HoqU9Rw/AcZSaDwUKes5hGKglULjoUhZcajAONUR5VrzY/fTLAZaKTQeipQVhwqMUx35NAovGluLefj6+ZoAAAAASUVORK5CYII=',
    'base64',
  ),
};

type Person = {
  name: string;
  email: string;
  phone: string;
  country: string;
  birth: string;
  password: string;
};

let people = 0;
/** A new person with a unique e-mail, so the tests never depend on each other's accounts. */
function newPerson(label: string): Person {
  people += 1;
  const id = `${Date.now().toString(36)}${people}`;
  return {
    name: `${label} Tester ${id}`,
    email: `${label.toLowerCase()}-${id}@example.test`,
    phone: '+1 555 010 2030',
    country: 'Portugal',
    birth: '1990-05-17',
    password: 'Secret123',
  };
}

/** Registers through the API; the session cookie lands in the page's browser context. */
async function registerViaApi(page: Page, person: Person) {
  const response = await page.request.post('/auth/register', { data: person });
  expect(response.status(), await response.text()).toBe(200);
}

async function fillRegistration(page: Page, person: Person) {
  const form = page.getByRole('form', { name: 'Create your account' });
  await form.getByLabel('Full Name').fill(person.name);
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Phone Number').fill(person.phone);
  await form.getByLabel('Country').fill(person.country);
  await form.getByLabel('Date of Birth').fill(person.birth);
  await form.getByLabel('Password', { exact: true }).fill(person.password);
  return form;
}

/** A second browser, signed in as the demo admin, for the moves only an admin can make. */
async function adminPage(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, 'admin');
  return page;
}

/** The user's row (or card on a phone) in Manage Users, paging forward until it shows. */
async function userEntry(page: Page, email: string): Promise<Locator> {
  await page.goto('/dashboard/manage-users');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Users');
  const entry = page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: email });
  const next = page.getByRole('navigation', { name: 'Users pages' }).getByRole('button', {
    name: 'Next page',
  });
  await expect(page.getByText(/^\d+ users?$/)).toBeVisible();
  while ((await entry.count()) === 0 && (await next.isVisible()) && (await next.isEnabled())) {
    await next.click();
    await expect(page.getByRole('status', { name: 'Loading users' })).toHaveCount(0);
    await page.waitForLoadState('networkidle');
  }
  await expect(entry).toHaveCount(1);
  return entry;
}

test('a visitor registers with a photo, logs out, and signing in returns to the page they wanted', async ({
  page,
}) => {
  const person = newPerson('Photo');
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Your Account');
  const form = await fillRegistration(page, person);

  // Uploading takes an account: choosing the photo only previews it, from the file itself.
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (['/auth/register', '/api/uploads', '/api/profile/photo'].includes(path)) {
      calls.push(`${request.method()} ${path}`);
    }
  });
  await form.getByLabel('Profile Photo').setInputFiles(PHOTO);
  await expect(form.getByRole('img', { name: 'Preview of your chosen file' })).toHaveAttribute(
    'src',
    /^blob:/,
  );
  expect(calls).toEqual([]);

  // Hold the upload until the uploading state has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/uploads?*', async (route) => {
    await held;
    await route.continue();
  });
  const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/uploads');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/profile/photo'));
  await form.getByRole('button', { name: 'Register' }).click();
  // The account exists before the photo is sent; meanwhile the form cannot be sent again.
  await expect(form.getByText('Uploading photo...')).toBeVisible();
  await expect(form.getByRole('button', { name: /Register/ })).toBeDisabled();
  release();
  const upload = await uploaded;
  expect(upload.status()).toBe(200);
  expect(new URL(upload.url()).searchParams.get('purpose')).toBe('avatar');
  expect((await saved).status()).toBe(200);
  expect(calls).toEqual(['POST /auth/register', 'POST /api/uploads', 'PATCH /api/profile/photo']);
  await expect(page.getByText('Image uploaded successfully!')).toBeVisible();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Registered successfully!')).toBeVisible();
  const banner = page.getByRole('banner');
  const avatar = banner.getByRole('img', { name: person.name });
  await expect(avatar).toBeVisible();
  await expect(avatar).toHaveAttribute('src', /^\/uploads\/.+\.webp$/);

  await banner.getByRole('button', { name: 'Log Out' }).click();
  const loggedOut = page.getByRole('dialog', { name: 'Log Out Successful' });
  await loggedOut.getByRole('button', { name: 'OK' }).click();
  await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?returnTo=%2Fdashboard');
  const signInForm = page.getByRole('form', { name: 'Sign in' });
  await signInForm.getByLabel('Email').fill(person.email);
  await signInForm.getByLabel('Password', { exact: true }).fill(person.password);
  await signInForm.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Profile');
  const profile = page.getByRole('region', { name: 'Profile details' });
  for (const text of [person.name, person.email, person.phone, person.country, 'May 17, 1990']) {
    await expect(profile).toContainText(text);
  }
  await expect(profile.getByRole('img', { name: person.name })).toHaveAttribute(
    'src',
    /^\/uploads\//,
  );
  await expect(profile).toContainText('User');
});

test('an admin promotes a new user to agent, who gets the agent menu on the next page load', async ({
  page,
  browser,
}, testInfo) => {
  const person = newPerson('Agent');
  await registerViaApi(page, person);

  // As a plain user, an admin page is forbidden.
  await page.goto('/dashboard/manage-users');
  await expect(page).toHaveURL(/\/forbidden-page$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access Forbidden');

  const admin = await adminPage(browser, testInfo);
  const entry = await userEntry(admin, person.email);
  await expect(entry).toContainText('User');
  await expect(entry.getByRole('button')).toHaveText(['Make Agent', 'Make Admin', 'Delete']);

  // Cancel changes nothing, and focus goes back to the button that asked.
  const makeAgent = entry.getByRole('button', { name: 'Make Agent' });
  await makeAgent.click();
  const confirm = admin.getByRole('alertdialog', { name: `Make ${person.name} an agent?` });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await admin.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(makeAgent).toBeFocused();

  await makeAgent.click();
  await confirm.getByRole('button', { name: 'Make Agent' }).click();
  await expect(admin.getByText('User role has been updated to agent')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(entry).toContainText('Agent');
  await expect(entry.getByRole('button')).toHaveText(['Make Admin', 'Mark as Fraud', 'Delete']);
  // The button that opened the dialog is gone; focus stays on the same user's row.
  await expect(entry.getByRole('button', { name: 'Delete' })).toBeFocused();

  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link')).toHaveText([
    'My Profile',
    'Add Property',
    'My Properties',
    'Sold Properties',
    'Requested Properties',
    'Tours',
    'Analytics',
    'My Agent Profile',
    'Notifications',
    'Messages',
    'Notification Settings',
  ]);
  await page.goto('/dashboard/manage-users');
  await expect(page).toHaveURL(/\/forbidden-page$/);

  // An agent can be marked as fraud; a fraud user shows only the label, with no role buttons.
  await entry.getByRole('button', { name: 'Mark as Fraud' }).click();
  const fraud = admin.getByRole('alertdialog', { name: `Mark ${person.name} as fraud?` });
  await fraud.getByRole('button', { name: 'Mark as Fraud' }).click();
  await expect(admin.getByText('User role has been updated to fraud')).toBeVisible();
  await expect(entry).toContainText('Fraud');
  await expect(entry.getByRole('button')).toHaveText(['Delete']);

  await admin.context().close();
});

test('an admin deletes a user only after confirming, and has no buttons on their own row', async ({
  page,
  browser,
}, testInfo) => {
  const person = newPerson('Leaving');
  await registerViaApi(page, person);

  const admin = await adminPage(browser, testInfo);
  const entry = await userEntry(admin, person.email);
  await entry.getByRole('button', { name: 'Delete' }).click();
  const confirm = admin.getByRole('alertdialog', { name: `Delete ${person.name}?` });
  await expect(confirm).toContainText('This cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(entry).toBeVisible();

  await entry.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText('Deleted!')).toBeVisible();
  await expect(entry).toHaveCount(0);

  // The deleted user's session ends with the account.
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?returnTo=%2Fdashboard');

  const self = await userEntry(admin, DEMO_ACCOUNTS.admin.email);
  await expect(self).toContainText("That's you");
  await expect(self.getByRole('button')).toHaveCount(0);
  await admin.context().close();
});

test('the registration form shows the same messages the server sends', async ({ page }) => {
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Create your account' });
  const fields = ACCOUNT_LABELS;

  const cases: Record<keyof typeof fields, string>[] = [
    { name: '', email: '', phone: '', country: '', birth: '', password: '' },
    {
      name: '  ',
      email: 'not-an-email',
      phone: 'call me',
      country: 'Portugal',
      birth: '2999-01-01',
      password: 'abc',
    },
    {
      name: 'Ana',
      email: 'ana@example.test',
      phone: '+351 912 345 678',
      country: 'Portugal',
      birth: '1990-01-01',
      password: 'lowercase1',
    },
  ];

  for (const values of cases) {
    const response = await page.request.post('/auth/register', { data: values });
    expect(response.status()).toBe(400);
    const { fields: serverFields } = (await response.json()) as { fields: Record<string, string> };

    for (const [key, label] of Object.entries(fields) as [keyof typeof fields, string][]) {
      await form.getByLabel(label, { exact: true }).fill(values[key]);
    }
    await form.getByRole('button', { name: 'Register' }).click();

    for (const [key, label] of Object.entries(fields) as [keyof typeof fields, string][]) {
      const input = form.getByLabel(label, { exact: true });
      const expected = serverFields[key];
      if (expected) {
        await expect(input).toHaveAttribute('aria-invalid', 'true');
        await expect(input).toHaveAccessibleDescription(new RegExp(escapeRegExp(expected)));
      } else {
        await expect(input).not.toHaveAttribute('aria-invalid', 'true');
      }
    }
  }
  // The server's own required messages name each field as the registration form labels it.
  expect(
    await page.request
      .post('/auth/register', { data: {} })
      .then((r) => r.json() as Promise<{ fields: Record<string, string> }>),
  ).toMatchObject({ fields: { name: 'Full Name is required', phone: 'Phone Number is required' } });
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('a photo of the wrong type or size is refused before any upload', async ({ page }) => {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/uploads') uploads.push(request.url());
  });
  await page.goto('/register');
  const input = page.getByLabel('Profile Photo');

  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  const wrongType = page.getByRole('alertdialog', { name: 'Invalid File Type' });
  await expect(wrongType).toContainText('Please upload a JPG, PNG, GIF, or WEBP image.');
  await wrongType.getByRole('button', { name: 'OK' }).click();
  await expect(wrongType).toBeHidden();

  await input.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  const tooLarge = page.getByRole('alertdialog', { name: 'File Too Large' });
  await expect(tooLarge).toContainText('Maximum file size is 5MB.');
  await page.keyboard.press('Enter');
  await expect(tooLarge).toBeHidden();

  expect(uploads).toEqual([]);
  await expect(page.getByRole('img', { name: 'Preview of your chosen file' })).toHaveCount(0);
});

test.describe('a photo the server refuses once the account exists', () => {
  // The refusal below is answered on purpose; Chrome reports it as a failed load.
  test.use({ allowedConsoleErrors: [/status of 413/] });

  test('is reported in the server’s words, and the registration still succeeds', async ({
    page,
  }) => {
    const person = newPerson('Refused');
    await page.goto('/register');
    const form = await fillRegistration(page, person);
    await form.getByLabel('Profile Photo').setInputFiles(PHOTO);
    await page.route('**/api/uploads?*', (route) =>
      route.fulfill({
        status: 413,
        json: {
          error: 'The image is too large: at most 4 megapixels for a profile photo.',
          code: 'PAYLOAD_TOO_LARGE',
        },
      }),
    );
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('File Too Large')).toBeVisible();
    await expect(
      page.getByText('The image is too large: at most 4 megapixels for a profile photo.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Registered successfully!')).toBeVisible();
    // Signed in, without a photo: the avatar shows the initials.
    const avatar = page.getByRole('banner').getByRole('img', { name: person.name });
    await expect(avatar).toBeVisible();
    await expect(avatar.locator('img')).toHaveCount(0);
  });
});

test.describe('a failed sign-in', () => {
  // Chrome reports the deliberate 401 as a failed resource load.
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test('shows the error in the form and in a Login Failed popup', async ({ page }) => {
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(DEMO_ACCOUNTS.buyer.email);
    const password = form.getByLabel('Password', { exact: true });
    await password.fill('Wrong-password-1');

    // The password can be shown and hidden again.
    const toggle = form.getByRole('button', { name: 'Show password' });
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'password');

    await form.getByRole('button', { name: 'Sign In' }).click();
    const popup = page.getByRole('alertdialog', { name: 'Login Failed' });
    await expect(popup).toContainText('Invalid email or password');
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(form.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('the sign-in form checks its fields before sending anything', async ({ page }) => {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Email is required');
  await expect(form.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    'Password is required',
  );
  await expect(form.getByLabel('Email')).toBeFocused();
  await expect(form.getByLabel('Email')).toHaveAttribute('autocomplete', 'email');
  await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute(
    'autocomplete',
    'current-password',
  );
});

test('Google sign-in is offered only when configured, and a failed one is explained', async ({
  page,
}) => {
  const providers = await page.request.get('/auth/providers').then((r) => r.json());
  await page.goto('/login?error=google');
  await expect(page.getByRole('alert')).toContainText('Google Login Failed');
  await expect(page.getByRole('alert')).toContainText('sign in with your password');
  // Told once: the reason leaves the address, so a reload does not repeat it.
  await expect(page).toHaveURL(/\/login$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome Back');
  await expect(page.getByText('Google Login Failed')).toHaveCount(0);
  const google = page.getByRole('link', { name: 'Continue with Google' });
  if (providers.google) {
    await expect(google).toHaveAttribute('href', '/auth/google?returnTo=%2F');
  } else {
    await expect(google).toHaveCount(0);
  }
});

test('a Google sign-in cancelled at Google says so, without calling it a failure', async ({
  page,
}) => {
  await page.goto('/login?error=google_cancelled');
  const notice = page.getByRole('status').filter({ hasText: 'Google sign-in was cancelled' });
  await expect(notice).toBeVisible();
  await expect(page.getByText('Google Login Failed')).toHaveCount(0);
  await expect(page.getByText('sign in with your password')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
  await expectNoSeriousA11yViolations(page);
});

test('sign-in and registration work on a 375 px phone and pass axe', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: path === '/login' ? 'Sign In' : 'Register' }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
  }
});

test('Manage Users is a table on a desktop and cards on a phone, and passes axe', async ({
  page,
}) => {
  await signIn(page, 'admin');
  // The demo agent may be on a later page once other specs have registered people.
  await expect(await userEntry(page, DEMO_ACCOUNTS.agent.email)).toBeVisible();
  await page.goto('/dashboard/manage-users');
  const table = page.getByRole('table', { name: 'All users' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['User', 'Email', 'Role', 'Actions']);
  const firstEmail = (
    (await table.getByRole('row').nth(1).getByRole('cell').nth(1).textContent()) ?? ''
  ).trim();
  expect(firstEmail).toContain('@');
  await expectNoSeriousA11yViolations(page);

  await table
    .getByRole('row')
    .filter({ hasText: 'buyer' })
    .first()
    .getByRole('button', {
      name: 'Make Agent',
    })
    .click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

  await page.setViewportSize({ width: 375, height: 800 });
  const cards = page.getByRole('list', { name: 'All users' });
  await expect(cards).toBeVisible();
  await expect(table).toHaveCount(0);
  // The same people, as cards.
  await expect(cards.getByRole('listitem').filter({ hasText: firstEmail })).toHaveCount(1);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'pixels of horizontal overflow').toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
});

test.describe('Manage Users against a canned server', () => {
  // The failures below are answered on purpose; Chrome reports them as failed loads.
  test.use({ allowedConsoleErrors: [/status of (409|500)/] });

  const TOTAL = 23;
  const cannedUser = (n: number) => ({
    _id: `canned-${n}`,
    uid: `canned-${n}`,
    name: `Canned Person ${n}`,
    email: `canned-${n}@example.test`,
    phone: null,
    photo: null,
    role: n % 2 === 0 ? 'agent' : 'user',
    country: null,
    birth: null,
    emailVerified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  });

  test('pages through users, and reports refused changes in the server’s words', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.route('**/api/all-users?*', async (route) => {
      const url = new URL(route.request().url());
      const pageNumber = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const first = (pageNumber - 1) * limit + 1;
      const users = [];
      for (let n = first; n <= Math.min(TOTAL, first + limit - 1); n += 1) {
        users.push(cannedUser(n));
      }
      await route.fulfill({ json: users, headers: { 'X-Total-Count': String(TOTAL) } });
    });
    await page.route('**/api/user-role-update/**', (route) =>
      route.fulfill({
        status: 409,
        json: { error: 'Cannot change role from user to agent', code: 'CONFLICT' },
      }),
    );
    await page.route('**/api/users/**', (route) =>
      route.fulfill({ status: 500, json: { error: 'Something went wrong.', code: 'INTERNAL' } }),
    );

    await page.goto('/dashboard/manage-users');
    const pager = page.getByRole('navigation', { name: 'Users pages' });
    await expect(page.getByText(`${TOTAL} users`)).toBeVisible();
    await expect(pager).toContainText('Page 1 of 3');
    await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(11);

    await pager.getByRole('button', { name: 'Next page' }).click();
    await expect(pager).toContainText('Page 2 of 3');
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByRole('row', { name: /Canned Person 11\b/ })).toBeVisible();
    await pager.getByRole('button', { name: 'Next page' }).click();
    await expect(pager).toContainText('Page 3 of 3');
    await expect(pager.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);

    const row = page.getByRole('row', { name: /Canned Person 21\b/ });
    await row.getByRole('button', { name: 'Make Agent' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Make Agent' }).click();
    await expect(page.getByText('Cannot change role from user to agent')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect(row.getByRole('button', { name: 'Make Agent' })).toBeFocused();

    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Delete Unsuccessful')).toBeVisible();
    await expect(row).toBeVisible();
  });
});
