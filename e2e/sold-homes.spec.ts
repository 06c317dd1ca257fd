import type { APIRequestContext, Page } from '@playwright/test';
import { formatShortDate, formatUsd } from '../packages/shared/src/en-us-format';
import {
  DEMO_ACCOUNTS,
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  test,
  waitingForHydration,
} from './fixtures';

/*
 * A buyer on a phone looks at what homes sold for: All Properties switched to Sold, the last six
 * months picked, each card and map popup with the sale's price and date; by keyboard, with Back
 * and Forward, and without the page's code. The homes expected are read from the catalogue's own
 * sold mode, so the test follows whatever the demo holds.
 */

test.use({ viewport: { width: 390, height: 844 } });

type SoldHome = {
  _id: string;
  title: string;
  lat: number | null;
  lng: number | null;
  soldPrice: number | null;
  soldAt: string;
  soldDetails: unknown;
};

async function soldHomes(request: APIRequestContext, months: string): Promise<SoldHome[]> {
  const response = await request.get(`/api/all-properties?sold=${months}&limit=100`);
  expect(response.status()).toBe(200);
  return (await response.json()) as SoldHome[];
}

const priceText = (home: SoldHome) =>
  home.soldPrice === null ? null : `Sold ${formatUsd(home.soldPrice, { minFractionDigits: 0 })}`;
const dateText = (home: SoldHome) =>
  `Sold ${formatShortDate(new Date(home.soldAt), { utc: true })}`;

const totalLine = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^\d+ sold homes?$|^\d+ propert(y|ies)$/ });

async function expectNoSideways(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

test('a buyer switches to homes sold in the last six months and reads each sale on its card and on the map', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  await waitingForHydration(page);
  const sixMonths = await soldHomes(page.request, '6');
  const threeMonths = await soldHomes(page.request, '3');
  expect(sixMonths.length, 'the demo has homes sold in six months').toBeGreaterThan(
    threeMonths.length,
  );
  // Nobody but a sale's parties reads who bought: the buyer reads it of their own purchase alone.
  const withBuyer = sixMonths.filter((home) => home.soldDetails !== null);
  expect(withBuyer.length).toBeLessThan(sixMonths.length);
  for (const home of withBuyer) {
    expect(home.soldDetails).toMatchObject({ buyerEmail: DEMO_ACCOUNTS.buyer.email });
  }

  await page.goto('/all-properties');
  await expect(totalLine(page)).toHaveText(/propert/);

  await test.step('Sold, by keyboard: the last three months, newest sale first', async () => {
    const modes = page.getByRole('navigation', { name: 'Listings' });
    await modes.getByRole('link', { name: 'Sold' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]sold=3(&|$)/);
    await expect(totalLine(page)).toHaveText(
      `${threeMonths.length} sold home${threeMonths.length === 1 ? '' : 's'}`,
    );
    await expect(modes.getByRole('link', { name: 'Sold' })).toHaveAttribute('aria-current', 'page');
  });

  await test.step('six months: every card shows its sale’s price and date', async () => {
    const periods = page.getByRole('navigation', { name: 'Sold in the last' });
    await periods.getByRole('link', { name: '6 months' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]sold=6(&|$)/);
    await expect(totalLine(page)).toHaveText(`${sixMonths.length} sold homes`);
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(Math.min(sixMonths.length, 24));
    for (const [index, home] of sixMonths.slice(0, 4).entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading')).toHaveText(home.title);
      await expect(card).toContainText(dateText(home));
      const price = priceText(home);
      if (price) await expect(card).toContainText(price);
    }
    await expect(page.getByLabel('Sort by')).toHaveValue('newest');
    await expect(page.getByRole('option', { name: 'Newest sale first' })).toBeAttached();
    await expectNoSideways(page);
    await expectNoSeriousA11yViolations(page);
  });

  await test.step('Back returns to three months, Forward to six', async () => {
    await page.goBack();
    await expect(page).toHaveURL(/[?&]sold=3(&|$)/);
    await expect(totalLine(page)).toHaveText(
      `${threeMonths.length} sold home${threeMonths.length === 1 ? '' : 's'}`,
    );
    await page.goForward();
    await expect(page).toHaveURL(/[?&]sold=6(&|$)/);
    await expect(totalLine(page)).toHaveText(`${sixMonths.length} sold homes`);
  });

  await test.step('the map: a sold home’s popup shows its sale', async () => {
    // A home with no other sale beside it: homes at one spot are one numbered marker until the
    // map is zoomed in further (the specs before this one may have sold homes on one pin).
    const near = (a: SoldHome, b: SoldHome) =>
      a.lat !== null &&
      b.lat !== null &&
      a.lng !== null &&
      b.lng !== null &&
      Math.abs(a.lat - b.lat) < 0.02 &&
      Math.abs(a.lng - b.lng) < 0.02;
    const home = sixMonths.find(
      (sold) =>
        sold.lat !== null &&
        sold.soldPrice !== null &&
        !sixMonths.some((other) => other._id !== sold._id && near(sold, other)),
    );
    if (!home || home.lat === null || home.lng === null)
      throw new Error('no sold home alone on the map');
    const box = [home.lng - 0.01, home.lat - 0.01, home.lng + 0.01, home.lat + 0.01];
    await page.getByRole('button', { name: 'Map' }).click();
    await expect(page).toHaveURL(/[?&]view=map/);
    await page.goto(
      `/all-properties?sold=6&view=map&bbox=${box.map((v) => v.toFixed(5)).join(',')}`,
    );
    const map = page.getByRole('region', { name: 'Map of the listings' });
    const marker = map.locator(`button[data-listing-id="${home._id}"]`);
    await expect(marker).toBeVisible();
    await expect(marker).toHaveAccessibleName(`${home.title}, ${priceText(home)}`);
    await marker.focus();
    await page.keyboard.press('Enter');
    const popup = map.locator('.maplibregl-popup');
    await expect(popup).toContainText(home.title);
    await expect(popup).toContainText(priceText(home) as string);
    await expect(popup).toContainText(dateText(home));
    await expectNoSideways(page);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('without the page’s code', () => {
  test.use({ javaScriptEnabled: false });

  test('the Sold and period links open the sold homes the server renders', async ({ page }) => {
    await signIn(page, 'buyer');
    await page.goto('/all-properties?location=Austin');
    await page
      .getByRole('navigation', { name: 'Listings' })
      .getByRole('link', { name: 'Sold' })
      .click();
    await expect(page).toHaveURL(/location=Austin&sold=3/);
    await page
      .getByRole('navigation', { name: 'Sold in the last' })
      .getByRole('link', { name: '12 months' })
      .click();
    await expect(page).toHaveURL(/location=Austin&sold=12/);
    const inAustin = await soldHomes(page.request, '12&location=Austin');
    expect(inAustin.length, 'the demo has sold homes in Austin').toBeGreaterThan(1);
    await expect(totalLine(page)).toHaveText(`${inAustin.length} sold homes`);
    const unpriced = inAustin.find((home) => home.soldPrice === null);
    for (const home of inAustin) {
      const card = page.getByRole('article').filter({ hasText: home.title });
      await expect(card).toContainText(dateText(home));
      if (home !== unpriced) await expect(card).toContainText(priceText(home) as string);
    }
    // A sale without a price shows its date, and no price.
    if (unpriced) {
      const card = page.getByRole('article').filter({ hasText: unpriced.title });
      await expect(card).not.toContainText('$');
    }
  });
});
