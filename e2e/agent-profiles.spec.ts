import type { Page } from '@playwright/test';
import { actAs, openFromDashboardMenu } from './business';
import { expect, expectNoSeriousA11yViolations, signIn, test } from './fixtures';

/*
 * Agent profiles. In the demo market Sofia Martins (buyer1) bought the Tampa condo from Marcus
 * Whitfield, so she may review him; Daniel Reyes (agent1) edits his own profile.
 */

const SOLD_HOME = 'Beachside Condo with Pool Access';

/** The demo's sold Tampa condo, through the signed-in listing endpoint. */
async function tampaCondo(page: Page) {
  const response = await page.request.get('/api/all-properties?location=Tampa&limit=5');
  expect(response.status(), await response.text()).toBe(200);
  const listings = (await response.json()) as Array<{ _id: string; title: string }>;
  const condo = listings.find((listing) => listing.title === SOLD_HOME);
  expect(condo, 'the Tampa condo').toBeTruthy();
  return condo as { _id: string; title: string };
}

/** The page does not scroll sideways. */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'pixels of horizontal overflow').toBeLessThanOrEqual(0);
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a buyer opens the agent from a listing, sees their homes, and reviews them by keyboard', async ({
    page,
  }) => {
    // A listing, a profile, a review and an accessibility check: more than one page's time.
    test.slow();
    await signIn(page, 'buyer');
    const condo = await tampaCondo(page);
    await page.goto(`/propertyDetails/${condo._id}`);
    await page
      .getByRole('region', { name: 'Listing agent' })
      .getByRole('link', { name: 'Marcus Whitfield' })
      .click();

    await expect(page).toHaveURL(/\/agents\/[^/]+$/);
    // The profile's code and figures arrive after the click: on a busy machine, seconds.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Marcus Whitfield', {
      timeout: 15_000,
    });
    const forSale = page.getByRole('region', { name: /^Homes for sale/ });
    await expect(forSale.getByRole('heading', { level: 3 }).first()).toBeVisible();
    // A small map of their homes' pins beside the cards.
    await forSale.scrollIntoViewIfNeeded();
    await expect(
      forSale.getByRole('region', { name: 'Where the agent’s homes for sale are' }),
    ).toBeVisible();
    const sold = page.getByRole('region', { name: /^Sold homes/ });
    await expect(sold.getByText(SOLD_HOME)).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: 'Homes sold' })).toBeVisible();
    await expectNoSideways(page);

    // She bought from him: she may write a review, from the keyboard alone.
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByRole('article', { name: 'Made a houseboat simple' })).toBeVisible();
    const write = reviews.getByRole('button', { name: 'Write a Review' });
    await write.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Review This Agent' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Answered within the hour');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Marcus knew every condo on the beach.');
    await dialog.getByRole('button', { name: 'Submit Review' }).focus();
    await page.keyboard.press('Enter');
    // The map above draws in software here, which can hold a busy machine's page for seconds.
    await expect(dialog).toBeHidden({ timeout: 15_000 });

    const posted = reviews.getByRole('article', { name: 'Answered within the hour' });
    await expect(posted).toContainText('Marcus knew every condo on the beach.');
    await expect(posted.getByRole('img', { name: /Rated 4 out of 5/ })).toBeVisible();
    await expect(reviews.getByRole('button', { name: 'Edit Your Review' })).toBeFocused();
    // Beside Mei Chen's 5 for the houseboat she bought from him.
    await expect(page.getByText(/4\.5 from 2 reviews/)).toBeVisible();
    await expectNoSideways(page);
    await expectNoSeriousA11yViolations(page);
  });
});

test('an agent writes their bio and areas, and their profile shows them', async ({ page }) => {
  await actAs(page, 'agent');
  await openFromDashboardMenu(page, 'My Agent Profile');
  const bio = page.getByRole('textbox', { name: 'About you' });
  await bio.fill('Twenty years selling homes around Lady Bird Lake.');
  await expect(page.getByText('49 / 1,000 characters')).toBeVisible();
  // Known places are suggested as he types; the keyboard takes one.
  const area = page.getByRole('combobox', { name: 'Add an area' });
  await area.fill('Austin');
  await expect(page.getByRole('option', { name: 'Austin, Texas' })).toBeVisible();
  await area.press('ArrowDown');
  await area.press('Enter');
  await expect(area).toHaveValue('');
  await expect(page.getByRole('listitem').filter({ hasText: 'Austin, Texas' })).toBeVisible();
  await page.getByRole('checkbox', { name: /My phone number/ }).check();
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();

  await page.getByRole('link', { name: 'View your profile' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Daniel Reyes');
  await expect(page.getByText('Twenty years selling homes around Lady Bird Lake.')).toBeVisible();
  await expect(page.getByRole('link', { name: '+1 512 555 0141' })).toBeVisible();
  // He sold nothing he can be reviewed for by himself.
  await expect(page.getByRole('button', { name: 'Write a Review' })).toHaveCount(0);
});

test('the footer’s Agents link leads to the directory, which finds agents by area', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Agents', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find an Agent');
  const agents = page.getByRole('list', { name: 'Agents' });
  await expect(agents.getByRole('link', { name: 'Marcus Whitfield' })).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Name or area' });
  await search.fill('Whitfield');
  await search.press('Enter');
  await expect(page).toHaveURL(/search=Whitfield/);
  await expect(agents.getByRole('listitem')).toHaveCount(1);
  await agents.getByRole('link', { name: 'Marcus Whitfield' }).click();
  // Profiles are for signed-in people, as listings are: sign in, and back to the profile.
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fagents%2F/);
});
