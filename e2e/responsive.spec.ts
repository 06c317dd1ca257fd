import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

test.use({ viewport: { width: 375, height: 800 } });

for (const path of ['/', '/about', '/login', '/no-such-page']) {
  test.describe(() => {
    // The made-up address answers 404, which the browser reports as a failed load.
    test.use({ allowedConsoleErrors: path === '/no-such-page' ? [/status of 404/] : [] });

    test(`${path} does not scroll sideways on a 375 px phone`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'pixels of horizontal overflow').toBeLessThanOrEqual(0);
    });
  });
}

test('the phone menu opens from the keyboard and closes with Escape', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  const menuButton = banner.getByRole('button', { name: 'Menu' });
  const about = banner.getByRole('link', { name: 'About', exact: true });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(about).toBeHidden();

  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(about).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await about.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^About /);
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
});

test('content starts below the fixed navigation bar', async ({ page }) => {
  await page.goto('/');
  const bar = await page.getByRole('banner').boundingBox();
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(bar && heading && heading.y >= bar.y + bar.height).toBe(true);
});
