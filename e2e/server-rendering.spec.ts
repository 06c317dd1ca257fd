import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/*
 * Every page arrives rendered, with its listings: it reads without JavaScript, and once the
 * browser takes it over it asks the server for nothing the page already holds.
 */

type Listing = { _id: string; title: string; minPrice: number };

const cardsIn = (page: Page) => page.getByRole('main').getByRole('article');

/** The first listing of the catalogue, as the API answers it to the signed-in buyer. */
async function firstCatalogueListing(page: Page): Promise<Listing> {
  const response = await page.request.get('/api/all-properties?sort=newest&page=1&limit=24');
  expect(response.status()).toBe(200);
  const [listing] = (await response.json()) as Listing[];
  if (!listing) throw new Error('the demo catalogue is empty');
  return listing;
}

/** A listing's price as its page writes the lower bound ("$250,000"). */
const lowestPrice = (listing: Listing) => `$${listing.minPrice.toLocaleString('en-US')}`;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Home shows the featured listings', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Featured Properties' })).toBeVisible();
    await expect(cardsIn(page)).toHaveCount(6);
    await expect(cardsIn(page).first().getByRole('heading')).not.toBeEmpty();
  });

  test('About reads', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(/\w+/);
  });

  test('a signed-out visitor of a signed-in page reads the login page, which names the way back', async ({
    page,
  }) => {
    await page.goto('/all-properties?location=Austin');
    await expect(page).toHaveURL('/login?returnTo=%2Fall-properties%3Flocation%3DAustin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome Back');
  });

  test("a signed-in buyer's All Properties and a listing's page show its title and price", async ({
    page,
  }) => {
    await signIn(page, 'buyer');
    const listing = await firstCatalogueListing(page);

    await page.goto('/all-properties');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Properties');
    const card = cardsIn(page).filter({ hasText: listing.title }).first();
    await expect(card).toContainText(lowestPrice(listing));

    // A real link: the listing's page opens without any script.
    await card.getByRole('link', { name: /^View Details/ }).click();
    await expect(page).toHaveURL(new RegExp(`/propertyDetails/${listing._id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing.title);
    await expect(page.getByRole('main')).toContainText(lowestPrice(listing));
  });
});

/**
 * The data requests (API, session, search, wishlist) the page makes from now on. The bell's live
 * unread count (its stream, or the count while the stream is down) is not the page's data.
 */
function recordDataRequests(page: Page) {
  const requests: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/notifications/')) return;
    // A listing's page tells the server it was viewed (a write for its agent's figures): that
    // is not data the page waits for.
    if (request.method() === 'POST' && /^\/api\/properties\/[^/]+\/views$/.test(pathname)) return;
    if (/^\/(api|auth|properties|wishlist-properties)\//.test(pathname)) {
      requests.push(`${request.method()} ${pathname}`);
    }
  });
  return requests;
}

test('a hydrated All Properties asks for no data on load, and pages on request', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  const requests = recordDataRequests(page);
  await page.goto('/all-properties');
  await page.waitForLoadState('networkidle');
  // The map beside the list is drawn only in the browser, and asks for its own pins there.
  expect(
    requests.filter((request) => request !== 'GET /api/all-properties/pins'),
    'the page holds its data',
  ).toEqual([]);

  const firstTitle = await cardsIn(page).first().getByRole('heading').textContent();
  await page.getByRole('button', { name: 'Next page' }).click();
  // A click that lands before every part of the page has come alive is held and made then: on a
  // machine busy with other suites that takes longer than the usual five seconds.
  await expect(page).toHaveURL(/[?&]page=2\b/, { timeout: 30_000 });
  await expect(cardsIn(page).first().getByRole('heading')).not.toHaveText(firstTitle ?? '');
  expect(requests).toContainEqual('GET /api/all-properties');
});

test("a hydrated listing's page asks for no data on load, and saves to the wishlist", async ({
  page,
}) => {
  await signIn(page, 'buyer');
  const listing = await firstCatalogueListing(page);
  const requests = recordDataRequests(page);
  await page.goto(`/propertyDetails/${listing._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing.title);
  await page.waitForLoadState('networkidle');
  expect(requests, 'the page holds its data').toEqual([]);

  const main = page.getByRole('main');
  const save = main.getByRole('button', { name: 'Add To Wish List' });
  const remove = main.getByRole('button', { name: 'Remove from Wish List' });
  // Whichever way the buyer's wishlist stands, the button works and is left as it was.
  if (await remove.isVisible()) {
    await remove.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(save).toBeVisible();
    await save.click();
    await expect(main.getByText('Saved to your Wish List')).toBeVisible();
  } else {
    await save.click();
    await expect(main.getByText('Saved to your Wish List')).toBeVisible();
    await remove.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(save).toBeVisible();
  }
});

test.describe('an unknown address', () => {
  // The browser reports the page's own 404 as a failed load.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('answers 404 with the Not Found page', async ({ page }) => {
    const response = await page.goto('/no-such-page-at-all');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(/Not Found$/);
  });
});
