import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { actAs, openFromDashboardMenu, type Person, registerAgent } from './business';
import { expect, test } from './fixtures';
import {
  apiAs,
  type Buyer,
  inDays,
  type Listing,
  listApprovedHome,
  registerBuyer,
  unique,
} from './market';
import { listingPhotoOf } from './photos';

/*
 * Agents and admins see their business. An agent's Analytics counts what buyers did with their
 * listings (a buyer opens a listing's page, saves it to their wish list and makes an offer) in
 * its totals, its chart of views and saves per day and its table of listings, which sorts by
 * each figure from the keyboard. An admin's Marketplace shows its charts, the listings waiting
 * for approval and the CSV exports. The agent is registered afresh, so their figures are only
 * what this spec made.
 */

/** The columns of the listings export, in order. */
const LISTINGS_CSV_HEADER =
  'id,title,location,type,min_price,max_price,bedrooms,bathrooms,area_sqft,approval,availability,agent_email,created_at';

type Figures = { views: number; saves: number; offers: number; accepted: number; sold: number };

/** A whole number as the page writes it ('1,204'). */
const numberIn = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** The totals card of a figure ('Views'), as a number. */
async function totalOf(page: Page, label: string) {
  const card = page
    .getByRole('list', { name: 'Totals' })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });
  const text = (await card.textContent()) ?? '';
  const value = new RegExp(`^${label}([\\d,]+)`).exec(text.trim());
  expect(value, `the ${label} card reads "${text}"`).not.toBeNull();
  return numberIn(value?.[1] ?? '');
}

/** The figures of a listing's row in the table, by column. */
async function rowFigures(row: Locator): Promise<Figures> {
  const cells = (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
  // Listing, Views, Saves, Offers, Accepted, Sold, Days on market, Price / sq ft.
  expect(cells).toHaveLength(8);
  return {
    views: numberIn(cells[1] ?? ''),
    saves: numberIn(cells[2] ?? ''),
    offers: numberIn(cells[3] ?? ''),
    accepted: numberIn(cells[4] ?? ''),
    sold: numberIn(cells[5] ?? ''),
  };
}

test.describe('listing analytics', () => {
  let adminApi: APIRequestContext;
  let agent: Person;
  let buyer: Buyer;
  let busy: Listing;
  let quiet: Listing;

  test.beforeEach(async ({ playwright }, testInfo) => {
    adminApi = await apiAs(playwright, testInfo, 'admin');
    agent = await registerAgent(playwright, testInfo, adminApi, 'Analytics Agent');
    buyer = await registerBuyer(playwright, testInfo, 'Analytics Buyer');
    // Two listings: one a buyer acts on, one nobody opens, so sorting tells them apart.
    busy = await listApprovedHome(agent.api, adminApi, 'Analytics Busy House');
    quiet = await listApprovedHome(agent.api, adminApi, 'Analytics Quiet House');
  });

  test.afterEach(async () => {
    await buyer.api.dispose();
    await agent.api.dispose();
    await adminApi.dispose();
  });

  test("an agent's Analytics shows a buyer's view, save and offer in its totals, chart and table, which sorts by keyboard", async ({
    page,
  }) => {
    // Three people, a mail to confirm each address and a batch of views to wait for.
    test.slow();

    await test.step('a buyer opens the listing, saves it and makes an offer', async () => {
      await actAs(page, buyer);
      const viewSent = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === `/api/properties/${busy.id}/views` &&
          response.request().method() === 'POST',
      );
      await page.goto(`/propertyDetails/${busy.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(busy.title);
      expect((await viewSent).status()).toBe(204);

      await page.getByRole('button', { name: 'Add To Wish List' }).click();
      await expect(page.getByText('Added to wishlist!')).toBeVisible();
      await expect(page.getByText('Saved to your Wish List')).toBeVisible();

      await page.getByRole('link', { name: 'Make Offer' }).click();
      const form = page.getByRole('form', { name: 'Make an offer' });
      await form.getByLabel('Offer Amount ($)').fill('265000');
      await form.getByLabel('Buying Date').fill(inDays(21));
      await form.getByRole('button', { name: 'Submit Offer' }).click();
      await expect(page).toHaveURL(/\/dashboard\/wishlist$/);
      await expect(page.getByRole('dialog', { name: 'Offer Sent!' })).toBeVisible();
    });

    await test.step('the view is counted within a few seconds (written behind the request)', async () => {
      await actAs(page, agent);
      await expect
        .poll(
          async () => {
            const response = await page.request.get('/api/agent/analytics?period=30');
            expect(response.status(), await response.text()).toBe(200);
            const { totals } = (await response.json()) as { totals: Figures };
            return totals.views;
          },
          { message: 'the buyer’s view of the listing is counted', timeout: 20_000 },
        )
        .toBeGreaterThanOrEqual(1);
    });

    await test.step('the agent opens Analytics from the menu: the totals', async () => {
      await openFromDashboardMenu(page, 'Analytics');
      await expect(page).toHaveURL(/\/dashboard\/analytics$/);
      await expect(
        page
          .getByRole('navigation', { name: 'Period' })
          .getByRole('link', { name: 'Last 30 days' }),
      ).toHaveAttribute('aria-current', 'true');
      await expect(page.getByRole('list', { name: 'Totals' })).toBeVisible();
      expect(await totalOf(page, 'Views')).toBeGreaterThanOrEqual(1);
      expect(await totalOf(page, 'Saves')).toBe(1);
      expect(await totalOf(page, 'Offers')).toBe(1);
      expect(await totalOf(page, 'Accepted')).toBe(0);
      expect(await totalOf(page, 'Sold')).toBe(0);
    });

    await test.step('the chart of views and saves per day is drawn, with its numbers', async () => {
      const chart = page.getByRole('figure', { name: /^Views and saves per day/ });
      await expect(chart).toBeVisible();
      await expect(chart.locator('canvas').first()).toBeVisible();
      await chart.getByRole('button', { name: /^Show the numbers/ }).click();
      const numbers = chart.getByRole('region', { name: 'Views and saves per day: the numbers' });
      await expect(numbers).toBeVisible();
      // A row per day of the period; today's, the last, has the buyer's view and save.
      const days = numbers.getByRole('row').filter({ has: page.getByRole('cell') });
      await expect(days).toHaveCount(30);
      const today = (await days.last().getByRole('cell').allTextContents()).map(numberIn);
      expect(today[0], 'views today').toBeGreaterThanOrEqual(1);
      expect(today[1], 'saves today').toBe(1);
    });

    const table = page.getByRole('table', { name: 'Your listings, last 30 days' });
    const dataRows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    const header = (name: string) => table.getByRole('columnheader', { name, exact: true });
    const sortButton = (name: string) => header(name).getByRole('button');

    await test.step('the table lists each listing with its figures, most viewed first', async () => {
      await expect(dataRows).toHaveCount(2);
      const busyRow = dataRows.filter({ hasText: busy.title });
      await expect(busyRow.getByRole('link', { name: busy.title })).toBeVisible();
      const figures = await rowFigures(busyRow);
      expect(figures.views).toBeGreaterThanOrEqual(1);
      expect(figures).toMatchObject({ saves: 1, offers: 1, accepted: 0, sold: 0 });
      expect(await rowFigures(dataRows.filter({ hasText: quiet.title }))).toEqual({
        views: 0,
        saves: 0,
        offers: 0,
        accepted: 0,
        sold: 0,
      });
      await expect(header('Views')).toHaveAttribute('aria-sort', 'descending');
      await expect(dataRows.first()).toContainText(busy.title);
    });

    await test.step('its column headings sort it from the keyboard', async () => {
      // From the Listing heading, Tab reaches the Views heading; Enter turns its order round.
      await sortButton('Listing').focus();
      await page.keyboard.press('Tab');
      await expect(sortButton('Views')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/[?&]sort=views&order=asc/);
      await expect(header('Views')).toHaveAttribute('aria-sort', 'ascending');
      await expect(dataRows.first()).toContainText(quiet.title);
      await expect(sortButton('Views')).toBeFocused();

      // Tab on to Saves, and Space sorts by it, most saved first.
      await page.keyboard.press('Tab');
      await expect(sortButton('Saves')).toBeFocused();
      await page.keyboard.press('Space');
      await expect(page).toHaveURL(/[?&]sort=saves&order=desc/);
      await expect(header('Saves')).toHaveAttribute('aria-sort', 'descending');
      await expect(header('Views')).not.toHaveAttribute('aria-sort', /.*/);
      await expect(dataRows.first()).toContainText(busy.title);

      // The order is the address's: a reload keeps it.
      await page.reload();
      await expect(header('Saves')).toHaveAttribute('aria-sort', 'descending');
      await expect(dataRows.first()).toContainText(busy.title);
    });
  });
});

test.describe('the marketplace dashboard', () => {
  test('an admin sees the marketplace charts and the listings waiting for approval, and exports listings as CSV', async ({
    page,
    playwright,
  }, testInfo) => {
    test.slow();
    const adminApi = await apiAs(playwright, testInfo, 'admin');
    const agent = await registerAgent(playwright, testInfo, adminApi, 'Marketplace Agent');
    const pendingTitle = `Marketplace Pending House ${unique()}`;
    // A listing waiting for approval, so the queue has at least one.
    const created = await agent.api.post('/api/properties', {
      data: {
        title: pendingTitle,
        description: 'A listing that waits for an admin, made by the marketplace dashboard test.',
        location: 'Rua das Flores 12, Porto',
        minPrice: 250_000,
        maxPrice: 280_000,
        bedrooms: 3,
        bathrooms: 2,
        areaSize: 1450,
        propertyType: 'House',
        features: ['Garden'],
        ...(await listingPhotoOf(agent.api)),
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const pending = { id: ((await created.json()) as { insertedId: string }).insertedId };
    await agent.api.dispose();
    await adminApi.dispose();

    await actAs(page, 'admin');
    await openFromDashboardMenu(page, 'Marketplace');
    await expect(page).toHaveURL(/\/dashboard\/marketplace$/);

    await test.step('its charts are drawn, each with its numbers', async () => {
      const activity = page.getByRole('region', { name: 'Activity' });
      for (const title of [
        'Listings approved and rejected per day',
        'New accounts per day, by role',
        'Offers per week',
        'Sales volume per month',
      ]) {
        const chart = activity.getByRole('figure', { name: new RegExp(`^${title}`) });
        await expect(chart.locator('canvas').first()).toBeVisible();
        await expect(chart.getByRole('table', { name: title })).toBeAttached();
      }
    });

    await test.step('the listings waiting for approval are listed, oldest first', async () => {
      const waiting = page.getByRole('region', { name: 'Waiting for approval' });
      await expect(waiting).toContainText(/[\d,]+ listings? waits? for approval\./);
      const count = /([\d,]+) listings? waits?/.exec((await waiting.textContent()) ?? '');
      expect(numberIn(count?.[1] ?? '0'), 'the listing made above waits').toBeGreaterThanOrEqual(1);
      const oldest = waiting.getByRole('list').getByRole('listitem');
      await expect(oldest.first()).toContainText(/Waiting (since today|[\d,]+ days?)/);
      const since = await oldest
        .locator('time')
        .evaluateAll((times) =>
          times.map((time) => Date.parse(time.getAttribute('datetime') ?? '')),
        );
      expect(since.length).toBeGreaterThanOrEqual(1);
      expect(since.every((at) => Number.isFinite(at))).toBe(true);
      expect(since).toEqual([...since].sort((a, b) => a - b));
      await expect(waiting.getByRole('link', { name: 'Review listings' })).toBeVisible();
    });

    await test.step('the listings export downloads a CSV with its header first', async () => {
      const downloads = page.getByRole('region', { name: 'Download as CSV' });
      const downloading = page.waitForEvent('download');
      await downloads.getByRole('link', { name: 'Listings (CSV), last 30 days' }).click();
      const download = await downloading;
      expect(await download.failure()).toBeNull();
      expect(download.suggestedFilename()).toMatch(
        /^keyhaven-listings-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
      );
      const csv = await readFile(await download.path(), 'utf8');
      const [header, ...rows] = csv.split(/\r?\n/);
      expect(header).toBe(LISTINGS_CSV_HEADER);
      // The listing made above was created in the period: one of the rows is its own.
      expect(rows.filter((row) => row.startsWith(`${pending.id},`))).toEqual([
        expect.stringContaining(pendingTitle),
      ]);
    });
  });
});
