import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

const PAGES = [
  { name: 'Home', path: '/' },
  { name: 'About', path: '/about' },
  { name: 'Login', path: '/login' },
  { name: 'Register', path: '/register' },
  // Answered 404, which the browser reports as a failed load.
  { name: 'Not Found', path: '/this-page-does-not-exist', consoleErrors: [/status of 404/] },
];

for (const { name, path, consoleErrors = [] } of PAGES) {
  test.describe(() => {
    test.use({ allowedConsoleErrors: consoleErrors });

    test(`${name} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test('the first Tab reaches a skip link that moves focus to the content', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skipLink = page.getByRole('link', { name: 'Skip to content' });
  await expect(skipLink).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test('the footer newsletter field is labelled', async ({ page }) => {
  await page.goto('/');
  const field = page.getByRole('contentinfo').getByLabel('Email address');
  await expect(field).toHaveAttribute('type', 'email');
  await expect(field).toHaveAttribute('placeholder', 'Your email');
  await expect(
    page.getByRole('contentinfo').getByRole('button', { name: 'Subscribe' }),
  ).toBeVisible();
  for (const network of ['Facebook', 'X', 'Instagram', 'LinkedIn']) {
    await expect(page.getByRole('link', { name: network, exact: true })).toBeVisible();
  }
});
