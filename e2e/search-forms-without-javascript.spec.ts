import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { apiAs, type Listing, listApprovedHome } from './market';

/*
 * Every search and filter form is a plain GET form to the page that shows its results, its fields
 * named as that page's address names them: sent before the page's code runs, or without it, it
 * lands on the address the app would go to, which the server renders with the results.
 */
test.describe('search and filter forms without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  let home: Listing;

  test.beforeAll(async ({ playwright }, testInfo) => {
    const agent = await apiAs(playwright, testInfo, 'agent');
    const admin = await apiAs(playwright, testInfo, 'admin');
    // In Porto, a House with a garden and parking, 3 bedrooms, $250,000 to $280,000.
    home = await listApprovedHome(agent, admin, 'Plain Form House');
    await agent.dispose();
    await admin.dispose();
  });

  /** How many approved listings the API finds for a catalogue search. */
  async function catalogueTotal(page: Page, query: Record<string, string>) {
    const response = await page.request.get(
      `/api/all-properties?${new URLSearchParams({ ...query, limit: '1' })}`,
    );
    expect(response.status()).toBe(200);
    return Number(response.headers()['x-total-count']);
  }

  const countText = (total: number) => `${total} ${total === 1 ? 'property' : 'properties'}`;

  test("All Properties' search and filters show the homes they name, the sort kept", async ({
    page,
  }) => {
    await signIn(page, 'buyer');
    await page.goto('/all-properties?sort=price-asc');

    await page.getByRole('searchbox', { name: 'Location' }).fill('Porto');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/all-properties' &&
        url.searchParams.get('location') === 'Porto' &&
        url.searchParams.get('sort') === 'price-asc',
    );
    const inPorto = await catalogueTotal(page, { location: 'Porto' });
    await expect(page.getByRole('status')).toHaveText(countText(inPorto));
    await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');

    // Filters opens as a link; the panel's choices go as the address names them.
    await page.getByRole('link', { name: 'Filters' }).click();
    const panel = page.getByRole('form', { name: 'Filters' });
    await panel.getByRole('checkbox', { name: 'House', exact: true }).check();
    await panel.getByRole('checkbox', { name: 'Garden', exact: true }).check();
    await panel.getByLabel('Min price ($)').fill('250000');
    await panel.getByLabel('Bedrooms').selectOption('3');
    await panel.getByRole('button', { name: 'Show results' }).click();

    await expect(page).toHaveURL(
      (url) =>
        url.searchParams.get('location') === 'Porto' &&
        url.searchParams.getAll('types').join() === 'House' &&
        url.searchParams.getAll('features').join() === 'Garden' &&
        url.searchParams.get('minPrice') === '250000' &&
        url.searchParams.get('minBeds') === '3' &&
        url.searchParams.get('sort') === 'price-asc' &&
        !url.searchParams.has('filters'),
    );
    const filtered = await catalogueTotal(page, {
      location: 'Porto',
      propertyType: 'House',
      features: 'Garden',
      minPrice: '250000',
      minBeds: '3',
    });
    expect(filtered).toBeGreaterThan(0);
    // The empty price and bathroom fields read as no bound: the panel's four filters, no error.
    await expect(page.getByRole('status')).toHaveText(countText(filtered));
    await expect(page.getByRole('link', { name: 'Filters (4)' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) {
      await expect(card).toContainText('Porto');
      await expect(card).toContainText('House');
    }

    // The search form keeps the panel's filters it does not show.
    await page.getByRole('searchbox', { name: 'Location' }).fill('Rua das Flores');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(
      (url) =>
        url.searchParams.get('location') === 'Rua das Flores' &&
        url.searchParams.get('propertyType') === 'House' &&
        url.searchParams.get('features') === 'Garden' &&
        url.searchParams.get('minBeds') === '3' &&
        url.searchParams.get('sort') === 'price-asc',
    );
    await expect(page.getByRole('link', { name: 'Filters (4)' })).toBeVisible();
  });

  test("an agent's My Properties search shows the listing searched for", async ({ page }) => {
    await signIn(page, 'agent');
    await page.goto('/dashboard/my-properties');
    await page.getByRole('searchbox', { name: 'Search' }).fill(home.title);
    await page.getByLabel('Approval status').selectOption('approved');
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/dashboard/my-properties' &&
        url.searchParams.get('search') === home.title &&
        url.searchParams.get('status') === 'approved',
    );
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: home.title })).toBeVisible();
  });

  test("the admin's Manage Properties and audit log filters show what they name", async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/dashboard/manage-properties');
    await page.getByRole('searchbox', { name: 'Search' }).fill(home.title);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/dashboard/manage-properties' &&
        url.searchParams.get('search') === home.title,
    );
    await expect(page.getByRole('status')).toHaveText('1 property');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article')).toContainText(home.title);

    await page.goto('/dashboard/audit-log');
    await page.getByLabel('Target id').fill(home.id);
    await page.getByLabel('Action').selectOption('property.approval_changed');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/dashboard/audit-log' &&
        url.searchParams.get('targetId') === home.id &&
        url.searchParams.get('action') === 'property.approval_changed',
    );
    // The approval of the listing, alone: the empty fields filtered nothing.
    await expect(page.getByText('1 entry', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Target id')).toHaveValue(home.id);
  });

  test("the mortgage calculator works the payment out from its page's address", async ({
    page,
  }) => {
    await signIn(page, 'buyer');
    await page.goto(`/propertyDetails/${home.id}`);
    const calculator = page.getByRole('region', { name: 'Mortgage calculator' });
    await calculator.getByLabel('Home price ($)').fill('250000');
    await calculator.getByLabel('Down payment (%)').fill('20');
    await calculator.getByLabel('Interest rate (%)').fill('6.5');
    await calculator.getByLabel('Loan term').selectOption('30');
    await calculator.getByLabel('Property tax per year ($)').fill('3000');
    await calculator.getByLabel('Home insurance per year ($)').fill('1200');
    await calculator.getByLabel('HOA fees per month ($)').fill('0');
    await calculator.getByRole('button', { name: 'Calculate' }).click();

    await expect(page).toHaveURL(
      (url) =>
        url.pathname === `/propertyDetails/${home.id}` &&
        url.searchParams.get('rate') === '6.5' &&
        url.searchParams.get('yearlyTax') === '3000' &&
        url.hash === '#mortgage-calculator',
    );
    // $200,000 borrowed at 6.5% over 30 years, with $250 tax and $100 insurance a month.
    await expect(
      calculator.getByText('Estimated monthly payment').locator('xpath=following-sibling::p[1]'),
    ).toHaveText('$1,614.14');
    await expect(calculator.getByLabel('Property tax per year ($)')).toHaveValue('3000');
  });
});
