import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  test,
  waitingForHydration,
} from './fixtures';
import { apiAs, type Listing, listApprovedHome } from './market';

/** An id shaped like a listing's that no listing has (one deleted since the link was shared). */
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

const LIMIT_MESSAGE = 'You can compare up to 4 homes. Remove one to add another.';

/** The listing cards of the page's main content. */
const cardOf = (page: Page, title: string) =>
  page.getByRole('main').getByRole('article').filter({ hasText: title });

/** A card's or a page's compare button, whichever it reads now. */
const compareToggle = (scope: ReturnType<Page['getByRole']>) =>
  scope.getByRole('button', { name: /^(Compare|Remove from compare)\s*:/ });

test.describe('comparing homes', () => {
  let homes: Listing[];

  test.beforeAll(async ({ playwright }, testInfo) => {
    const agent: APIRequestContext = await apiAs(playwright, testInfo, 'agent');
    const admin: APIRequestContext = await apiAs(playwright, testInfo, 'admin');
    // Different types, so the comparison has a row where the homes differ.
    homes = [];
    for (const type of ['House', 'Apartment', 'Villa', 'Condo', 'Townhouse']) {
      homes.push(await listApprovedHome(agent, admin, `Compare ${type}`, type));
    }
    await agent.dispose();
    await admin.dispose();
  });

  test('a buyer picks four homes from the cards, is refused a fifth, and compares them side by side', async ({
    page,
  }) => {
    await signIn(page, 'buyer');
    await page.goto('/all-properties');

    const [first, second, third, fourth, fifth] = homes.map((home) => cardOf(page, home.title));
    if (!first || !second || !third || !fourth || !fifth) throw new Error('five homes expected');
    for (const card of [first, second, third, fourth]) {
      await compareToggle(card).click();
      await expect(compareToggle(card)).toHaveAttribute('aria-pressed', 'true');
    }
    await compareToggle(fifth).click();
    await expect(page.getByText(LIMIT_MESSAGE)).toBeVisible();
    await expect(compareToggle(fifth)).toHaveAttribute('aria-pressed', 'false');

    // The picks outlast a reload.
    await page.reload();
    const bar = page.getByRole('region', { name: 'Homes to compare' });
    await expect(bar.getByRole('listitem')).toHaveCount(4);
    await expect(compareToggle(first)).toHaveAttribute('aria-pressed', 'true');

    await bar.getByRole('link', { name: 'Compare (4)' }).click();
    await expect(page).toHaveURL(/\/compare\?ids=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Compare homes' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Homes compared side by side' });
    // The row headings' column, then one column per home.
    await expect(table.getByRole('columnheader')).toHaveCount(5);
    for (const home of homes.slice(0, 4)) {
      await expect(table.getByRole('link', { name: home.title })).toBeVisible();
    }
    const typeRow = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Type Differs' }) });
    await expect(typeRow).toContainText('House');
    await expect(typeRow).toContainText('Condo');
    await expect(table.getByRole('rowheader', { name: 'Price range' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const removed = homes[1];
    if (!removed) throw new Error('a second home expected');
    await table
      .getByRole('button', { name: `Remove ${removed.title} from the comparison` })
      .click();
    await expect(table.getByRole('columnheader')).toHaveCount(4);
    await expect(table.getByRole('link', { name: removed.title })).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('ids')?.split(',')).toHaveLength(3);
  });

  test.describe(() => {
    // The browser asks for the missing listing again and logs the server's 404 for it.
    test.use({ allowedConsoleErrors: [/status of 404/] });

    test('a shared compare link shows the same homes to another signed-in visitor, and says which are no longer available', async ({
      page,
    }) => {
      await signIn(page, 'agent');
      const ids = [homes[0]?.id, MISSING_ID, homes[2]?.id].join(',');
      await page.goto(`/compare?ids=${ids}`);
      const table = page.getByRole('table', { name: 'Homes compared side by side' });
      await expect(
        page.getByRole('list', { name: 'Homes no longer available' }).getByRole('listitem'),
      ).toHaveText(
        /^One of these homes is no longer available\. The other homes are compared without it\./,
      );
      // The two still there, side by side, with no column of dashes for the one gone.
      await expect(table.getByRole('columnheader')).toHaveCount(3);
      await expect(table.getByRole('link', { name: homes[0]?.title ?? '' })).toBeVisible();
      await expect(table.getByRole('link', { name: homes[2]?.title ?? '' })).toBeVisible();
      await expect(table.getByText('Not available')).toHaveCount(0);
    });
  });

  test("a listing's page picks it for comparing too, and every open tab follows", async ({
    page,
  }) => {
    await signIn(page, 'buyer');
    const home = homes[4];
    if (!home) throw new Error('a fifth home expected');
    await page.goto(`/propertyDetails/${home.id}`);
    const toggle = compareToggle(page.getByRole('main'));
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const bar = page.getByRole('region', { name: 'Homes to compare' });
    await expect(bar.getByRole('listitem')).toHaveText([home.title]);

    // A second tab shows the pick once it has taken over its page.
    const otherTab = await waitingForHydration(await page.context().newPage());
    await otherTab.goto('/all-properties');
    const otherBar = otherTab.getByRole('region', { name: 'Homes to compare' });
    await expect(otherBar.getByRole('listitem')).toHaveCount(1);
    await expect(compareToggle(cardOf(otherTab, home.title))).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Taking it off here takes it off there, without a reload.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(otherBar).toHaveCount(0);
    await expect(compareToggle(cardOf(otherTab, home.title))).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await otherTab.close();
  });

  test('with nothing to compare, the page leads back to the listings', async ({ page }) => {
    await signIn(page, 'buyer');
    await page.goto('/compare');
    await expect(page.getByText('No homes to compare yet')).toBeVisible();
    await page.getByRole('link', { name: 'Browse All Properties' }).click();
    await expect(page).toHaveURL(/\/all-properties/);
  });

  test.describe('before the browser runs any script', () => {
    test.use({ javaScriptEnabled: false });

    test('the server sends the comparison filled in', async ({ page }) => {
      await signIn(page, 'buyer');
      await page.goto(
        `/compare?ids=${homes
          .slice(0, 2)
          .map((home) => home.id)
          .join(',')}`,
      );
      const table = page.getByRole('table', { name: 'Homes compared side by side' });
      for (const home of homes.slice(0, 2)) {
        await expect(table.getByRole('link', { name: home.title })).toBeVisible();
      }
      await expect(table.getByRole('rowheader', { name: 'Type Differs' })).toBeVisible();
    });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 800 } });

    test('the table scrolls sideways inside its region with the row headings kept in view', async ({
      page,
    }) => {
      await signIn(page, 'buyer');
      await page.goto(
        `/compare?ids=${homes
          .slice(0, 3)
          .map((home) => home.id)
          .join(',')}`,
      );
      const region = page.getByRole('region', { name: 'Homes compared side by side' });
      await expect(region.getByRole('columnheader')).toHaveCount(4);
      // The page itself does not widen past the phone.
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(375);
      await region.evaluate((element) => {
        element.scrollLeft = element.scrollWidth;
      });
      await expect(region.getByRole('rowheader', { name: /^Bedrooms/ })).toBeInViewport();
    });
  });
});
