import type { Page } from '@playwright/test';
import { brandOf, expect, expectNoSeriousA11yViolations, signIn, test } from './fixtures';
import { linkIn, mailsTo, waitForMail } from './mailbox';

/*
 * Reviews, moderation, the newsletter and the home sections below the search. The e2e server
 * starts on a fresh seeded data directory, and the tests of this file run in order against it:
 * each names what it creates uniquely, and none depends on another.
 */

const HOME_SECTIONS = [
  'How Our Platform Works',
  'Frequently Asked Questions',
  // 'Why Choose {brand}' is checked with the brand the server wrote into the page.
  'Latest Reviews from Happy Buyers',
  'Subscribe to Our Newsletter',
] as const;

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

/** Home's sections below the search load after the first paint; this waits for the last of them. */
async function openHome(page: Page) {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Find Your Perfect Haven' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Subscribe to Our Newsletter' })).toBeVisible();
}

const latestReviews = (page: Page) =>
  page.getByRole('region', { name: 'Latest Reviews from Happy Buyers' });

/** An approved listing by location, through the signed-in listing endpoint (sold ones included). */
async function listingIn(page: Page, location: string) {
  const response = await page.request.get(`/api/all-properties?location=${location}&limit=1`);
  expect(response.status(), await response.text()).toBe(200);
  const [listing] = (await response.json()) as Array<{ _id: string; title: string }>;
  expect(listing, `a listing in ${location}`).toBeTruthy();
  return listing as { _id: string; title: string };
}

test('Home shows its sections below the search in order, with five steps and four feature cards', async ({
  page,
}) => {
  await openHome(page);
  const brand = await brandOf(page);
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  const order = [...HOME_SECTIONS.slice(0, 2), `Why Choose ${brand}`, ...HOME_SECTIONS.slice(2)];
  const positions = order.map((heading) => headings.indexOf(heading));
  expect(positions, `home headings: ${headings.join(' | ')}`).not.toContain(-1);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
  // Property search comes before them.
  expect(headings.indexOf('Featured Properties')).toBeLessThan(positions[0] ?? 0);

  const steps = page.getByRole('region', { name: 'How Our Platform Works' }).getByRole('listitem');
  await expect(steps).toHaveCount(5);
  await expect(steps.nth(0)).toContainText('Sign up as User, Agent or Admin.');
  await expect(steps.nth(2)).toContainText(
    'Make an offer. It stays pending until the agent accepts or rejects it.',
  );
  await expect(steps.nth(3)).toContainText("The status then becomes 'bought'");
  await expect(steps.nth(4)).toContainText('Admins moderate all reviews.');

  const why = page.getByRole('region', { name: `Why Choose ${brand}` });
  await expect(why.getByRole('heading', { level: 3 })).toHaveText([
    'Verified Listings',
    'Trusted Agents',
    'Secure Card Payments',
    'Support 24/7',
  ]);
  await expect(why).toContainText('Our mission');

  await expectNoSeriousA11yViolations(page);
});

test('the FAQ opens one answer at a time, by mouse and by keyboard', async ({ page }) => {
  await openHome(page);
  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
  const questions = faq.getByRole('heading', { level: 3 }).getByRole('button');
  await expect(questions).toHaveCount(5);

  const first = questions.nth(0);
  const second = questions.nth(1);
  const third = questions.nth(2);
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByRole('region', { name: await first.innerText() })).toBeVisible();

  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByRole('region')).toHaveCount(1);
  await expect(faq.getByRole('region', { name: await second.innerText() })).toBeVisible();

  // Down moves to the next question; Enter opens it and closes the open one.
  await second.focus();
  await page.keyboard.press('ArrowDown');
  await expect(third).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(third).toHaveAttribute('aria-expanded', 'true');
  await expect(second).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.locator('button[aria-expanded="true"]')).toHaveCount(1);

  // Space closes the open one: none open is allowed.
  await page.keyboard.press('Space');
  await expect(faq.locator('button[aria-expanded="true"]')).toHaveCount(0);
});

test('a signed-out visitor is sent to log in by Add Your Review, and comes back', async ({
  page,
}) => {
  await openHome(page);
  await latestReviews(page)
    .getByRole('link', { name: /Add Your Review/ })
    .click();
  await expect(page).toHaveURL(/\/login$/);

  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill('buyer1@keyhaven.test');
  await form.getByLabel('Password', { exact: true }).fill('Buyer123');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(latestReviews(page).getByRole('button', { name: /Add Your Review/ })).toBeVisible();
});

test('a buyer adds a website review from the home tile and sees it first in Latest Reviews', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  await openHome(page);
  const section = latestReviews(page);
  // The seed's website reviews, newest first.
  await expect(section.getByRole('article').first()).toBeVisible();

  await section.getByRole('button', { name: /Add Your Review/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Your Review' });
  await expect(dialog).toBeVisible();
  // The rating is a radio group, 5 stars by default, and focus starts on it.
  const fiveStars = dialog.getByRole('radio', { name: '5 stars' });
  await expect(fiveStars).toBeChecked();
  await expect(fiveStars).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);

  const title = unique('Found our flat in a week');
  const text = 'Plain text only: <b>not bold</b> & <script>alert(1)</script> stays as typed.';
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Your review').fill(text);
  await dialog.getByRole('button', { name: 'Submit Review' }).click();

  await expect(page.getByText('Review submitted!')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Focus goes back to the tile that opened the modal.
  await expect(section.getByRole('button', { name: /Add Your Review/ })).toBeFocused();

  const newest = section.getByRole('article').first();
  await expect(newest.getByRole('heading', { name: title })).toBeVisible();
  await expect(newest.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(newest).toContainText(text);
  await expect(newest).toContainText('Sofia Martins');
  await expect(section.locator('b, script')).toHaveCount(0);
});

test('a buyer reviews a listing on its details page, then deletes it from My Reviews', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  const listing = await listingIn(page, 'Boise');
  await page.goto(`/propertyDetails/${listing._id}`);
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();

  const reviews = page.getByRole('region', { name: 'Reviews' });
  // buyer2's review from the seed.
  await expect(reviews.getByRole('heading', { name: 'Full of character' })).toBeVisible();
  await reviews.getByRole('button', { name: 'Write a Review' }).click();

  const dialog = page.getByRole('dialog', { name: 'Review This Property' });
  await expect(dialog).toContainText(listing.title);
  await dialog.getByRole('radio', { name: '3 stars' }).check();
  const title = unique('Lovely porch, small kitchen');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Your review').fill('The porch is as good as the pictures.');
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Review submitted!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const mine = reviews.getByRole('article', { name: title });
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('img', { name: 'Rated 3 out of 5' })).toBeVisible();
  // A second review of the listing replaces the first: the button now edits it, and has focus back.
  await expect(reviews.getByRole('button', { name: 'Edit Your Review' })).toBeFocused();

  await page.goto('/dashboard/reviews');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Reviews');
  const card = page.getByRole('main').getByRole('article', { name: title });
  await expect(card).toContainText(listing.title);
  await expectNoSeriousA11yViolations(page);

  await card.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this review?' });
  await expect(confirm).toContainText(title);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Review deleted.')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('main').getByRole('article', { name: title })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Reviews you have posted' })).toBeFocused();
});

test('only buyers can post: an agent sees the reviews of a listing without the button', async ({
  page,
}) => {
  await signIn(page, 'agent');
  const listing = await listingIn(page, 'Boise');
  await page.goto(`/propertyDetails/${listing._id}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByRole('heading', { name: 'Full of character' })).toBeVisible();
  await expect(reviews.getByRole('button', { name: /Review/ })).toHaveCount(0);
  await expect(reviews).toContainText('Only buyer accounts can post reviews.');
});

test.describe('when the server refuses a review', () => {
  test.use({ allowedConsoleErrors: [/status of 403/] });

  test('the modal stays open and shows the server error, without signing out', async ({ page }) => {
    await signIn(page, 'buyer');
    const error = 'Your account cannot post reviews.';
    await page.route('**/api/reviews', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 403, json: { error, code: 'FORBIDDEN' } })
        : route.fallback(),
    );
    await openHome(page);
    await latestReviews(page)
      .getByRole('button', { name: /Add Your Review/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add Your Review' });
    await dialog.getByRole('button', { name: 'Submit Review' }).click();

    await expect(dialog.getByRole('alert')).toContainText('Error submitting review');
    await expect(dialog.getByRole('alert')).toContainText(error);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Error submitting review')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log Out' })).toBeVisible();
  });
});

test('an admin deletes another user’s review from Manage User Reviews, 10 per page', async ({
  page,
}) => {
  // The seed's twelve reviews fill a second page even after one is deleted.
  await signIn(page, 'admin');
  await page.goto('/dashboard/manage-reviews');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage User Reviews');
  const main = page.getByRole('main');
  const table = main.getByRole('table', { name: 'All reviews' });
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(main.getByRole('navigation', { name: 'Review pages' })).toContainText(
    /Page 1 of \d+/,
  );
  await expectNoSeriousA11yViolations(page);

  // buyer2's website review from the seed: reviewer, listing ('Website') and rating.
  const row = table.getByRole('row').filter({ hasText: 'Clear and honest' });
  await expect(row).toContainText('James Whitaker');
  await expect(row).toContainText('Website');
  await expect(row.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();

  await row.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this review?' });
  await expect(confirm).toContainText('James Whitaker’s review');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Review deleted.')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Clear and honest' })).toHaveCount(0);

  await main.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(main.getByRole('navigation', { name: 'Review pages' })).toContainText('Page 2 of');
});

test('the home newsletter form checks the address, says Subscribed!, and the mailed link confirms it', async ({
  page,
}) => {
  await openHome(page);
  const section = page.getByRole('region', { name: 'Subscribe to Our Newsletter' });
  const email = section.getByLabel('Email address');
  await expect(email).toHaveAttribute('type', 'email');

  await section.getByRole('button', { name: 'Subscribe' }).click();
  await expect(section.getByRole('alert')).toHaveText(/Email is required/);
  await expect(email).toBeFocused();

  await email.fill('not-an-email');
  await section.getByRole('button', { name: 'Subscribe' }).click();
  await expect(section.getByRole('alert')).toHaveText(/Please enter a valid email address/);

  const reader = `reader-${Date.now()}@example.com`;
  await email.fill(reader);
  await section.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Subscribed!')).toBeVisible();
  await expect(page.getByText('You have successfully subscribed')).toBeVisible();
  await expect(email).toHaveValue('');

  // Nothing but the confirmation goes out until the reader follows its link and confirms.
  const confirmation = await waitForMail(
    reader,
    /^Confirm your subscription to the .+ newsletter$/,
  );
  await page.goto(linkIn(confirmation, 'Confirm my subscription'));
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('status')).toHaveText('Your subscription is confirmed. Welcome!');
  await waitForMail(reader, /^Welcome to the .+ newsletter$/);
  expect((await mailsTo(reader)).map((mail) => mail.subject)).toHaveLength(2);
});

test('the footer Stay Updated field posts to the same endpoint', async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  const email = footer.getByLabel('Email address');
  await email.fill(`footer-${Date.now()}@example.com`);
  const posted = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/subscribe'),
  );
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await posted;
  await expect(page.getByText('Subscribed!')).toBeVisible();
  await expect(email).toHaveValue('');
});

test('the home sections and My Reviews fit a 375 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'buyer');
  await openHome(page);
  for (const name of ['How Our Platform Works', 'Latest Reviews from Happy Buyers']) {
    await page.getByRole('region', { name }).scrollIntoViewIfNeeded();
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(375);

  await page.goto('/dashboard/reviews');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Reviews');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
