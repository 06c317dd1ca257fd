import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/*
 * A page's code is on its way before it is needed: the page a visit starts on lists its files for
 * the loader, and pointing at or focusing a link asks for the linked page's files before the click.
 */

/** Every script of the app the page asks for from now on, with how often. */
function recordScriptRequests(page: Page) {
  const counts = new Map<string, number>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) {
      counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
    }
  });
  return counts;
}

const detailsPageScript = /\/assets\/property-details-page-[\w-]+\.js$/;

test("a listing's page lists its code for the loader, and each file is fetched once", async ({
  page,
}) => {
  await signIn(page, 'buyer');
  await page.goto('/all-properties');
  const href = await page
    .getByRole('main')
    .getByRole('article')
    .first()
    .getByRole('link', { name: /^View Details/ })
    .getAttribute('href');
  expect(href).toMatch(/^\/propertyDetails\//);

  const scripts = recordScriptRequests(page);
  await page.goto(href ?? '');
  await page.waitForLoadState('networkidle');
  const listed = JSON.parse((await page.locator('#page-files').textContent()) ?? 'null') as {
    pages: string[];
    files: string[];
  };
  expect(listed.pages).toEqual(['property-details-page']);
  expect(listed.files.some((file) => detailsPageScript.test(file))).toBe(true);
  for (const file of listed.files) {
    expect(scripts.get(file), `${file} is fetched once`).toBe(1);
  }
  expect(
    [...scripts.values()].every((count) => count === 1),
    'no script is fetched twice',
  ).toBe(true);
  // The app runs the page it was given: the server's HTML was taken over, not drawn again.
  await expect(page.getByRole('button', { name: /Wish List/ })).toBeEnabled();
});

test("pointing at a listing's link fetches its page's code before the click", async ({ page }) => {
  await signIn(page, 'buyer');
  await page.goto('/all-properties');
  await page.waitForLoadState('networkidle');
  const scripts = recordScriptRequests(page);
  const link = page
    .getByRole('main')
    .getByRole('article')
    .first()
    .getByRole('link', { name: /^View Details/ });

  const fetched = page.waitForRequest((request) => detailsPageScript.test(request.url()));
  await link.hover();
  await fetched;
  expect([...scripts.keys()].some((file) => detailsPageScript.test(file))).toBe(true);

  await link.click();
  await expect(page).toHaveURL(/\/propertyDetails\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const details = [...scripts.entries()].filter(([file]) => detailsPageScript.test(file));
  expect(details.map(([, count]) => count)).toEqual([1]);
});

test('focusing a link from the keyboard fetches its page before it is followed', async ({
  page,
}) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const fetched = page.waitForRequest((request) =>
    /\/assets\/about-page-[\w-]+\.js$/.test(request.url()),
  );
  await page.getByRole('link', { name: 'About' }).first().focus();
  await fetched;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/about$/);
});

test('the app reaches the browser compressed: its code as the build compressed it, its lists as the server keeps them', async ({
  page,
}) => {
  const appScript = page.waitForResponse((response) =>
    /\/assets\/index-[\w-]+\.js$/.test(new URL(response.url()).pathname),
  );
  await page.goto('/');
  const script = await appScript;
  expect(await script.headerValue('content-encoding')).toBe('br');
  expect(await script.headerValue('vary')).toMatch(/accept-encoding/i);
  const decoded = await script.body();

  // Browsers without Brotli get the gzip copy, and a client that asks for neither the file as is.
  const url = script.url();
  const gzip = await page.request.get(url, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  expect(Number(gzip.headers()['content-length'])).toBeLessThan(decoded.length);
  expect((await gzip.body()).equals(decoded)).toBe(true);
  const plain = await page.request.get(url, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect((await plain.body()).equals(decoded)).toBe(true);

  // A list of listings the browser asks for, a page no one asked for before (its own price cap):
  // sent at the fastest coding Chromium takes, zstd, which it decodes, named by that coding's ETag.
  const listings = await page.evaluate(
    async (maxPrice) => {
      const response = await fetch(`/properties/search?maxPrice=${maxPrice}`);
      return {
        coding: response.headers.get('content-encoding'),
        etag: response.headers.get('etag'),
        count: ((await response.json()) as unknown[]).length,
      };
    },
    900_000_000 + Math.floor(Math.random() * 1_000_000),
  );
  expect(listings.coding).toBe('zstd');
  expect(listings.etag).toMatch(/-zstd"$/);
  expect(listings.count).toBeGreaterThan(0);
});
