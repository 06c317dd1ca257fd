import type { Page, Route } from '@playwright/test';
import { expect, renderInBrowser, signIn, test } from './fixtures';

/*
 * What a page says when the server fails it or cannot be reached, and what a refusal (401, 403)
 * does to the session. Chrome logs each deliberate failure as a failed resource load.
 */
test.use({ allowedConsoleErrors: [/status of (401|403|500|502)|net::ERR_FAILED/] });

const OOPS = 'Oops! Something Went Wrong';
const CONNECTION = 'Check your connection and try again.';

const serverError = (route: Route) =>
  route.fulfill({ status: 500, json: { error: 'Internal server error', code: 'INTERNAL' } });
const noNetwork = (route: Route) => route.abort('failed');

const isWishlist = (url: URL) => url.pathname.startsWith('/wishlist-properties/');
const isCatalogue = (url: URL) => url.pathname === '/api/all-properties';
const isSession = (url: URL) => url.pathname === '/auth/session';
const isMyReviews = (url: URL) => url.pathname.startsWith('/api/property-reviews/');

/** Automatic retries (1 s, then 2 s) come first. */
const AFTER_RETRIES = { timeout: 10_000 };

const LISTS = [
  { name: 'the wishlist', account: 'buyer', path: '/dashboard/wishlist', matches: isWishlist },
  { name: 'All Properties', account: 'buyer', path: '/all-properties', matches: isCatalogue },
] as const;

for (const list of LISTS) {
  test(`${list.name} that fails says 'Oops! Something Went Wrong' and blames the connection only when the server was not reached`, async ({
    page,
  }) => {
    await signIn(page, list.account);
    await renderInBrowser(page);

    await page.route(list.matches, serverError);
    await page.goto(list.path);
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toContainText(OOPS, AFTER_RETRIES);
    await expect(alert).not.toContainText(CONNECTION);
    await expect(alert).not.toContainText('Internal server error');

    await page.unroute(list.matches);
    await page.route(list.matches, noNetwork);
    await page.reload();
    await expect(alert).toContainText(OOPS, AFTER_RETRIES);
    await expect(alert).toContainText(CONNECTION);

    // Trying again once the network is back shows the list.
    await page.unroute(list.matches);
    await alert.getByRole('button').click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
  });
}

/** Counts the sign-out calls the page makes. */
function countLogouts(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/auth/logout') calls.push(request.method());
  });
  return calls;
}

test("My Reviews that fails says 'Oops! Something Went Wrong', and blames the connection only when the server was not reached", async ({
  page,
}) => {
  await signIn(page, 'buyer');

  // A proxy in front of the server failing: no JSON error body, yet the server's side.
  await page.route(isMyReviews, (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }),
  );
  await page.goto('/dashboard/reviews');
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText(OOPS, AFTER_RETRIES);
  await expect(alert).toContainText("We couldn't load the reviews.");
  await expect(alert).not.toContainText(CONNECTION);

  await page.unroute(isMyReviews);
  await page.route(isMyReviews, noNetwork);
  await page.reload();
  await expect(alert).toContainText(OOPS, AFTER_RETRIES);
  await expect(alert).toContainText(CONNECTION);
});

const REFUSALS = [
  { status: 401, list: 'the wishlist', path: '/dashboard/wishlist', matches: isWishlist },
  { status: 403, list: 'the wishlist', path: '/dashboard/wishlist', matches: isWishlist },
  { status: 401, list: 'My Reviews', path: '/dashboard/reviews', matches: isMyReviews },
] as const;

for (const { status, list, path, matches } of REFUSALS) {
  test(`a ${status} answer to ${list} ends the session on the server too, so a reload stays signed out`, async ({
    page,
  }) => {
    await signIn(page, 'buyer');
    // The list is asked for by the browser, as after any move within the app.
    await renderInBrowser(page);
    const logouts = countLogouts(page);
    await page.route(matches, (route) =>
      route.fulfill({
        status,
        json: {
          error: 'You are not allowed to do that.',
          code: status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN',
        },
      }),
    );
    await page.goto(path);
    await expect(page).toHaveURL(`/login?${new URLSearchParams({ returnTo: path })}`);
    expect(logouts).toEqual(['POST']);

    await page.unroute(matches);
    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login?returnTo=%2Fdashboard');
    const session = await page.request.get('/auth/session');
    expect(await session.json()).toEqual({ user: null });
  });
}

test('a failed sign-out after a refusal still signs the visitor out here', async ({ page }) => {
  await signIn(page, 'buyer');
  await renderInBrowser(page);
  await page.route('**/auth/logout', noNetwork);
  await page.route(isWishlist, (route) =>
    route.fulfill({ status: 403, json: { error: 'Not allowed.', code: 'FORBIDDEN' } }),
  );
  await page.goto('/dashboard/wishlist');
  await expect(page).toHaveURL('/login?returnTo=%2Fdashboard%2Fwishlist');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a failed session check shows one retry and a neutral header, then recovers', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  await renderInBrowser(page);
  await page.route(isSession, serverError);
  await page.goto('/dashboard');

  const main = page.getByRole('main');
  const banner = page.getByRole('banner');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(
    "We couldn't load your account",
    AFTER_RETRIES,
  );
  await expect(main.getByRole('alert')).not.toContainText(CONNECTION);
  // Neither signed in nor signed out: no Login, Register or Log Out while it is unknown.
  await expect(banner.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(banner.getByRole('link', { name: 'Register' })).toHaveCount(0);
  await expect(banner.getByRole('button', { name: 'Log Out' })).toHaveCount(0);

  await page.unroute(isSession);
  await page.route(isSession, noNetwork);
  await main.getByRole('button', { name: 'Try Again' }).click();
  await expect(main.getByRole('alert')).toContainText(CONNECTION, AFTER_RETRIES);
  await expect(banner.getByRole('link', { name: 'Login' })).toHaveCount(0);

  await page.unroute(isSession);
  await main.getByRole('button', { name: 'Try Again' }).click();
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('My Profile');
  await expect(banner.getByRole('button', { name: 'Log Out' })).toBeVisible();
});
