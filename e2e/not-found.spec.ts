import { brandOf, expect, test } from './fixtures';

/*
 * An address that leads nowhere, however it is written, shows the Not Found page: a link whose
 * percent-encoding was cut off in a mail or a chat (`/%E0%A4%A`) too, not a bare refusal.
 */

test.describe('a broken address', () => {
  test.use({
    allowedConsoleErrors: [
      // React Router's own note that it matched the address undecoded, as it must; one pattern,
      // since a list of two would read as a value and its options.
      /status of 404|could not be decoded because it is a malformed URL segment/,
    ],
  });

  test('shows the Not Found page', async ({ page }) => {
    const response = await page.goto('/%E0%A4%A');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(
      page.getByText("The page you're looking for doesn't exist or has been moved."),
    ).toBeVisible();
    await expect(page).toHaveTitle(`${await brandOf(page)} | Not Found`);
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Your Perfect Haven');
  });
});
