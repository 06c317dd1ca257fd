import type { Browser, Page, TestInfo } from '@playwright/test';
import {
  SHOPPING_TOGETHER_MESSAGES as M,
  SHARE_MESSAGES,
} from '../packages/shared/src/shopping-together-messages';
import { expect, expectNoSeriousA11yViolations, test, waitingForHydration } from './fixtures';
import { linkIn, waitForMail } from './mailbox';
import {
  apiAs,
  type Buyer,
  type Listing,
  listApprovedHome,
  registerBuyer,
  signInAs,
} from './market';

/*
 * Shopping together on phones: one buyer invites another by e-mail, the other accepts from the
 * mail's link, both save homes, write notes and react, and each sees the other's shared notes,
 * never their private ones. A listing's Share button copies its link.
 */

const PHONE = { width: 390, height: 844 };

async function phoneOf(
  browser: Browser,
  testInfo: TestInfo,
  buyer: Buyer,
  permissions: string[] = [],
) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: PHONE,
    permissions,
  });
  const page = await waitingForHydration(await context.newPage());
  await signInAs(page, buyer);
  return { context, page };
}

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'pixels of horizontal overflow').toBeLessThanOrEqual(0);
}

const cardOf = (page: Page, listing: Listing) => page.getByRole('article', { name: listing.title });

async function writeNote(
  page: Page,
  listing: Listing,
  body: string,
  visibility: 'shared' | 'private',
) {
  const form = cardOf(page, listing).getByRole('form', {
    name: `${M.noteLabel}: ${listing.title}`,
  });
  await form.getByLabel(M.noteLabel).fill(body);
  await form.getByRole('radio', { name: M.visibility[visibility] }).check();
  await form.getByRole('button', { name: M.saveNote }).click();
  await expect(cardOf(page, listing).getByText(body)).toBeVisible();
}

test('two buyers shop together: an invitation by e-mail, shared homes, notes and reactions', async ({
  browser,
  playwright,
}, testInfo) => {
  test.setTimeout(150_000);
  const agent = await apiAs(playwright, testInfo, 'agent');
  const admin = await apiAs(playwright, testInfo, 'admin');
  const garden = await listApprovedHome(agent, admin, 'Garden House');
  const attic = await listApprovedHome(agent, admin, 'Attic Flat');
  const ana = await registerBuyer(playwright, testInfo, 'Ana');
  const ben = await registerBuyer(playwright, testInfo, 'Ben');
  const anas = await phoneOf(browser, testInfo, ana);
  const bens = await phoneOf(browser, testInfo, ben);

  await test.step('Ana invites Ben from her wishlist', async () => {
    await anas.page.goto('/dashboard/wishlist');
    const form = anas.page.getByRole('form', { name: M.inviteTitle });
    await form.getByLabel(M.emailLabel).fill(ben.email);
    await expectNoSeriousA11yViolations(anas.page);
    await form.getByRole('button', { name: M.invite }).click();
    await expect(anas.page.getByText(M.pendingInvitation(ben.email))).toBeVisible();
    await expectNoSideways(anas.page);
  });

  await test.step('Ben accepts from the link in his mail', async () => {
    const mail = await waitForMail(ben.email, /shop for homes together/);
    expect(mail.text).toContain(ana.name);
    const link = new URL(linkIn(mail, M.mailAction));
    await bens.page.goto(`${link.pathname}${link.search}`);
    await expect(bens.page.getByText(M.invitationFrom(ana.name))).toBeVisible();
    await expectNoSeriousA11yViolations(bens.page);
    await bens.page.getByRole('button', { name: M.accept }).click();
    await expect(bens.page.getByText(M.homesEmpty)).toBeVisible();
    await expect(bens.page.getByRole('heading', { name: M.invitationTitle })).toBeHidden();
  });

  await test.step('both save homes', async () => {
    for (const [buyer, listing] of [
      [ana, garden],
      [ben, attic],
    ] as const) {
      const saved = await buyer.api.patch(`/properties/${listing.id}/wishlist`, {
        data: { wishlistStatus: 'true' },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    }
  });

  await test.step('Ana writes a shared and a private note, and likes Ben’s home', async () => {
    await anas.page.goto('/dashboard/wishlist');
    await expect(cardOf(anas.page, attic).getByText(M.savedBy(ben.name))).toBeVisible();
    await writeNote(anas.page, garden, 'The garden gets the evening sun', 'shared');
    await writeNote(anas.page, garden, 'Only if the price drops', 'private');
    await cardOf(anas.page, attic)
      .getByRole('button', { name: M.reactionLabel('up', attic.title, 0) })
      .click();
    await expect(
      cardOf(anas.page, attic).getByRole('button', { name: M.reactionLabel('up', attic.title, 1) }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step('Ben sees Ana’s shared note, not her private one, and answers', async () => {
    await bens.page.goto('/dashboard/wishlist');
    const gardenCard = cardOf(bens.page, garden);
    await expect(gardenCard.getByText('The garden gets the evening sun')).toBeVisible();
    await expect(bens.page.getByText('Only if the price drops')).toHaveCount(0);
    await expect(cardOf(bens.page, attic).getByText(M.reactionsBy(`${ana.name} 👍`))).toBeVisible();
    await writeNote(bens.page, garden, 'Close to the school too', 'shared');
    await gardenCard
      .getByRole('button', { name: M.reactionLabel('down', garden.title, 0) })
      .click();
    await expect(
      gardenCard.getByRole('button', { name: M.reactionLabel('down', garden.title, 1) }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(bens.page);
    await expectNoSideways(bens.page);
  });

  await test.step('Ana sees Ben’s shared note and his reaction', async () => {
    await anas.page.reload();
    const gardenCard = cardOf(anas.page, garden);
    await expect(gardenCard.getByText('Close to the school too')).toBeVisible();
    await expect(gardenCard.getByText('Only if the price drops')).toBeVisible();
    await expect(gardenCard.getByText(M.reactionsBy(`${ben.name} 👎`))).toBeVisible();
  });
  await anas.context.close();
  await bens.context.close();
});

test('the Share button copies a listing’s link on a phone without a share sheet', async ({
  browser,
  playwright,
}, testInfo) => {
  const agent = await apiAs(playwright, testInfo, 'agent');
  const admin = await apiAs(playwright, testInfo, 'admin');
  const listing = await listApprovedHome(agent, admin, 'Shared Cottage');
  const buyer = await registerBuyer(playwright, testInfo, 'Sharer');
  const { context, page } = await phoneOf(browser, testInfo, buyer, [
    'clipboard-read',
    'clipboard-write',
  ]);
  // This Chromium has no share sheet; the spec says so rather than rely on it.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
  await page.goto(`/propertyDetails/${listing.id}`);
  const share = page.getByRole('button', { name: SHARE_MESSAGES.buttonLabel(listing.title) });
  await share.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: SHARE_MESSAGES.copied })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(copied).pathname).toBe(`/propertyDetails/${listing.id}`);
  await expectNoSeriousA11yViolations(page);
  await expectNoSideways(page);
  await context.close();
});
