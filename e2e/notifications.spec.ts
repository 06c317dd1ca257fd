import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, signIn, test, waitingForHydration } from './fixtures';
import { linkIn, waitForMail } from './mailbox';
import { apiAs, inDays, type Listing, listApprovedHome } from './market';

/*
 * People are told of what concerns them as it happens: an offer rings the agent's bell while
 * the agent's page stays open, and the buyer whose offer is accepted gets an e-mail (read from
 * the SMTP server the e2e server runs) that opens the page where they pay.
 */

/** The bell in the navigation bar, named with the unread count ("Notifications, 2 unread"). */
const bellOf = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

/**
 * Reads every notification the account has, once the one about `title` (its listing's approval)
 * has arrived: the bell then starts from nothing unread, whatever came before.
 */
async function readAllAbout(api: APIRequestContext, title: string) {
  await expect
    .poll(async () => {
      const response = await api.get('/api/notifications?page=1&limit=10');
      const { items } = (await response.json()) as { items: { title: string }[] };
      return items.some((item) => item.title.includes(title));
    })
    .toBe(true);
  const read = await api.post('/api/notifications/read-all');
  expect(read.status(), await read.text()).toBe(200);
}

const BUYER = DEMO_ACCOUNTS.buyer;

test.describe('notifications', () => {
  let agentApi: APIRequestContext;
  let adminApi: APIRequestContext;
  let home: Listing;

  test.beforeEach(async ({ playwright }, testInfo) => {
    agentApi = await apiAs(playwright, testInfo, 'agent');
    adminApi = await apiAs(playwright, testInfo, 'admin');
    home = await listApprovedHome(agentApi, adminApi, 'Bell House');
    await readAllAbout(agentApi, home.title);
  });

  test.afterEach(async () => {
    await agentApi.dispose();
    await adminApi.dispose();
  });

  test("a buyer's offer rings the agent's bell without a reload; accepting it e-mails the buyer a link to pay", async ({
    page,
    browser,
  }, testInfo) => {
    // Two people in two browsers and a mail to wait for: more than the default 30 s.
    test.slow();

    // The agent has their listings open; nothing is unread.
    const agentContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const agent = await waitingForHydration(await agentContext.newPage());
    await signIn(agent, 'agent');
    await agent.goto('/dashboard/my-properties');
    const bell = bellOf(agent);
    await expect(bell).toHaveAccessibleName('Notifications');
    const navigations: string[] = [];
    agent.on('framenavigated', (frame) => {
      if (frame === agent.mainFrame()) navigations.push(frame.url());
    });

    // The buyer offers through the Make Offer page.
    await signIn(page, 'buyer');
    await page.goto(`/make-offer/${home.id}`);
    const form = page.getByRole('form', { name: 'Make an offer' });
    await form.getByLabel('Offer Amount ($)').fill('265000');
    await form.getByLabel('Buying Date').fill(inDays(21));
    await form.getByRole('button', { name: 'Submit Offer' }).click();
    await expect(page).toHaveURL(/\/dashboard\/wishlist$/);
    await expect(page.getByRole('dialog', { name: 'Offer Sent!' })).toBeVisible();

    // The agent's bell counts it while the page stays as it was: the stream told it, well
    // before the 30 s poll that stands in when the stream is down.
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 15_000 });
    await expect(bell).toContainText('1');
    expect(navigations, 'the agent’s page was not reloaded').toEqual([]);

    // The bell's panel leads to the offer, on Requested Properties.
    await bell.click();
    const panel = agent.getByRole('dialog', { name: 'Notifications' });
    const notice = panel.getByRole('link', { name: new RegExp(`New offer on ${home.title}`) });
    await expect(notice).toContainText(`${BUYER.name} offered $265,000`);
    await notice.click();
    await expect(agent).toHaveURL(/\/dashboard\/requests$/);
    await expect(bell).toHaveAccessibleName('Notifications');

    // The agent accepts it.
    const row = agent.getByRole('row').filter({ hasText: home.title });
    await row
      .getByRole('button', { name: `Accept ${BUYER.name}'s offer on ${home.title}` })
      .click();
    await agent
      .getByRole('alertdialog', { name: 'Accept this offer?' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await expect(agent.getByText('Property request has been accepted')).toBeVisible();
    await agentContext.close();

    // The buyer is e-mailed, and the mail's link opens the page where they pay for it.
    // The subject is in our words; the listing's title, typed by its agent, is in the body.
    const mail = await waitForMail(
      BUYER.email,
      (sent) =>
        sent.subject === 'Your offer is accepted' &&
        sent.text.toLowerCase().includes(home.title.toLowerCase()),
    );
    expect(mail.text).toContain(`Hello ${BUYER.name}`);
    expect(mail.text).toContain('Pay $265,000 by');
    const link = linkIn(mail, /^Open /);
    expect(link.startsWith(`${testInfo.project.use.baseURL}/`), link).toBe(true);
    await page.goto(link);
    const card = page.getByRole('article', { name: home.title });
    await expect(card).toContainText('Accepted');
    await expect(card.getByRole('button', { name: /^Complete Payment/ })).toBeVisible();
    // The same news waits on the buyer's own bell.
    await expect(bellOf(page)).toHaveAccessibleName(/^Notifications, [1-9]\d* unread$/);
  });
});

test('signing out in one tab signs the other tabs of that browser out at once, through their live stream', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  const streamOpen = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/notifications/stream',
  );
  await page.goto('/dashboard/wishlist');
  await expect(bellOf(page)).toBeVisible();
  expect((await streamOpen).status()).toBe(200);

  // Another tab of the same browser: the same session.
  const otherTab = await waitingForHydration(await page.context().newPage());
  await otherTab.goto('/');
  const banner = otherTab.getByRole('banner');
  await banner.getByRole('button', { name: 'Log Out' }).click();
  await otherTab
    .getByRole('dialog', { name: 'Log Out Successful' })
    .getByRole('button', { name: 'OK' })
    .click();
  await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();

  // The first tab was not touched, and well before any poll it is at the sign-in form.
  await expect(page).toHaveURL(
    `/login?${new URLSearchParams({ returnTo: '/dashboard/wishlist' })}`,
    {
      timeout: 10_000,
    },
  );
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await otherTab.close();
});
