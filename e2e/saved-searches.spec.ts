import type { Browser, Page, TestInfo } from '@playwright/test';
import { type DEMO_ACCOUNTS, expect, signIn, test, waitingForHydration } from './fixtures';
import { linkIn, waitForMail } from './mailbox';
import { unique } from './market';
import { choosePhotos, drawnPng, pngFile } from './photos';

/*
 * A saved search keeps watch: a buyer saves a search for a place, an agent lists a home there,
 * and once an admin approves it the buyer is told in the app (the bell, live) and by e-mail (read
 * from the SMTP server the e2e server runs).
 */

/** The bell in the navigation bar, named with the unread count ("Notifications, 2 unread"). */
const bellOf = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

/** A buyer of the demo seed no other spec signs in as (DEMO_ACCOUNTS.buyer offers elsewhere). */
const BUYER = { email: 'buyer2@keyhaven.test', password: 'Buyer123', name: 'James Whitaker' };

/** A second browser window signed in as a demo account. */
async function windowAs(browser: Browser, testInfo: TestInfo, account: keyof typeof DEMO_ACCOUNTS) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await waitingForHydration(await context.newPage());
  await signIn(page, account);
  return page;
}

test('a saved search alerts its owner, in the app and by e-mail, when a matching home is approved', async ({
  page,
  browser,
}, testInfo) => {
  // Three people, a listing with a photo and a mail to wait for.
  test.setTimeout(120_000);
  const run = unique();
  const town = `Heronsgate ${run}`;
  const searchName = `Homes in ${town}`;
  const title = `Heron Cottage ${run}`;

  await test.step('the buyer searches a place and saves the search', async () => {
    const signedIn = await page.request.post('/auth/login', {
      data: { email: BUYER.email, password: BUYER.password },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    // What the buyer was told before is read: the bell starts from nothing unread.
    const read = await page.request.post('/api/notifications/read-all');
    expect(read.status(), await read.text()).toBe(200);
    await page.goto('/');
    const search = page.getByRole('search', { name: 'Property search' });
    await search.getByLabel('Location').fill(town);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expect(page).toHaveURL(/[?&]location=Heronsgate/);
    await expect(
      page.getByText('No properties match your search criteria. Try different filters.'),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await expect(dialog).toContainText(town);
    await dialog.getByLabel('Name').fill(searchName);
    await expect(dialog.getByLabel('E-mail me new matches')).toHaveValue('instant');
    await dialog.getByRole('button', { name: 'Save this search' }).click();
    await expect(
      page.getByText('Search saved. We will tell you when a new home matches.'),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(bellOf(page)).toHaveAccessibleName('Notifications');
  });

  await test.step('an agent lists a home there', async () => {
    const agent = await windowAs(browser, testInfo, 'agent');
    await agent.goto('/dashboard/add-property');
    const form = agent.getByRole('form', { name: 'Add property' });
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Location').fill(`12 Quay Lane, ${town}, Maine`);
    await form.getByLabel('Property type').selectOption('House');
    await form
      .getByLabel('Description')
      .fill('A harbour cottage with a slate roof, a walled garden and a view of the estuary.');
    await form.getByLabel('Minimum price ($)').fill('310000');
    await form.getByLabel('Maximum price ($)').fill('335000');
    await form.getByLabel('Bedrooms').fill('3');
    await form.getByLabel('Bathrooms').fill('2');
    await form.getByLabel('Area size (sqft)').fill('1500');
    const manager = await choosePhotos(form, [
      pngFile(
        'heron.png',
        drawnPng({ sky: [150, 190, 210], house: [230, 220, 200], lawn: [90, 140, 70] }),
      ),
    ]);
    await manager.getByLabel('Describe this photo').fill('The cottage seen from the quay');
    await form.getByRole('button', { name: 'Add Property' }).click();
    await expect(agent.getByText('Property added successfully!')).toBeVisible();
    await agent.context().close();
  });

  await test.step('nothing is told before an admin approves it', async () => {
    await expect(bellOf(page)).toHaveAccessibleName('Notifications');
  });

  await test.step('an admin approves it on Manage Properties', async () => {
    const admin = await windowAs(browser, testInfo, 'admin');
    await admin.goto('/dashboard/manage-properties');
    const filters = admin.getByRole('search', { name: 'Filter properties' });
    await filters.getByRole('searchbox', { name: 'Search' }).fill(title);
    await filters.getByRole('searchbox', { name: 'Search' }).press('Enter');
    const card = admin.getByRole('main').getByRole('article').filter({ hasText: title });
    await expect(card).toContainText('Approval: Pending');
    await card.getByRole('button', { name: /^Approve/ }).click();
    await expect(admin.getByText('Property approved.')).toBeVisible();
    await expect(card).toContainText('Approval: Approved');
    await admin.context().close();
  });

  await test.step('the buyer’s bell rings without a reload and leads to the home', async () => {
    const bell = bellOf(page);
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 15_000 });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const notice = panel.getByRole('link', {
      name: new RegExp(`A new home matches “${searchName}”`),
    });
    await expect(notice).toContainText(title);
  });

  await test.step('and an alert e-mail lists it, with a link to the search', async () => {
    // The subject is in our words; the name the buyer typed is in the body.
    const mail = await waitForMail(
      BUYER.email,
      (sent) =>
        sent.subject === 'A new home for your saved search' &&
        sent.text.includes(`“${searchName}”`),
    );
    expect(mail.text).toContain(`Hello ${BUYER.name}`);
    expect(mail.text).toContain(title);
    // One-click unsubscribe (RFC 8058) from the alerts.
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/.+\/api\/unsubscribe\?token=.+>$/);

    await page.goto(linkIn(mail, 'See every match'));
    await expect(page).toHaveURL(/[?&]location=Heronsgate/);
    await expect(
      page.getByRole('main').getByRole('article').filter({ hasText: title }),
    ).toBeVisible();
  });

  await test.step('Saved Searches counts the new match', async () => {
    await page.goto('/dashboard/saved-searches');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saved Searches');
    await expect(page.getByRole('main')).toContainText(searchName);
  });
});
