import { WEEKDAY_NAMES } from '../packages/shared/src/tour-times';
import {
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  test,
  waitingForHydration,
} from './fixtures';
import { waitForMail } from './mailbox';
import { apiAs, listApprovedHome, registerBuyer, signInAs } from './market';

/*
 * Viewing tours: the agent opens viewing times for a listing, a buyer books one from the listing's
 * page on a phone, the agent confirms it, and the buyer's e-mail carries the calendar invitation.
 */

/** The page does not scroll sideways. */
async function expectNoSideways(page: import('@playwright/test').Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'pixels of horizontal overflow').toBeLessThanOrEqual(0);
}

test('an agent opens viewing times, a buyer books one, the agent confirms and the invitation arrives', async ({
  page,
  browser,
  playwright,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const agent = await apiAs(playwright, testInfo, 'agent');
  const admin = await apiAs(playwright, testInfo, 'admin');
  const listing = await listApprovedHome(agent, admin, 'Tour Cottage');
  const buyer = await registerBuyer(playwright, testInfo, 'Tourist');

  await test.step('the agent opens weekly hours for the listing', async () => {
    await signIn(page, 'agent');
    await page.goto(`/dashboard/tour-availability/${listing.id}`);
    const form = page.getByRole('form', { name: 'Viewing availability' });
    // A listing without a map position: the agent says where the home's clock is.
    await form.getByLabel('Time zone of the home').selectOption('Europe/Lisbon');
    for (const day of WEEKDAY_NAMES) {
      // Chromium names the button "Add hours : Sunday" (the day is a hidden span of its own).
      await form.getByRole('button', { name: new RegExp(`^Add hours\\s*: ${day}$`) }).click();
    }
    // Checked before the toast, whose fading in axe would read as faint text.
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: 'Save availability' }).click();
    await expect(page.getByText('Viewing availability saved.')).toBeVisible();
    await expectNoSideways(page);
  });

  const buyerContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 390, height: 844 },
  });
  const buyerPage = await waitingForHydration(await buyerContext.newPage());
  await signInAs(buyerPage, buyer);

  await test.step('the buyer picks a time on a phone, by keyboard, and requests a video tour', async () => {
    await buyerPage.goto(`/propertyDetails/${listing.id}`);
    const request = buyerPage.getByRole('button', { name: 'Request a tour' });
    await request.focus();
    await buyerPage.keyboard.press('Enter');
    const dialog = buyerPage.getByRole('dialog', { name: 'Request a tour' });
    const times = dialog.getByRole('group', { name: /^Time: / });
    await expect(times.getByRole('radio').first()).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByText('Times are where the home is (Europe/Lisbon).')).toBeVisible();
    // The day chips scroll inside the dialog; the page itself stays 390 px wide.
    await expectNoSideways(buyerPage);
    const box = await dialog.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(buyerPage);
    await times.getByRole('radio').first().focus();
    await buyerPage.keyboard.press('Space');
    await dialog.getByRole('radio', { name: 'Video call' }).check();
    await dialog.getByLabel('Note for the agent (optional)').fill('Could you show the garden?');
    await dialog.getByRole('button', { name: 'Request this time' }).click();
    await expect(dialog).toBeHidden();
    const mine = buyerPage.getByRole('region', { name: 'Your tour of this home' });
    await expect(mine.getByText('Waiting for the agent')).toBeVisible();
    await expect(mine).toBeFocused();
  });

  await test.step('the agent confirms the request from Tours', async () => {
    await page.goto('/dashboard/tours');
    const waiting = page.getByRole('region', { name: 'Requests waiting for you' });
    const card = waiting.getByRole('article').filter({ hasText: listing.title });
    await expect(card.getByText('Note: Could you show the garden?')).toBeVisible();
    // Checked before any toast, whose fading in axe would read as faint text.
    await expectNoSeriousA11yViolations(page);
    await card.getByRole('button', { name: /^Confirm/ }).click();
    await expect(page.getByText('Tour confirmed.')).toBeVisible();
    await expectNoSideways(page);
  });

  await test.step('the buyer’s e-mail carries the calendar invitation', async () => {
    const mail = await waitForMail(buyer.email, (received) =>
      received.attachments.some((part) => part.contentType.startsWith('text/calendar')),
    );
    const invitation = mail.attachments.find((part) =>
      part.contentType.startsWith('text/calendar'),
    );
    expect(invitation?.content).toContain('BEGIN:VCALENDAR');
    expect(invitation?.content).toContain('METHOD:REQUEST');
    expect(invitation?.content).toContain(`SUMMARY:Home tour: ${listing.title}`);
  });
  await buyerContext.close();
});
