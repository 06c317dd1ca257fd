import { expect, expectNoSeriousA11yViolations, signIn, test } from './fixtures';
import { apiAs, type Listing, listApprovedHome, PRICE } from './market';

test.describe('the mortgage calculator', () => {
  let home: Listing;

  test.beforeAll(async ({ playwright }, testInfo) => {
    const agent = await apiAs(playwright, testInfo, 'agent');
    const admin = await apiAs(playwright, testInfo, 'admin');
    home = await listApprovedHome(agent, admin, 'Calculator House');
    await agent.dispose();
    await admin.dispose();
  });

  test("gives the monthly payment of a known loan on a listing's page", async ({ page }) => {
    await signIn(page, 'buyer');
    await page.goto(`/propertyDetails/${home.id}`);
    const calculator = page.getByRole('region', { name: 'Mortgage calculator' });
    await calculator.scrollIntoViewIfNeeded();
    // The listing's lowest price is where the buyer starts.
    await expect(calculator.getByLabel('Home price ($)')).toHaveValue(String(PRICE.min));

    // $250,000 with $50,000 down is a $200,000 loan: at 6.5% over 30 years, $1,264.14 a month.
    await calculator.getByLabel('Down payment (%)').fill('20');
    await calculator.getByLabel('Interest rate (%)').fill('6.5');
    await calculator.getByLabel('Loan term').selectOption('30');
    await calculator.getByLabel('Property tax per year ($)').fill('0');
    await calculator.getByLabel('Home insurance per year ($)').fill('0');
    await calculator.getByLabel('HOA fees per month ($)').fill('0');
    await expect(
      calculator.getByText('Estimated monthly payment').locator('xpath=following-sibling::p[1]'),
    ).toHaveText('$1,264.14');
    await expect(
      calculator.getByRole('listitem').filter({ hasText: 'Principal & interest' }),
    ).toContainText('$1,264.14');

    // Taxes and insurance join the monthly figure; a wrong field says why beside it.
    await calculator.getByLabel('Property tax per year ($)').fill('3000');
    await calculator.getByLabel('Home insurance per year ($)').fill('1200');
    await expect(
      calculator.getByText('Estimated monthly payment').locator('xpath=following-sibling::p[1]'),
    ).toHaveText('$1,614.14');
    await calculator.getByLabel('Interest rate (%)').fill('45');
    await expect(calculator.getByLabel('Interest rate (%)')).toHaveAccessibleDescription(
      'Enter a rate of 30% or less.',
    );
    await expectNoSeriousA11yViolations(page);
  });
});
