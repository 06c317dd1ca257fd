import { expect, test } from './fixtures';

for (const path of ['/dashboard', '/dashboard/manage-users', '/all-properties', '/make-offer/1']) {
  test(`${path} sends a signed-out visitor to /login`, async ({ page }) => {
    await page.goto(path);
    // The address says where to go once signed in.
    await expect(page).toHaveURL(`/login?${new URLSearchParams({ returnTo: path })}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome Back');
  });
}

test('the login page links to registration and back', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Register', exact: true }).last().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Your Account');
  await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome Back');
});
