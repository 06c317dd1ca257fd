import { REPORT_MESSAGES, REPORT_OUTCOME_MESSAGES } from '@keyhaven/shared/texts';
import type { APIRequestContext, Page } from '@playwright/test';
import { actAs, named, openFromDashboardMenu, type Person, registerAgent } from './business';
import { expect, test } from './fixtures';
import { apiAs, type Buyer, type Listing, listApprovedHome, registerBuyer } from './market';

/*
 * A reported listing, from the report to its correction: a buyer reports a listing from its
 * page, an admin asks its agent for a correction from Reported Listings, the agent reads the
 * admin's note and edits the listing, and it waits in the admins' approval queue again. The
 * buyer is told how their report ended. The agent and the buyer are registered afresh, so the
 * queue, the agent's listings and the buyer's notifications hold only what this spec made.
 */

/** The bell in the navigation bar, named with the unread count ("Notifications, 2 unread"). */
const bellOf = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

/** The listing cards of a dashboard page. */
const cardOf = (page: Page, title: string) =>
  page.getByRole('main').getByRole('article').filter({ hasText: title });

test.describe('reported listings', () => {
  let adminApi: APIRequestContext;
  let agent: Person;
  let buyer: Buyer;
  let home: Listing;

  test.beforeEach(async ({ playwright }, testInfo) => {
    adminApi = await apiAs(playwright, testInfo, 'admin');
    agent = await registerAgent(playwright, testInfo, adminApi, 'Reported Agent');
    buyer = await registerBuyer(playwright, testInfo, 'Reporting Buyer');
    home = await listApprovedHome(agent.api, adminApi, 'Reported House');
  });

  test.afterEach(async () => {
    await buyer.api.dispose();
    await agent.api.dispose();
    await adminApi.dispose();
  });

  test('a buyer reports a listing, an admin asks for a correction, the agent corrects it and it waits for approval again; the buyer is told', async ({
    page,
  }) => {
    // Three people in turn, each with a mail to confirm an address.
    test.slow();
    const reportNote = 'The photos show a different house from the one at this address.';
    const correction = `Please replace the photos with ones of this house (${home.title}).`;

    await test.step('the buyer reports the listing from its page', async () => {
      await actAs(page, buyer);
      await page.goto(`/propertyDetails/${home.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.title);
      await page.getByRole('button', { name: 'Report this listing' }).click();

      const dialog = page.getByRole('dialog', { name: 'Report this listing' });
      await expect(dialog).toContainText(`Tell our admins what is wrong with ${home.title}.`);
      const reasons = dialog.getByRole('group', { name: 'Why are you reporting it?' });
      await expect(reasons.getByRole('radio')).toHaveCount(5);

      // Without a reason nothing is sent.
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(dialog.getByText(REPORT_MESSAGES.reasonRequired)).toBeVisible();

      await reasons.getByRole('radio', { name: 'Wrong information' }).check();
      await expect(dialog.getByText(REPORT_MESSAGES.reasonRequired)).toHaveCount(0);
      await dialog.getByLabel('Anything the admins should know (optional)').fill(reportNote);
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(page.getByText(REPORT_MESSAGES.reported)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('You reported this listing')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Report this listing' })).toHaveCount(0);

      // The server remembers: the page says so after a reload too.
      await page.reload();
      await expect(page.getByText('You reported this listing')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Report this listing' })).toHaveCount(0);
    });

    await test.step('an admin finds it on Reported Listings and asks the agent for a correction', async () => {
      await actAs(page, 'admin');
      await openFromDashboardMenu(page, 'Reported Listings');
      const card = page.getByRole('article', { name: home.title });
      await expect(card).toContainText('1 open report');
      await expect(card).toContainText('Wrong information: 1');
      await expect(card).toContainText(agent.name);
      await expect(card).toContainText(`by ${buyer.name} (${buyer.email})`);
      await expect(card).toContainText(reportNote);
      await expect(card).toContainText('Approval: Approved');

      await card.getByRole('button', { name: 'Ask for a correction' }).click();
      const dialog = page.getByRole('dialog', {
        name: `Ask ${agent.name} to correct ${home.title}?`,
      });
      await expect(dialog).toContainText('The listing goes back to pending');
      // The agent must be told what to correct.
      await dialog.getByRole('button', { name: 'Ask for a correction' }).click();
      await expect(dialog.getByText(REPORT_MESSAGES.correctionNoteRequired)).toBeVisible();
      await dialog.getByLabel('What should the agent correct?').fill(correction);
      await dialog.getByRole('button', { name: 'Ask for a correction' }).click();
      await expect(page.getByText(REPORT_MESSAGES.correctionRequested)).toBeVisible();
      await expect(dialog).toBeHidden();
      // Decided: the listing leaves the queue.
      await expect(card).toHaveCount(0);
    });

    await test.step('the agent reads the note on My Properties and on the Edit page, and corrects the listing', async () => {
      await actAs(page, agent);
      await openFromDashboardMenu(page, 'My Properties');
      const card = cardOf(page, home.title);
      await expect(card).toContainText(`An admin asked for a correction: ${correction}`);
      await expect(card).toContainText('Approval: Pending');

      await card.getByRole('link', { name: named('Edit listing', home.title) }).click();
      await expect(page).toHaveURL(new RegExp(`/EditPropertyDetails/${home.id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Property');
      await expect(page.getByRole('main')).toContainText(
        `An admin asked for a correction: ${correction}`,
      );
      const form = page.getByRole('form', { name: 'Edit property' });
      await expect(form.getByLabel('Title', { exact: true })).toHaveValue(home.title);
      await form
        .getByLabel('Description')
        .fill('A bright family home, described again after an admin asked for a correction.');
      // Saving re-checks the photos, which may take a while on a busy machine: wait for the answer.
      const saved = page.waitForResponse(
        (response) =>
          response.request().method() === 'PATCH' &&
          new URL(response.url()).pathname === `/api/properties/${home.id}`,
      );
      await form.getByRole('button', { name: 'Save Changes' }).click();
      expect((await saved).status()).toBe(200);
      await expect(page.getByText('Property updated successfully!')).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/my-properties$/);

      // Answered: the note is gone, and the listing waits for an admin.
      await expect(card).toContainText('Approval: Pending');
      await expect(card).not.toContainText('An admin asked for a correction');
    });

    await test.step('the listing is back in the admins’ approval queue', async () => {
      await actAs(page, 'admin');
      await openFromDashboardMenu(page, 'Manage Properties');
      const filters = page.getByRole('search', { name: 'Filter properties' });
      await filters.getByRole('searchbox', { name: 'Search' }).fill(home.title);
      await filters.getByRole('searchbox', { name: 'Search' }).press('Enter');
      const card = cardOf(page, home.title);
      await expect(card).toContainText('Approval: Pending');
      await expect(card.getByRole('button', { name: /^Approve/ })).toBeVisible();

      // And it is not waiting on Reported Listings any more.
      await openFromDashboardMenu(page, 'Reported Listings');
      await expect(page.getByRole('article', { name: home.title })).toHaveCount(0);
    });

    await test.step('the buyer is told how their report ended', async () => {
      await actAs(page, buyer);
      // Told in the app as the decision is made (the bell counts it on any page).
      await expect
        .poll(async () => {
          const response = await page.request.get('/api/notifications?page=1&limit=10');
          const { items } = (await response.json()) as { items: { title: string; body: string }[] };
          return items.some((item) =>
            `${item.title} ${item.body}`.includes(REPORT_OUTCOME_MESSAGES.request_correction),
          );
        })
        .toBe(true);
      await page.goto('/');
      await expect(bellOf(page)).toHaveAccessibleName(/^Notifications, [1-9]\d* unread$/);
      await openFromDashboardMenu(page, 'Notifications');
      await expect(
        page
          .getByRole('main')
          .getByRole('link')
          .filter({ hasText: REPORT_OUTCOME_MESSAGES.request_correction }),
      ).toBeVisible();
    });
  });
});
