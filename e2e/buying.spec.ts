import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import {
  brandOf,
  DEMO_ACCOUNTS,
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  test,
  waitForHydration,
} from './fixtures';
import { listingPhotoOf } from './photos';

/*
 * The buying journey, with its refusals: save, offer, accept, pay, sold. Every test
 * lists fresh homes through the API (the demo agent lists, the demo admin approves), so nothing
 * here depends on the seed's listings or offers.
 */

const AGENT = DEMO_ACCOUNTS.agent;
const BUYER = DEMO_ACCOUNTS.buyer;
const MIN_PRICE = 250_000;
const MAX_PRICE = 280_000;
const BOUNDS_MESSAGE = 'Offer must be between $250,000 and $280,000';
const CARDS = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

type Listing = { id: string; title: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The accessible name of a control whose visible label is followed by a screen-reader-only
 * `: {title}` ("Make Offer: Journey House"); browsers may put a space before the colon.
 */
const named = (label: string, title: string) =>
  new RegExp(`^${escapeRegExp(label)}\\s*:\\s*${escapeRegExp(title)}$`);

/** A calendar day `days` from now, as the date input and the API take it. */
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An API client signed in as a demo account, apart from the page's own session. */
async function apiAs(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  testInfo: TestInfo,
  account: keyof typeof DEMO_ACCOUNTS,
) {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { email, password } = DEMO_ACCOUNTS[account];
  const response = await api.post('/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return api;
}

let listed = 0;
/** The demo agent lists a home between $250,000 and $280,000 and the demo admin approves it. */
async function listApprovedHome(agent: APIRequestContext, admin: APIRequestContext, label: string) {
  listed += 1;
  const title = `${label} ${Date.now().toString(36)}${listed}`;
  const created = await agent.post('/api/properties', {
    data: {
      title,
      description: 'A bright family home listed by the buying-journey end-to-end test.',
      location: 'Rua das Flores 12, Porto',
      minPrice: MIN_PRICE,
      maxPrice: MAX_PRICE,
      bedrooms: 3,
      bathrooms: 2,
      areaSize: 1450,
      propertyType: 'House',
      features: ['Garden', 'Parking'],
      ...(await listingPhotoOf(agent)),
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { insertedId } = (await created.json()) as { insertedId: string };
  const approved = await admin.patch(`/api/properties/admin-approval/${insertedId}/true`);
  expect(approved.status(), await approved.text()).toBe(200);
  return { id: insertedId, title } satisfies Listing;
}

/** The buyer (signed in on `page`) offers through the API, as the Make Offer page would. */
async function offerViaApi(page: Page, listing: Listing, offerAmount: number) {
  const response = await page.request.patch(`/make-offer/${listing.id}`, {
    data: { offerAmount, selectedDate: inDays(30) },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function acceptViaApi(agent: APIRequestContext, listing: Listing) {
  const response = await agent.patch(
    `/api/properties/accept-request/${listing.id}?email=${encodeURIComponent(BUYER.email)}`,
  );
  expect(response.status(), await response.text()).toBe(200);
}

/** A second browser window signed in as the demo agent. */
async function agentPage(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, 'agent');
  return page;
}

async function availabilityOf(page: Page, listing: Listing) {
  const response = await page.request.get(`/api/properties/${listing.id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { availability: string }).availability;
}

/** The buyer's card for a listing on Purchased Properties. */
const purchaseCard = (page: Page, listing: Listing) =>
  page.getByRole('article', { name: listing.title });

test.describe('the buying journey', () => {
  let agentApi: APIRequestContext;
  let adminApi: APIRequestContext;

  test.beforeEach(async ({ playwright }, testInfo) => {
    agentApi = await apiAs(playwright, testInfo, 'agent');
    adminApi = await apiAs(playwright, testInfo, 'admin');
  });

  test.afterEach(async () => {
    await agentApi.dispose();
    await adminApi.dispose();
  });

  test('a buyer saves a home, offers, the agent accepts, the buyer pays and the home is sold', async ({
    page,
    browser,
  }, testInfo) => {
    // Two people, a dozen screens and six accessibility scans: more than the default 30 s.
    test.slow();
    const home = await listApprovedHome(agentApi, adminApi, 'Journey House');
    await signIn(page, 'buyer');

    // Save it. The listing page carries Add To Wish List once the listings screen hosts it;
    // until then the wishlist call the button makes is made directly.
    await page.goto(`/propertyDetails/${home.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.title);
    const addToWishlist = page.getByRole('button', { name: 'Add To Wish List' });
    const buttonsPlaced = (await addToWishlist.count()) > 0;
    if (buttonsPlaced) {
      await expect(page.getByRole('link', { name: 'Make Offer' })).toHaveAttribute(
        'href',
        `/make-offer/${home.id}`,
      );
      await addToWishlist.click();
      await expect(page.getByText('Added to wishlist!')).toBeVisible();
      await expect(page.getByText('Saved to your Wish List')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Remove from Wish List' })).toBeVisible();
    } else {
      const saved = await page.request.patch(`/properties/${home.id}/wishlist`, {
        data: { wishlistStatus: 'true', wishlistUser: { email: BUYER.email } },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    }

    // My Wish List: the saved card, with its Make Offer link.
    await page.goto('/dashboard/wishlist');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saved Properties');
    const savedCard = page.getByRole('listitem').filter({ hasText: home.title });
    await expect(savedCard).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await savedCard.getByRole('link', { name: named('Make Offer', home.title) }).click();

    // Make Offer: summary, read-only facts, and the bounds on the amount.
    await expect(page).toHaveURL(new RegExp(`/make-offer/${home.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Make Offer');
    await expect(page).toHaveTitle(`${await brandOf(page)} | Make Offer`);
    const form = page.getByRole('form', { name: 'Make an offer' });
    await expect(form.getByLabel('Property Title')).toHaveValue(home.title);
    await expect(form.getByLabel('Owner')).toHaveValue(AGENT.name);
    await expect(form.getByLabel('Your Email')).toHaveValue(BUYER.email);
    await expect(form.getByLabel('Property Title')).toHaveAttribute('readonly', '');

    const amount = form.getByLabel('Offer Amount ($)');
    const date = form.getByLabel('Buying Date');
    await expect(amount).toHaveAttribute('step', '0.01');
    await expect(date).toHaveAttribute('type', 'date');

    await form.getByRole('button', { name: 'Submit Offer' }).click();
    await expect(amount).toHaveAccessibleDescription(/Offer amount is required/);
    await expect(date).toHaveAccessibleDescription('Buying date is required');

    await amount.fill('1000');
    await date.fill(inDays(30));
    await form.getByRole('button', { name: 'Submit Offer' }).click();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAccessibleDescription(new RegExp(escapeRegExp(BOUNDS_MESSAGE)));
    await expect(form.getByText(BOUNDS_MESSAGE)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await amount.fill('262500.50');
    await form.getByRole('button', { name: 'Submit Offer' }).click();

    // Straight on to the wishlist; 'Offer Sent!' arrives there and closes itself, with no button.
    await expect(page).toHaveURL(/\/dashboard\/wishlist$/);
    const sent = page.getByRole('dialog', { name: 'Offer Sent!' });
    await expect(sent).toBeVisible();
    await expect(sent).toContainText('Your offer has been submitted successfully.');
    await expect(sent.getByRole('button')).toHaveCount(0);
    await expect(sent).toBeHidden({ timeout: 4000 });
    // The home stays on the wishlist, where it shows as requested (the server's rule).
    await expect(
      savedCard.getByRole('button', { name: named('Offer Requested', home.title) }),
    ).toBeDisabled();
    await expect(savedCard.getByRole('link', { name: /Make Offer/ })).toHaveCount(0);

    // The listing page now says the offer is requested.
    if (buttonsPlaced) {
      await page.goto(`/propertyDetails/${home.id}`);
      await expect(page.getByRole('button', { name: 'Offer Requested' })).toBeDisabled();
      await expect(page.getByRole('link', { name: 'Make Offer' })).toHaveCount(0);
    }

    // My Bought Properties: pending, with the amount.
    await page.goto('/dashboard/bought');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Purchased Properties');
    const card = purchaseCard(page, home);
    await expect(card).toContainText('Pending');
    await expect(card).toContainText('$262,500.50');
    await expect(card.getByRole('button', { name: /Complete Payment/ })).toHaveCount(0);
    await expect(
      card.getByRole('button', { name: named('Withdraw Offer', home.title) }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The listing's agent accepts it on Requested Properties.
    const agent = await agentPage(browser, testInfo);
    await agent.goto('/dashboard/requests');
    await expect(agent.getByRole('heading', { level: 1 })).toHaveText('Requested Properties');
    const row = agent.getByRole('row').filter({ hasText: home.title });
    await expect(row).toContainText(BUYER.name);
    await expect(row.getByRole('link', { name: BUYER.email })).toHaveAttribute(
      'href',
      `mailto:${BUYER.email}`,
    );
    await expect(row).toContainText('$262,500.50');
    await expectNoSeriousA11yViolations(agent);
    await row
      .getByRole('button', { name: `Accept ${BUYER.name}'s offer on ${home.title}` })
      .click();
    const confirm = agent.getByRole('alertdialog', { name: 'Accept this offer?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Accept' }).click();
    await expect(agent.getByText('Property request has been accepted')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText('Accepted');
    await expect(row.getByRole('button', { name: /^Accept/ })).toHaveCount(0);

    // The buyer pays on the test checkout.
    await page.reload();
    await expect(card).toContainText('Accepted');
    await card.getByRole('button', { name: named('Complete Payment', home.title) }).click();
    await expect(page).toHaveURL(/\/demo-checkout\/demo_cs_/);
    // The checkout arrives by a full navigation; its card checks are the app's until it has run.
    await waitForHydration(page);
    await expect(page.getByText('This is a TEST payment')).toBeVisible();
    await expect(page.getByRole('main')).toContainText(home.title);
    const checkout = page.getByRole('form', { name: 'Card details' });
    const pay = checkout.getByRole('button', { name: 'Pay $262,500.50' });
    await pay.click();
    await expect(checkout.getByLabel('Card number')).toHaveAccessibleDescription(
      'Card number must be 13 to 19 digits',
    );
    await expect(checkout.getByLabel('Expiry (MM/YY)')).toHaveAccessibleDescription(
      'Expiry must look like MM/YY',
    );
    await expect(checkout.getByLabel('CVC')).toHaveAttribute('aria-invalid', 'true');
    await expect(checkout.getByLabel('Name on card')).toHaveAccessibleDescription(
      'Name on card is required',
    );
    await expectNoSeriousA11yViolations(page);

    await checkout.getByLabel('Card number').fill(CARDS.success);
    await checkout.getByLabel('Expiry (MM/YY)').fill('12/39');
    await checkout.getByLabel('CVC').fill('123');
    await checkout.getByLabel('Name on card').fill(BUYER.name);
    await pay.click();

    await expect(page).toHaveURL(/\/payment-success\?session_id=demo_cs_/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Successful!');
    const transaction = page.getByRole('definition').filter({ hasText: /^demo_txn_/ });
    await expect(transaction).toBeVisible();
    const transactionId = (await transaction.textContent()) ?? '';
    await expect(page.getByRole('main')).toContainText('$262,500.50');
    await expectNoSeriousA11yViolations(page);

    // Bought, with the transaction id; and sold on its page.
    await page.getByRole('link', { name: 'Purchased Properties' }).click();
    await expect(card).toContainText('Bought');
    await expect(card).toContainText(transactionId);
    await expect(card.getByRole('button', { name: /Complete Payment/ })).toHaveCount(0);

    await page.goto(`/propertyDetails/${home.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.title);
    await expect(page.getByText('Sold', { exact: true }).first()).toBeVisible();
    expect(await availabilityOf(page, home)).toBe('Sold');
    if (buttonsPlaced) {
      await expect(page.getByText('You bought this property.')).toBeVisible();
    }

    // And in the agent's Sold Properties.
    await agent.goto('/dashboard/sold-properties');
    await expect(agent.getByRole('heading', { level: 1 })).toHaveText('Sold Properties');
    const sale = agent.getByRole('row').filter({ hasText: home.title });
    await expect(sale).toContainText('Sold');
    await expect(sale).toContainText(transactionId);
    await expect(sale).toContainText('$262,500.50');
    await expect(agent.getByText('Total sold')).toBeVisible();
    await expectNoSeriousA11yViolations(agent);
    await agent.context().close();
  });

  test.describe('a declined card', () => {
    test.use({ allowedConsoleErrors: [/status of 402/] });

    test('is refused clearly on the test checkout and sells nothing', async ({ page }) => {
      const home = await listApprovedHome(agentApi, adminApi, 'Declined Villa');
      await signIn(page, 'buyer');
      await offerViaApi(page, home, 260_000);
      await acceptViaApi(agentApi, home);

      await page.goto('/dashboard/bought');
      const card = purchaseCard(page, home);
      await expect(card).toContainText('Accepted');
      await card.getByRole('button', { name: named('Complete Payment', home.title) }).click();
      await expect(page).toHaveURL(/\/demo-checkout\/demo_cs_/);
      await waitForHydration(page);
      const checkoutUrl = page.url();

      const checkout = page.getByRole('form', { name: 'Card details' });
      await checkout.getByLabel('Card number').fill(CARDS.declined);
      await checkout.getByLabel('Expiry (MM/YY)').fill('12/39');
      await checkout.getByLabel('CVC').fill('123');
      await checkout.getByLabel('Name on card').fill(BUYER.name);
      await checkout.getByRole('button', { name: 'Pay $260,000' }).click();

      const alert = checkout.getByRole('alert');
      await expect(alert).toContainText('Payment declined');
      await expect(alert).toContainText('Your card was declined');
      expect(page.url()).toBe(checkoutUrl);
      await expect(checkout.getByRole('button', { name: 'Pay $260,000' })).toBeEnabled();

      expect(await availabilityOf(page, home)).toBe('Pending');
      await page.goto('/dashboard/bought');
      await expect(card).toContainText('Accepted');
      await expect(
        card.getByRole('button', { name: named('Complete Payment', home.title) }),
      ).toBeVisible();
    });
  });

  test.describe('when the server fails', () => {
    // One pattern: a two-item array would read as Playwright's [value, options] fixture tuple.
    test.use({ allowedConsoleErrors: [/status of (409|500)/] });

    test('an offer the server refuses shows the Error dialog on the wishlist', async ({ page }) => {
      const home = await listApprovedHome(agentApi, adminApi, 'Refused Offer Home');
      await signIn(page, 'buyer');
      await page.route(`**/make-offer/${home.id}`, (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({
              status: 409,
              json: { error: 'This property is no longer taking offers.', code: 'CONFLICT' },
            })
          : route.fallback(),
      );
      await page.goto(`/make-offer/${home.id}`);
      const form = page.getByRole('form', { name: 'Make an offer' });
      await form.getByLabel('Offer Amount ($)').fill('250000');
      await form.getByLabel('Buying Date').fill(inDays(14));
      await form.getByRole('button', { name: 'Submit Offer' }).click();

      await expect(page).toHaveURL(/\/dashboard\/wishlist$/);
      const dialog = page.getByRole('alertdialog', { name: 'Error' });
      await expect(dialog).toContainText('This property is no longer taking offers.');
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(dialog).toBeHidden();
    });

    test('a checkout that cannot be opened says Payment Failed', async ({ page }) => {
      const home = await listApprovedHome(agentApi, adminApi, 'Unpayable Home');
      await signIn(page, 'buyer');
      await offerViaApi(page, home, 270_000);
      await acceptViaApi(agentApi, home);
      await page.route('**/api/payment/create-checkout-session', (route) =>
        route.fulfill({ status: 500, json: { error: 'Internal error', code: 'INTERNAL' } }),
      );

      await page.goto('/dashboard/bought');
      const card = purchaseCard(page, home);
      await card.getByRole('button', { name: named('Complete Payment', home.title) }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Payment Failed' });
      await expect(dialog).toContainText(
        'Something went wrong while creating the payment session.',
      );
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/dashboard\/bought$/);
    });
  });

  test('the agent rejects one offer and the buyer withdraws another', async ({
    page,
    browser,
  }, testInfo) => {
    const rejected = await listApprovedHome(agentApi, adminApi, 'Rejected Flat');
    const withdrawn = await listApprovedHome(agentApi, adminApi, 'Withdrawn Loft');
    await signIn(page, 'buyer');
    await offerViaApi(page, rejected, 251_000);
    await offerViaApi(page, withdrawn, 252_000);

    const agent = await agentPage(browser, testInfo);
    await agent.goto('/dashboard/requests');
    const row = agent.getByRole('row').filter({ hasText: rejected.title });
    await row.getByRole('button', { name: /^Reject/ }).click();
    const confirm = agent.getByRole('alertdialog', { name: 'Reject this offer?' });
    await confirm.getByRole('button', { name: 'Reject' }).click();
    await expect(agent.getByText('Request status updated successfully.')).toBeVisible();
    // A rejected offer leaves the agent's requests.
    await expect(row).toHaveCount(0);
    await agent.context().close();

    await page.goto('/dashboard/bought');
    await expect(purchaseCard(page, rejected)).toContainText('Rejected');

    const card = purchaseCard(page, withdrawn);
    await card.getByRole('button', { name: named('Withdraw Offer', withdrawn.title) }).click();
    const withdraw = page.getByRole('alertdialog', { name: 'Withdraw this offer?' });
    await expect(withdraw.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await withdraw.getByRole('button', { name: 'Withdraw Offer' }).click();
    await expect(page.getByText('Removed!')).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test('the buyer removes a saved home after confirming', async ({ page }) => {
    const home = await listApprovedHome(agentApi, adminApi, 'Saved Cottage');
    await signIn(page, 'buyer');
    const saved = await page.request.patch(`/properties/${home.id}/wishlist`, {
      data: { wishlistStatus: 'true' },
    });
    expect(saved.status()).toBe(200);

    await page.goto('/dashboard/wishlist');
    const card = page.getByRole('listitem').filter({ hasText: home.title });
    await card.getByRole('button', { name: named('Remove', home.title) }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove from wishlist?' });
    await dialog.getByRole('button', { name: 'Cancel' }).press('Escape');
    await expect(dialog).toBeHidden();
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: named('Remove', home.title) }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Removed!')).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test('the offer page tells agents they cannot offer', async ({ page }) => {
    const home = await listApprovedHome(agentApi, adminApi, 'Agent View Home');
    await signIn(page, 'agent');
    await page.goto(`/make-offer/${home.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Make Offer');
    await expect(page.getByText('Only buyers can make offers.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Make an offer' })).toHaveCount(0);

    // Nor does the listing page offer them the buyer's buttons.
    await page.goto(`/propertyDetails/${home.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.title);
    await expect(page.getByRole('link', { name: 'Make Offer' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Wish List/ })).toHaveCount(0);
  });

  test('the agent reads offers as cards on a phone, with the page kept to its width', async ({
    page,
    playwright,
  }, testInfo) => {
    const home = await listApprovedHome(agentApi, adminApi, 'Phone Table Home');
    const buyerApi = await apiAs(playwright, testInfo, 'buyer');
    const offered = await buyerApi.patch(`/make-offer/${home.id}`, {
      data: { offerAmount: 255_000, selectedDate: inDays(20) },
    });
    expect(offered.status(), await offered.text()).toBe(200);
    await buyerApi.dispose();

    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, 'agent');
    await page.goto('/dashboard/requests');
    const offers = page.getByRole('list', { name: 'Offers on your properties' });
    await expect(
      offers.getByRole('article', { name: `${BUYER.name}'s offer on ${home.title}` }),
    ).toBeVisible();
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('a missing listing', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('the offer page says Property Not Found', async ({ page }) => {
    await signIn(page, 'buyer');
    await page.goto('/make-offer/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property Not Found');
    await expect(
      page.getByText("The property you're trying to make an offer on couldn't be found."),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Properties' })).toHaveAttribute(
      'href',
      '/all-properties',
    );
    await expect(page).toHaveTitle(`${await brandOf(page)} | Make Offer`);
  });
});
