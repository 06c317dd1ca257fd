import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, expectNoSeriousA11yViolations, signIn, test } from './fixtures';
import { confirmAddress } from './market';
import { listingPhotoOf } from './photos';

/*
 * Money follows trust: a buyer pays only for a listing an admin has approved, from an agent in
 * good standing, before the offer's payment deadline; an offer that ends unpaid reopens the home.
 * Buyers are registered afresh by every test (their offers are rate-limited per account); the
 * homes are listed by the demo agent, or by a fresh agent where an admin will mark them as fraud,
 * and approved by the demo admin.
 */

const PRICE = { minPrice: 300_000, maxPrice: 340_000 } as const;
const PHONE = { width: 390, height: 844 } as const;

/** The server's words (PAYMENT_HOLD_MESSAGES and OFFER_MESSAGES in @keyhaven/shared). */
const TEXTS = {
  agentSuspended:
    "Payment is on hold: this property's agent is under investigation. You will not be charged.",
  underReview:
    'This property is being checked by our team. Payment is on hold until it is approved; you will not be charged.',
  withdrawn: 'Your offer has been withdrawn and the home is offered to other buyers again.',
  releaseBeforeDeadline:
    'The buyer still has time to pay. You can release the offer once the payment deadline passes, or ask an admin.',
} as const;

/** 'Pay by November 30, 2026 at 7:15 PM' (or 'Nov 30, 2026, 7:15 PM' in the agent's table). */
const PAY_BY = /Pay by [A-Z][a-z]+ \d{1,2}, \d{4},? (at )?\d{1,2}:\d{2}\s?[AP]M/;

type Listing = { id: string; title: string };
type Person = { id: string; name: string; email: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A control's accessible name: the visible label, then a screen-reader-only `: {title}`. */
const named = (label: string, title: string) =>
  new RegExp(`^${escapeRegExp(label)}\\s*:\\s*${escapeRegExp(title)}$`);

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let made = 0;
/** A suffix no other test run shares. */
const unique = () => {
  made += 1;
  return `${Date.now().toString(36)}${made}`;
};

type Playwright = {
  request: { newContext: (options: object) => Promise<APIRequestContext> };
};

async function apiAs(playwright: Playwright, testInfo: TestInfo, account: 'agent' | 'admin') {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { email, password } = DEMO_ACCOUNTS[account];
  const response = await api.post('/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return api;
}

/**
 * Registers a new person through `api` (a page's or a context's) and confirms their address from
 * the mail; the session stays there.
 */
async function register(api: APIRequestContext, label: string): Promise<Person> {
  const id = unique();
  const person = {
    name: `${label} ${id}`,
    email: `${label.toLowerCase().replace(/\W+/g, '-')}-${id}@example.test`,
    phone: '+351 912 000 111',
    country: 'Portugal',
    birth: '1990-04-12',
    password: 'Trust1234',
  };
  const response = await api.post('/auth/register', { data: person });
  expect(response.status(), await response.text()).toBe(200);
  const { user } = (await response.json()) as { user: { _id: string } };
  // Offers and payments wait for a confirmed address: confirmed from the mail, as a person does.
  await confirmAddress(api, person.email);
  return { id: user._id, name: person.name, email: person.email };
}

/** A new agent (registered, then promoted by the admin), signed in on its own API context. */
async function newAgent(playwright: Playwright, testInfo: TestInfo, admin: APIRequestContext) {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const person = await register(api, 'Trust Agent');
  const promoted = await admin.patch(`/api/user-role-update/${person.id}/agent`);
  expect(promoted.status(), await promoted.text()).toBe(200);
  return { api, ...person };
}

const listingBody = (title: string) => ({
  title,
  description: 'A calm family home listed by the trust end-to-end test, with a garden.',
  location: 'Avenida da Boavista 100, Porto',
  ...PRICE,
  bedrooms: 3,
  bathrooms: 2,
  areaSize: 1600,
  propertyType: 'Villa',
  features: ['Garden', 'Parking'],
});

/** `agent` lists a home and the admin approves it. */
async function listApprovedHome(
  agent: APIRequestContext,
  admin: APIRequestContext,
  label: string,
): Promise<Listing> {
  const title = `${label} ${unique()}`;
  const created = await agent.post('/api/properties', {
    data: { ...listingBody(title), ...(await listingPhotoOf(agent)) },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { insertedId } = (await created.json()) as { insertedId: string };
  const approved = await admin.patch(`/api/properties/admin-approval/${insertedId}/true`);
  expect(approved.status(), await approved.text()).toBe(200);
  return { id: insertedId, title };
}

/** The agent changes a listing's title: buyers must not see it before an admin does. */
async function retitle(
  agent: APIRequestContext,
  listing: Listing,
  title: string,
  availability: 'Available' | 'Pending',
) {
  const edited = await agent.patch(`/api/properties/${listing.id}`, {
    data: { ...listingBody(title), availability },
  });
  expect(edited.status(), await edited.text()).toBe(200);
}

async function offer(api: APIRequestContext, listing: Listing, offerAmount = 320_000) {
  const response = await api.patch(`/make-offer/${listing.id}`, {
    data: { offerAmount, selectedDate: inDays(30) },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function accept(agent: APIRequestContext, listing: Listing, buyer: Person) {
  const response = await agent.patch(
    `/api/properties/accept-request/${listing.id}?email=${encodeURIComponent(buyer.email)}`,
  );
  expect(response.status(), await response.text()).toBe(200);
}

async function availabilityOf(api: APIRequestContext, listing: Listing) {
  const response = await api.get(`/api/properties/${listing.id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { availability: string }).availability;
}

/** The buyer's card for a listing on Purchased Properties. */
const purchaseCard = (page: Page, title: string) => page.getByRole('article', { name: title });

/** The page fits a phone: nothing sticks out sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

test.describe('money follows trust', () => {
  let adminApi: APIRequestContext;
  let agentApi: APIRequestContext;

  test.beforeEach(async ({ playwright }, testInfo) => {
    adminApi = await apiAs(playwright, testInfo, 'admin');
    agentApi = await apiAs(playwright, testInfo, 'agent');
  });

  test.afterEach(async () => {
    await adminApi.dispose();
    await agentApi.dispose();
  });

  test('an accepted offer is frozen, with the reason and no Complete Payment, once its agent is marked fraud', async ({
    page,
    playwright,
  }, testInfo) => {
    const agent = await newAgent(playwright, testInfo, adminApi);
    const home = await listApprovedHome(agent.api, adminApi, 'Frozen Offer House');
    const buyer = await register(page.request, 'Frozen Buyer');
    await offer(page.request, home);
    await accept(agent.api, home, buyer);

    await page.setViewportSize(PHONE);
    await page.goto('/dashboard/bought');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Purchased Properties');
    const card = purchaseCard(page, home.title);
    await expect(card).toContainText('Accepted');
    await expect(card).toContainText(PAY_BY);
    await expect(
      card.getByRole('button', { name: named('Complete Payment', home.title) }),
    ).toBeVisible();

    const marked = await adminApi.patch(`/api/user-role-update/${agent.id}/fraud`);
    expect(marked.status(), await marked.text()).toBe(200);

    await page.reload();
    await expect(card).toContainText('Accepted');
    await expect(card.getByRole('status')).toContainText(TEXTS.agentSuspended);
    await expect(card.getByRole('button', { name: /Complete Payment/ })).toHaveCount(0);
    // The listing's page is closed to buyers now: no link to a dead end.
    await expect(card.getByRole('link', { name: /View Details/ })).toHaveCount(0);
    // The server refuses a checkout all the same.
    const checkout = await page.request.post('/api/payment/create-checkout-session', {
      data: { offer: { _id: home.id, property: { _id: home.id } } },
    });
    expect(checkout.status()).toBe(409);
    expect(((await checkout.json()) as { error: string }).error).toBe(TEXTS.agentSuspended);

    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    await agent.api.dispose();
  });

  test('a saved listing its agent retitles keeps its approved title, marked Under review, until an admin approves the change', async ({
    page,
  }) => {
    const home = await listApprovedHome(agentApi, adminApi, 'Reviewed Cottage');
    const buyer = await register(page.request, 'Saving Buyer');
    const saved = await page.request.patch(`/properties/${home.id}/wishlist`, {
      data: { wishlistStatus: 'true' },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await page.setViewportSize(PHONE);
    await page.goto('/dashboard/wishlist');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saved Properties');
    const card = page.getByRole('listitem').filter({ hasText: home.title });
    await expect(card.getByRole('link', { name: named('Make Offer', home.title) })).toBeVisible();
    await expect(card).not.toContainText('Under review');

    const newTitle = `Unreviewed Palace ${unique()}`;
    await retitle(agentApi, home, newTitle, 'Available');

    await page.reload();
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { name: home.title })).toBeVisible();
    await expect(card).toContainText('Under review');
    await expect(card.getByRole('link', { name: /Make Offer/ })).toHaveCount(0);
    await expect(card.getByRole('link', { name: /Details/ })).toHaveCount(0);
    await expect(card.getByRole('button', { name: named('Remove', home.title) })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(newTitle);
    // Nor does the answer behind the page carry the unreviewed title.
    const answer = await page.request.get(`/wishlist-properties/${buyer.id}`);
    expect(await answer.text()).not.toContain(newTitle);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    // Once an admin approves the change, the buyer sees it and can offer again.
    const approved = await adminApi.patch(`/api/properties/admin-approval/${home.id}/true`);
    expect(approved.status(), await approved.text()).toBe(200);
    await page.reload();
    const updated = page.getByRole('listitem').filter({ hasText: newTitle });
    await expect(updated.getByRole('link', { name: named('Make Offer', newTitle) })).toBeVisible();
    await expect(updated).not.toContainText('Under review');
  });

  test('an accepted offer on a listing sent back to review is on hold and shows the approved version', async ({
    page,
  }) => {
    const home = await listApprovedHome(agentApi, adminApi, 'Held Townhouse');
    const buyer = await register(page.request, 'Held Buyer');
    await offer(page.request, home);
    await accept(agentApi, home, buyer);
    // Under an accepted offer its agent may edit the listing only once it is out of review.
    const rejected = await adminApi.patch(`/api/properties/admin-approval/${home.id}/false`);
    expect(rejected.status(), await rejected.text()).toBe(200);
    const newTitle = `Swapped Title ${unique()}`;
    await retitle(agentApi, home, newTitle, 'Pending');

    await page.goto('/dashboard/bought');
    const card = purchaseCard(page, home.title);
    await expect(card).toContainText('Accepted');
    await expect(card).toContainText('Under review');
    await expect(card.getByRole('status')).toContainText(TEXTS.underReview);
    // The buyer keeps their time to pay while the review lasts.
    await expect(card).toContainText('Payment deadline: paused, 6 days and 23 hours left');
    await expect(card.getByRole('status')).toContainText('Your payment deadline is paused');
    await expect(card.getByRole('button', { name: /Complete Payment/ })).toHaveCount(0);
    await expect(
      card.getByRole('button', { name: named('Withdraw Offer', home.title) }),
    ).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(newTitle);
  });

  test('withdrawing an accepted offer, after confirming, reopens the home to other buyers', async ({
    page,
    browser,
    playwright,
  }, testInfo) => {
    const home = await listApprovedHome(agentApi, adminApi, 'Reopened Loft');
    const buyer = await register(page.request, 'Withdrawing Buyer');
    await offer(page.request, home);
    await accept(agentApi, home, buyer);
    expect(await availabilityOf(page.request, home)).toBe('Pending');

    await page.goto('/dashboard/bought');
    const card = purchaseCard(page, home.title);
    await expect(card).toContainText('Accepted');
    await expect(card).toContainText(PAY_BY);
    const withdraw = card.getByRole('button', { name: named('Withdraw Offer', home.title) });

    // Cancel first: nothing changes.
    await withdraw.click();
    const dialog = page.getByRole('alertdialog', { name: 'Withdraw this offer?' });
    await expect(dialog).toContainText('offered to other buyers again');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(withdraw).toBeFocused();
    expect(await availabilityOf(page.request, home)).toBe('Pending');

    // Then for real, from the keyboard.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Withdraw Offer' }).click();
    await expect(page.getByText(TEXTS.withdrawn)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText('Withdrawn');
    await expect(card).toContainText('offered to other buyers again');
    await expect(card).not.toContainText('Pay by');
    await expect(card.getByRole('button')).toHaveCount(0);
    expect(await availabilityOf(page.request, home)).toBe('Available');

    // The agent sees why the home reopened.
    const agentContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const agent = await agentContext.newPage();
    await signIn(agent, 'agent');
    await agent.goto('/dashboard/requests');
    const row = agent.getByRole('row').filter({ hasText: home.title });
    await expect(row).toContainText('Withdrawn');
    await expect(row.getByRole('button')).toHaveCount(0);
    await agentContext.close();

    // And another buyer can offer on it.
    const other = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    await register(other, 'Next Buyer');
    await offer(other, home, 335_000);
    await other.dispose();
  });

  test.describe('releasing an unpaid offer', () => {
    test.use({ allowedConsoleErrors: [/status of 409/] });

    test('waits for the payment deadline, and the server has the last word', async ({
      page,
      playwright,
    }, testInfo) => {
      const home = await listApprovedHome(agentApi, adminApi, 'Released Bungalow');
      const buyerApi = await playwright.request.newContext({
        baseURL: testInfo.project.use.baseURL,
      });
      const buyer = await register(buyerApi, 'Slow Buyer');
      await offer(buyerApi, home);
      await accept(agentApi, home, buyer);
      await buyerApi.dispose();

      await page.setViewportSize(PHONE);
      await signIn(page, 'agent');
      await page.goto('/dashboard/requests');
      // On a phone each offer is a card.
      const row = page.getByRole('article', { name: `${buyer.name}'s offer on ${home.title}` });
      await expect(row).toContainText('Accepted');
      await expect(row).toContainText(PAY_BY);
      const release = row.getByRole('button', {
        name: `Release ${buyer.name}'s offer on ${home.title}`,
      });
      await expect(release).toBeDisabled();
      await expect(release).toHaveAccessibleDescription(
        /You can release the offer once this deadline passes/,
      );
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);

      // This browser's clock says the deadline has passed; the server's does not.
      await page.route('**/api/properties/requested/**', async (route) => {
        const response = await route.fetch();
        const rows = (await response.json()) as Array<{ _id: string; payBy: string | null }>;
        const past = new Date(Date.now() - 60_000).toISOString();
        await route.fulfill({
          response,
          json: rows.map((item) => (item._id === home.id ? { ...item, payBy: past } : item)),
        });
      });
      await page.reload();
      await expect(row).toContainText('Deadline passed');
      await expect(release).toBeEnabled();
      await release.click();
      const dialog = page.getByRole('alertdialog', { name: 'Release this offer?' });
      await expect(dialog).toContainText('offered to other buyers again');
      await dialog.getByRole('button', { name: 'Release' }).click();
      await expect(page.getByText(TEXTS.releaseBeforeDeadline)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText('Accepted');
      expect(await availabilityOf(agentApi, home)).toBe('Pending');
    });
  });

  test('a payment that arrives after the offer ended says it will be refunded, not that it succeeded', async ({
    page,
  }) => {
    await signIn(page, 'buyer');
    await page.route('**/api/payment/verify?*', (route) =>
      route.fulfill({
        json: { verified: false, transactionId: null, amount: 321_000, refundDue: true },
      }),
    );
    await page.setViewportSize(PHONE);
    await page.goto('/payment-success?session_id=cs_test_late');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment To Be Refunded');
    await expect(page.getByRole('main')).toContainText(
      'arrived after this offer could no longer be completed',
    );
    await expect(page.getByRole('main')).toContainText('$321,000');
    await expect(page.getByText('Payment Successful!')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  });

  test.describe('the Refunds page', () => {
    const DUE = {
      _id: '5b0f3f1e-7a51-4c1b-9d1e-2f1f9c1e0a01',
      status: 'refund_due',
      amount: 312_500,
      reason: "The listing's agent was marked as fraud when the payment arrived.",
      transactionId: 'pi_late_1',
      paidAt: '2026-11-20T10:00:00.000Z',
      buyerEmail: 'late.payer@example.test',
      propertyId: '0c7e4a52-64a2-4f0e-a1d3-7a3c2b9e5f10',
      propertyTitle: 'Harbour View Flat',
    };
    const DONE = {
      ...DUE,
      _id: '5b0f3f1e-7a51-4c1b-9d1e-2f1f9c1e0a02',
      status: 'refunded',
      amount: 205_000,
      transactionId: 'pi_late_2',
      propertyTitle: 'Old Mill House',
    };

    test('an admin finds it in the dashboard menu; with nothing to refund it says so', async ({
      page,
    }) => {
      await signIn(page, 'admin');
      await page.goto('/dashboard');
      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'Refunds' })
        .click();
      await expect(page).toHaveURL(/\/dashboard\/refunds$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Refunds');
      await expect(page.getByText('No payment needs a refund.')).toBeVisible();
    });

    test('an admin refunds a late payment after confirming, on a phone', async ({ page }) => {
      let refunded = false;
      await page.route('**/api/admin/refunds', (route) =>
        route.fulfill({ json: [refunded ? { ...DUE, status: 'refunded' } : DUE, DONE] }),
      );
      await page.route(`**/api/admin/refunds/${DUE._id}`, (route) => {
        refunded = true;
        return route.fulfill({ json: { message: 'The payment has been refunded.' } });
      });
      await signIn(page, 'admin');
      await page.setViewportSize(PHONE);
      await page.goto('/dashboard/refunds');
      await expect(page.getByText('1 payment to refund')).toBeVisible();
      const due = page.getByRole('article', { name: DUE.propertyTitle });
      await expect(due).toContainText('Refund due');
      await expect(due).toContainText('$312,500');
      await expect(due).toContainText(DUE.buyerEmail);
      await expect(due).toContainText(DUE.reason);
      const done = page.getByRole('article', { name: DONE.propertyTitle });
      await expect(done).toContainText('Refunded');
      await expect(done.getByRole('button')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);

      const refund = due.getByRole('button', {
        name: named('Refund', `$312,500 for ${DUE.propertyTitle}`),
      });
      await refund.click();
      const dialog = page.getByRole('alertdialog', { name: 'Refund this payment?' });
      await expect(dialog).toContainText(DUE.buyerEmail);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(refund).toBeFocused();
      expect(refunded).toBe(false);

      await refund.click();
      await dialog.getByRole('button', { name: 'Refund' }).click();
      await expect(page.getByText('The payment has been refunded.')).toBeVisible();
      await expect(dialog).toBeHidden();
      expect(refunded).toBe(true);
      await expect(due).toContainText('Refunded');
      await expect(page.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
      await expect(page.getByText('Nothing left to refund')).toBeFocused();
    });
  });
});
