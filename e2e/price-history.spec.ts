import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  test,
  waitingForHydration,
} from './fixtures';
import { linkIn, waitForMail } from './mailbox';
import { apiAs, listApprovedHome, registerBuyer, signInAs } from './market';

/*
 * What a home is worth over time: its agent cuts the price, and the buyer who saved it is told at
 * once (the bell and an e-mail), sees "Price cut" on its card and the change in its history.
 */

const bellOf = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

test('an agent cuts a price; the buyer who saved the home is told, and sees Price cut and the history', async ({
  page,
  browser,
  playwright,
}, testInfo) => {
  test.setTimeout(120_000);
  const agentApi = await apiAs(playwright, testInfo, 'agent');
  const admin = await apiAs(playwright, testInfo, 'admin');
  const home = await listApprovedHome(agentApi, admin, 'Price Cut Cottage');
  const buyer = await registerBuyer(playwright, testInfo, 'Saver');
  const saved = await buyer.api.patch(`/properties/${home.id}/wishlist`, { data: {} });
  expect(saved.status(), await saved.text()).toBe(200);

  await test.step('the agent lowers the price, and an admin approves the edit', async () => {
    await signIn(page, 'agent');
    await page.goto(`/EditPropertyDetails/${home.id}`);
    await page.getByLabel('Minimum price ($)').fill('235000');
    await page.getByLabel('Maximum price ($)').fill('265000');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(/updated/i).first()).toBeVisible();
    const approved = await admin.patch(`/api/properties/admin-approval/${home.id}/true`);
    expect(approved.status(), await approved.text()).toBe(200);
  });

  const buyerContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 390, height: 844 },
  });
  const buyerPage = await waitingForHydration(await buyerContext.newPage());
  await signInAs(buyerPage, buyer);

  await test.step('the buyer is e-mailed, and the bell holds the alert', async () => {
    const mail = await waitForMail(
      buyer.email,
      (sent) =>
        sent.subject === 'The price of a home on your wishlist has changed' &&
        sent.text.includes(home.title),
    );
    expect(mail.text).toContain('the price was reduced by $15,000, now $235,000 - $265,000');
    expect(linkIn(mail, /^Open /)).toContain(`/propertyDetails/${home.id}`);

    await buyerPage.goto('/dashboard');
    const bell = bellOf(buyerPage);
    await expect(bell).toHaveAccessibleName(/^Notifications, [1-9]\d* unread$/);
    await bell.click();
    const panel = buyerPage.getByRole('dialog', { name: 'Notifications' });
    const notice = panel.getByRole('link', { name: /Price cut on a home on your wishlist/ });
    await expect(notice).toContainText(home.title);
    await notice.click();
    await expect(buyerPage).toHaveURL(new RegExp(`/propertyDetails/${home.id}$`));
  });

  await test.step('the listing shows its history, and its card says Price cut', async () => {
    const history = buyerPage.getByRole('table', { name: 'Price and status history' });
    await expect(history.getByRole('row').nth(1)).toContainText('Price reduced by $15,000');
    await expect(history.getByRole('row').nth(1)).toContainText('$235,000 - $265,000');
    await expect(history.getByRole('row').nth(2)).toContainText('Listed');
    const overflow = await buyerPage.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'pixels of horizontal overflow').toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(buyerPage);

    // Only the new price range lies within these bounds: the card is on the first page.
    await buyerPage.goto('/all-properties?location=Porto&minPrice=235000&maxPrice=265000');
    const card = buyerPage.getByRole('article').filter({ hasText: home.title });
    await expect(card.getByText('Price cut $15k')).toBeVisible();
  });
  await buyerContext.close();
});
