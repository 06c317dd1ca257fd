import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiAs, type Buyer, inDays, listApprovedHome, registerBuyer, signInAs } from './market';

/*
 * The wishlist and offers together: an offer keeps (or puts) its listing on the buyer's wishlist,
 * where it reads 'Offer Requested' until the buyer removes it, and the listing page says it is
 * saved and offers to remove it.
 */

const EMPTY = 'Your wishlist is empty';

test.describe('an offer and the wishlist', () => {
  let agentApi: APIRequestContext;
  let adminApi: APIRequestContext;
  let buyer: Buyer;

  test.beforeEach(async ({ playwright }, testInfo) => {
    agentApi = await apiAs(playwright, testInfo, 'agent');
    adminApi = await apiAs(playwright, testInfo, 'admin');
    buyer = await registerBuyer(playwright, testInfo, 'Wishlist Buyer');
  });

  test.afterEach(async () => {
    await buyer.api.dispose();
    await agentApi.dispose();
    await adminApi.dispose();
  });

  test('an offer from the listing page lands on a wishlist that holds it as Offer Requested, never empty', async ({
    page,
  }) => {
    const home = await listApprovedHome(agentApi, adminApi, 'Offered Not Saved House');
    await signInAs(page, buyer);
    await page.goto(`/propertyDetails/${home.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.title);
    await expect(page.getByRole('button', { name: 'Add To Wish List' })).toBeVisible();
    await page.getByRole('link', { name: 'Make Offer' }).click();

    const form = page.getByRole('form', { name: 'Make an offer' });
    await form.getByLabel('Offer Amount ($)').fill('265000');
    await form.getByLabel('Buying Date').fill(inDays(21));

    // Hold the offer until the wishlist is up, and note whether it ever claims to be empty.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/make-offer/${home.id}`, async (route) => {
      await held;
      await route.fallback();
    });
    await page.evaluate((empty) => {
      const seen = { empty: false };
      Object.assign(window, { wishlistSeen: seen });
      new MutationObserver(() => {
        if (document.body.textContent?.includes(empty)) seen.empty = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, EMPTY);

    await form.getByRole('button', { name: 'Submit Offer' }).click();
    await expect(page).toHaveURL(/\/dashboard\/wishlist$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Sending your offer...' }),
    ).toBeVisible();
    release();

    await expect(page.getByRole('dialog', { name: 'Offer Sent!' })).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: home.title });
    await expect(
      card.getByRole('button', { name: new RegExp(`^Offer Requested\\s*:\\s*${home.title}$`) }),
    ).toBeDisabled();
    await expect(card.getByRole('link', { name: /Make Offer/ })).toHaveCount(0);
    const sawEmpty = await page.evaluate(
      () => (window as unknown as { wishlistSeen: { empty: boolean } }).wishlistSeen.empty,
    );
    expect(sawEmpty, `the wishlist read '${EMPTY}' after the offer`).toBe(false);

    // The listing page: Offer Requested, saved, and no Add To Wish List.
    await page.goto(`/propertyDetails/${home.id}`);
    await expect(page.getByRole('button', { name: 'Offer Requested' })).toBeDisabled();
    await expect(page.getByText('Saved to your Wish List')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add To Wish List' })).toHaveCount(0);
  });

  test('Remove from Wish List on the listing page asks first, then removes it', async ({
    page,
  }) => {
    const home = await listApprovedHome(agentApi, adminApi, 'Saved Then Removed Flat');
    await signInAs(page, buyer);
    await page.goto(`/propertyDetails/${home.id}`);
    await page.getByRole('button', { name: 'Add To Wish List' }).click();
    await expect(page.getByText('Added to wishlist!')).toBeVisible();
    await expect(page.getByText('Saved to your Wish List')).toBeVisible();

    const remove = page.getByRole('button', { name: 'Remove from Wish List' });
    await remove.click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove from wishlist?' });
    await expect(dialog).toContainText(home.title);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Saved to your Wish List')).toBeVisible();

    await remove.click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Removed!')).toBeVisible();
    const add = page.getByRole('button', { name: 'Add To Wish List' });
    await expect(add).toBeVisible();
    await expect(add).toBeFocused();
    await expect(page.getByText('Saved to your Wish List')).toHaveCount(0);

    await page.goto('/dashboard/wishlist');
    await expect(page.getByText(EMPTY)).toBeVisible();
  });
});
