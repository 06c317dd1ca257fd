import { DEMO_ACCOUNTS, expect, expectNoSeriousA11yViolations, signIn, test } from './fixtures';

/** What every role's menu ends with: the pages that keep them told. */
const KEPT_TOLD = ['Notifications', 'Messages', 'Notification Settings'] as const;

const MENUS = {
  buyer: [
    'My Profile',
    'My Wish List',
    'My Bought Properties',
    'My Tours',
    'My Reviews',
    'Saved Searches',
    ...KEPT_TOLD,
  ],
  agent: [
    'My Profile',
    'Add Property',
    'My Properties',
    'Sold Properties',
    'Requested Properties',
    'Tours',
    'Analytics',
    'My Agent Profile',
    ...KEPT_TOLD,
  ],
  admin: [
    'My Profile',
    'Marketplace',
    'Manage Users',
    'Manage Properties',
    'Manage Reviews',
    'Refunds',
    'Reported Listings',
    'Failed Jobs',
    'Audit Log',
    ...KEPT_TOLD,
  ],
} as const;

for (const account of ['buyer', 'agent', 'admin'] as const) {
  test(`the ${account} dashboard shows the profile and the ${account} menu`, async ({ page }) => {
    await signIn(page, account);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Profile');
    await expect(page).toHaveTitle('Dashboard');
    await expect(page.getByRole('main')).toContainText(DEMO_ACCOUNTS[account].email);

    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link')).toHaveText([...MENUS[account]]);
    await expect(menu.getByRole('link', { name: 'My Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
}

test('a signed-in user sees Dashboard, Profile, the avatar and Log Out', async ({ page }) => {
  await signIn(page, 'buyer');
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await expect(banner.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/dashboard');
  await expect(banner.getByRole('img', { name: DEMO_ACCOUNTS.buyer.name })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Login' })).toHaveCount(0);
});

test('role guards send a buyer to the forbidden page', async ({ page }) => {
  await signIn(page, 'buyer');
  for (const path of ['/dashboard/add-property', '/dashboard/manage-users']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/forbidden-page$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access Forbidden');
  }
});

test('each role reaches its own dashboard pages', async ({ page }) => {
  await signIn(page, 'agent');
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Requested Properties' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Requested Properties');
  await expect(page).toHaveURL(/\/dashboard\/requests$/);

  await page.goto('/dashboard/manage-reviews');
  await expect(page).toHaveURL(/\/forbidden-page$/);
});

test('the login guard lets a signed-in user through', async ({ page }) => {
  await signIn(page, 'buyer');
  await page.goto('/all-properties');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Properties');
});

test('logging out confirms it and signs the visitor out', async ({ page }) => {
  await signIn(page, 'buyer');
  await page.goto('/about');
  await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();

  const dialog = page.getByRole('dialog', { name: 'Log Out Successful' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?returnTo=%2Fdashboard');
});

test('the dashboard is accessible on a desktop and with the phone drawer open', async ({
  page,
}) => {
  await signIn(page, 'agent');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Profile');
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Open dashboard menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Dashboard' });
  await expect(drawer).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await drawer.getByRole('link', { name: 'My Properties' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Properties');
});

test('on the dashboard one header link is highlighted: Profile on the profile, Dashboard elsewhere', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  const background = (name: string) =>
    nav
      .getByRole('link', { name, exact: true })
      .evaluate((link) => getComputedStyle(link).backgroundColor);
  const none = 'rgba(0, 0, 0, 0)';

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Profile');
  await expect(nav.locator('[aria-current="page"]')).toHaveText(['Profile']);
  expect(await background('Dashboard')).toBe(none);
  expect(await background('Profile')).not.toBe(none);

  await page.goto('/dashboard/wishlist');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saved Properties');
  await expect(nav.locator('[aria-current="page"]')).toHaveText(['Dashboard']);
  expect(await background('Dashboard')).not.toBe(none);
  expect(await background('Profile')).toBe(none);
});

test('avatars load the 480-pixel photo, not the 1600-pixel one, on an ordinary screen', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  await page.goto('/dashboard');
  const { name } = DEMO_ACCOUNTS.buyer;
  const avatars = [
    page.getByRole('banner').getByRole('img', { name }),
    page.getByRole('main').getByRole('img', { name }).first(),
  ];
  for (const avatar of avatars) {
    await expect(avatar).toBeVisible();
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
      .toMatch(/\/uploads\/[a-z0-9-]+-480\.webp$/);
  }
});
