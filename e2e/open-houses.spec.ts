import { readFile } from 'node:fs/promises';
import { expect, signIn, test, waitingForHydration } from './fixtures';
import { apiAs, listApprovedHome } from './market';

/*
 * Open houses: the agent adds one to a listing from its page, it shows as a badge on the listing's
 * card and the listing is found by "Open house this weekend"; a buyer adds it to their calendar.
 * On a phone's width, and by keyboard.
 */

/** This weekend's Sunday (UTC's date), as the server reads "this weekend". */
function thisWeekendSunday(now = new Date()) {
  const weekday = now.getUTCDay();
  const daysToSaturday = weekday === 0 ? -1 : 6 - weekday;
  return new Date(now.getTime() + (daysToSaturday + 1) * 86_400_000).toISOString().slice(0, 10);
}

// On a phone's width; a listing approved and an open house added take a while on a busy machine.
test.use({ viewport: { width: 390, height: 844 } });
test.beforeEach(() => test.setTimeout(90_000));

test('an agent adds an open house; buyers see it on the card, find it this weekend and add it to their calendar', async ({
  page,
  browser,
  playwright,
}, testInfo) => {
  const agent = await apiAs(playwright, testInfo, 'agent');
  const admin = await apiAs(playwright, testInfo, 'admin');
  const listing = await listApprovedHome(agent, admin, 'Walk-in Cottage');
  // Sunday evening in New York is Monday night in UTC: still ahead whenever this weekend is.
  const sunday = thisWeekendSunday();

  await test.step('the agent adds an open house from the listing’s page, by keyboard', async () => {
    await signIn(page, 'agent');
    await waitingForHydration(page);
    await page.goto(`/propertyDetails/${listing.id}`);
    const form = page.getByRole('form', { name: 'Add an open house' });
    await expect(form).toBeVisible();
    await form.getByLabel('Date').fill(sunday);
    await form.getByLabel('Starts').fill('20:00');
    await form.getByLabel('Ends').fill('21:00');
    // A listing without a map position: the agent says where the home's clock is.
    await form.getByLabel('Time zone of the home').selectOption('America/New_York');
    await form.getByRole('button', { name: 'Add open house' }).focus();
    await page.keyboard.press('Enter');
    const section = page.getByRole('region', { name: 'Open houses' });
    await expect(section.getByText(/8:00\s?PM – 9:00\s?PM E[SD]T/)).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  const buyerContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 390, height: 844 },
    acceptDownloads: true,
  });
  const buyer = await waitingForHydration(await buyerContext.newPage());
  await signIn(buyer, 'buyer');

  await test.step('the card carries the badge and “Open house this weekend” finds it', async () => {
    await buyer.goto(`/all-properties?openHouse=weekend&location=Porto`);
    const card = buyer.getByRole('article').filter({ hasText: listing.title });
    await expect(card).toBeVisible();
    await expect(card.getByText('Open Sun 8–9 pm')).toBeVisible();
    const width = await buyer.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    // Every card the filter shows has an open house.
    const cards = buyer.getByRole('article');
    for (const other of await cards.all()) {
      await expect(
        other.getByText(/^Open (Mon|Tue|Wed|Thu|Fri|Sat|Sun|[A-Z][a-z]{2} \d+,) /),
      ).toBeVisible();
    }
  });

  await test.step('the buyer adds the open house to their calendar by keyboard', async () => {
    await buyer.goto(`/propertyDetails/${listing.id}`);
    const section = buyer.getByRole('region', { name: 'Open houses' });
    const link = section.getByRole('link', { name: /^Add the open house of .* to your calendar$/ });
    await expect(link).toBeVisible();
    const downloading = buyer.waitForEvent('download');
    await link.focus();
    await buyer.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^open-house-[0-9a-f-]+\.ics$/);
    const file = await readFile((await download.path()) as string, 'utf8');
    expect(file).toContain('BEGIN:VCALENDAR');
    expect(file).toContain('METHOD:PUBLISH');
    expect(file).toContain(`SUMMARY:Open house: ${listing.title}`);
  });
  await buyerContext.close();
});

test('a map popup shows the open house of a home whose card is on another page', async ({
  page,
  playwright,
}, testInfo) => {
  const agent = await apiAs(playwright, testInfo, 'agent');
  const admin = await apiAs(playwright, testInfo, 'admin');
  // Alone in the Pacific, so its marker stands apart from every cluster of the demo's homes.
  const honolulu = { lat: 21.3069, lng: -157.8583 };
  const listing = await listApprovedHome(agent, admin, 'Lanai Bungalow', 'House', honolulu);
  try {
    // 8 pm in Honolulu is 6 am on Monday in UTC: still ahead whenever this weekend is.
    const added = await agent.post(`/api/properties/${listing.id}/open-houses`, {
      data: { date: thisWeekendSunday(), start: '20:00', end: '21:00' },
    });
    expect(added.status(), await added.text()).toBe(201);

    await signIn(page, 'buyer');
    await waitingForHydration(page);
    // The newest home is on the first page of the list: the second page's cards do not hold it.
    await page.goto('/all-properties?view=map&page=2');
    // The phone's map view keeps the page's cards out of sight, yet they are the page's.
    const articles = page.getByRole('main').locator('article');
    await expect(articles).not.toHaveCount(0);
    await expect(articles.filter({ hasText: listing.title })).toHaveCount(0);

    const map = page.getByRole('region', { name: 'Map of the listings' });
    const marker = map.locator(`button[data-listing-id="${listing.id}"]`);
    await expect(marker).toBeVisible();
    await marker.focus();
    await page.keyboard.press('Enter');
    const popup = map.locator('.maplibregl-popup');
    await expect(popup).toContainText('Lanai Bungalow');
    await expect(popup.getByText('Open Sun 8–9 pm')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  } finally {
    // Later tests frame the map around the demo's homes: this one leaves with its test.
    const removed = await agent.delete(`/api/properties/${listing.id}`);
    expect(removed.status(), await removed.text()).toBe(200);
  }
});
