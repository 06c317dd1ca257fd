import { brandOf, expect, test } from './fixtures';

const PUBLIC_PAGES = [
  { path: '/', heading: 'Find Your Perfect Haven' },
  { path: '/about', heading: /^About / },
  { path: '/login', heading: 'Welcome Back' },
  { path: '/register', heading: 'Create Your Account' },
  { path: '/forbidden-page', heading: 'Access Forbidden' },
];

for (const { path, heading } of PUBLIC_PAGES) {
  test(`${path} renders its heading inside the shared frame`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Find Your Perfect Place');
  });
}

test('the home page has its title and hero actions', async ({ page }) => {
  await page.goto('/');
  // The spec's title: the page alone; the brand is added only for Make Offer, Forbidden, Not Found.
  await expect(page).toHaveTitle('Home');
  await expect(page.getByRole('link', { name: 'Explore Properties' })).toHaveAttribute(
    'href',
    '/all-properties',
  );
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute(
    'href',
    '/dashboard',
  );
});

test('a signed-out visitor sees Login and Register in the navigation', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Register' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
});

test('the footer carries the brand line', async ({ page }) => {
  await page.goto('/');
  const brand = await brandOf(page);
  await expect(page.getByRole('contentinfo')).toContainText(
    `© 2025 ${brand}. All rights reserved.`,
  );
});

test('the forbidden page has its title and a way home', async ({ page }) => {
  await page.goto('/forbidden-page');
  const brand = await brandOf(page);
  await expect(page).toHaveTitle(`${brand} | Forbidden`);
  await expect(
    page.getByText(
      "You don't have permission to view this page. Please check your access level or contact support.",
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe(() => {
  // Answered 404, which the browser reports as a failed load.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('an unknown route shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    const brand = await brandOf(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(
      page.getByText("The page you're looking for doesn't exist or has been moved."),
    ).toBeVisible();
    await expect(page).toHaveTitle(`${brand} | Not Found`);
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Your Perfect Haven');
  });
});

test('/properties redirects to the listing, which asks a visitor to sign in', async ({ page }) => {
  await page.goto('/properties');
  await expect(page).toHaveURL('/login?returnTo=%2Fall-properties');
});

test('a new page opens at the top, and Back returns to where the last one was left', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  const leftAt = await page.evaluate(() => window.scrollY);

  await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^About /);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Your Perfect Haven');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(leftAt - 50);
});
