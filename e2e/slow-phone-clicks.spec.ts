import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { waitForMail } from './mailbox';
import { apiAs, listApprovedHome, offer, registerBuyer, signInAs, unique } from './market';

/*
 * A person on a cheap phone clicks a page's main control the moment it shows, before the app's
 * code has arrived. Each page here runs on a processor slowed four times, and its scripts are held
 * back until the test lets them through, so every click lands before the app runs: the click
 * must say it is getting ready, then take effect once the app is there; never be lost.
 */

type SlowPhone = {
  page: Page;
  /** Lets the app's scripts through: until then the page is as the server sent it. */
  appArrives: () => void;
};

/** What the page's console said that it should not have: checked at the end of each test. */
const consoleTrouble = new Map<Page, string[]>();

/**
 * Pages whose session a test ended: a request they had on its way then is answered 401, which the
 * browser notes in the console, while the page shows and says nothing of it.
 */
const signedOut = new Set<Page>();
const SESSION_ENDED = /status of 401 \(Unauthorized\)/;

async function slowPhone(
  browser: Browser,
  testInfo: TestInfo,
  signedInAs?: (page: Page) => Promise<void>,
): Promise<SlowPhone> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  const trouble: string[] = [];
  consoleTrouble.set(page, trouble);
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.push(message.text());
  });
  page.on('pageerror', (error) => trouble.push(error.message));
  await signedInAs?.(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let appArrives = () => {};
  const arrived = new Promise<void>((resolve) => {
    appArrives = resolve;
  });
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  return { page, appArrives };
}

/** Opens `path` and returns as soon as the server's page is there, its app still on its way. */
async function open(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
}

/** The click was held, and the control says so, rather than looking ignored. */
async function expectGettingReady(control: Locator) {
  await expect(control).toHaveAttribute('aria-busy', 'true');
  await expect(control).toHaveAttribute('data-getting-ready', '');
}

test.describe('the main control works from the moment it shows, on a slow phone', () => {
  test.setTimeout(120_000);

  test.afterEach(async () => {
    for (const [page, trouble] of consoleTrouble) {
      const unexpected = signedOut.has(page)
        ? trouble.filter((line) => !SESSION_ENDED.test(line))
        : trouble;
      expect(unexpected, `console errors on ${page.url()}`).toEqual([]);
      await page.context().close();
    }
    consoleTrouble.clear();
    signedOut.clear();
  });

  test('Add To Wish List saves the home', async ({ browser, playwright }, testInfo) => {
    const agent = await apiAs(playwright, testInfo, 'agent');
    const admin = await apiAs(playwright, testInfo, 'admin');
    const home = await listApprovedHome(agent, admin, 'Early Saved Cottage');
    const buyer = await registerBuyer(playwright, testInfo, 'Early Saver');
    const { page, appArrives } = await slowPhone(browser, testInfo, (p) => signInAs(p, buyer));

    await open(page, `/propertyDetails/${home.id}`);
    const save = page.getByRole('button', { name: 'Add To Wish List' });
    await save.click();
    await expectGettingReady(save);
    appArrives();

    await expect(page.getByText('Saved to your Wish List')).toBeVisible({ timeout: 30_000 });
    // Saved on the server: the page it renders afresh says so too.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.getByText('Saved to your Wish List')).toBeVisible();
  });

  test('Accept answers the offer', async ({ browser, playwright }, testInfo) => {
    const agent = await apiAs(playwright, testInfo, 'agent');
    const admin = await apiAs(playwright, testInfo, 'admin');
    const home = await listApprovedHome(agent, admin, 'Early Accepted Villa');
    const buyer = await registerBuyer(playwright, testInfo, 'Early Offerer');
    await offer(buyer, home, 260_000);
    const { page, appArrives } = await slowPhone(browser, testInfo, (p) => signIn(p, 'agent'));

    // The requests are the agent's own: the app loads them in the browser, so the app is let
    // through at once and Accept is clicked the moment it shows.
    await open(page, '/dashboard/requests');
    appArrives();
    const row = page.getByRole('row').filter({ hasText: home.title });
    await row
      .getByRole('button', { name: `Accept ${buyer.name}'s offer on ${home.title}` })
      .click();

    const confirm = page.getByRole('alertdialog', { name: 'Accept this offer?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Property request has been accepted')).toBeVisible();
    await expect(row).toContainText('Accepted');
  });

  test('Write a Review opens the review form', async ({ browser }, testInfo) => {
    const { page, appArrives } = await slowPhone(browser, testInfo, (p) => signIn(p, 'buyer'));
    const listings = await page.request.get('/api/all-properties?location=Boise&limit=1');
    const [listing] = (await listings.json()) as Array<{ _id: string; title: string }>;
    expect(listing, 'a demo listing in Boise').toBeTruthy();

    await open(page, `/propertyDetails/${listing?._id}`);
    const write = page
      .getByRole('region', { name: 'Reviews' })
      .getByRole('button', { name: 'Write a Review' });
    await write.click();
    await expectGettingReady(write);
    appArrives();

    const dialog = page.getByRole('dialog', { name: 'Review This Property' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toContainText(listing?.title ?? '');
  });

  test('Request a tour opens the times of the home', async ({ browser, playwright }, testInfo) => {
    const agent = await apiAs(playwright, testInfo, 'agent');
    const admin = await apiAs(playwright, testInfo, 'admin');
    const home = await listApprovedHome(agent, admin, 'Early Tour Cottage');
    const hours = await agent.put(`/api/properties/${home.id}/tour-availability`, {
      data: {
        timeZone: 'Europe/Lisbon',
        slotMinutes: 30,
        weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
        exceptions: [],
      },
    });
    expect(hours.status(), await hours.text()).toBe(200);
    const buyer = await registerBuyer(playwright, testInfo, 'Early Touring');
    const { page, appArrives } = await slowPhone(browser, testInfo, (p) => signInAs(p, buyer));

    await open(page, `/propertyDetails/${home.id}`);
    const request = page.getByRole('button', { name: 'Request a tour' });
    await request.click();
    await expectGettingReady(request);
    appArrives();

    const dialog = page.getByRole('dialog', { name: 'Request a tour' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    const times = dialog.getByRole('group', { name: /^Time: / });
    await expect(times.getByRole('radio').first()).toBeVisible({ timeout: 30_000 });
  });

  test('Share gives the link of the home', async ({ browser, playwright }, testInfo) => {
    const agent = await apiAs(playwright, testInfo, 'agent');
    const admin = await apiAs(playwright, testInfo, 'admin');
    const home = await listApprovedHome(agent, admin, 'Early Shared Cottage');
    const buyer = await registerBuyer(playwright, testInfo, 'Early Sharer');
    const { page, appArrives } = await slowPhone(browser, testInfo, (p) => signInAs(p, buyer));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

    await open(page, `/propertyDetails/${home.id}`);
    const share = page.getByRole('button', { name: `Share ${home.title}` });
    await share.click();
    await expectGettingReady(share);
    appArrives();

    // Copied, or, where the browser refuses a copy the click no longer vouches for, shown to copy.
    const link = `${testInfo.project.use.baseURL}/propertyDetails/${home.id}`;
    const copied = page.getByRole('status').filter({ hasText: 'Link copied' });
    const shown = page.getByRole('textbox', { name: 'Link to this home' });
    await expect(copied.or(shown)).toBeVisible({ timeout: 30_000 });
    if (await copied.isVisible()) {
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    } else {
      await expect(shown).toHaveValue(link);
    }
  });

  test('Show the estimate opens the comparable homes', async ({
    browser,
    playwright,
  }, testInfo) => {
    const agent = await apiAs(playwright, testInfo, 'agent');
    const admin = await apiAs(playwright, testInfo, 'admin');
    const home = await listApprovedHome(agent, admin, 'Early Estimated Cottage');
    const buyer = await registerBuyer(playwright, testInfo, 'Early Estimator');
    const { page, appArrives } = await slowPhone(browser, testInfo, (p) => signInAs(p, buyer));

    await open(page, `/propertyDetails/${home.id}`);
    const estimate = page.getByRole('region', { name: 'Keyhaven Estimate' });
    const show = estimate.getByRole('button', { name: 'Show the estimate and comparable homes' });
    await show.click();
    await expectGettingReady(show);
    appArrives();

    await expect(
      estimate.getByRole('button', { name: 'Hide the estimate and comparable homes' }),
    ).toHaveAttribute('aria-expanded', 'true', { timeout: 30_000 });
    // Whatever the homes around it, the panel says what it found.
    await expect(
      estimate.getByText(
        /Likely between|Not enough sales nearby|No comparables|No comparable homes/,
      ),
    ).toBeVisible({ timeout: 30_000 });
  });

  test('Log Out signs out', async ({ browser, playwright }, testInfo) => {
    const buyer = await registerBuyer(playwright, testInfo, 'Early Leaver');
    const { page, appArrives } = await slowPhone(browser, testInfo, (p) => signInAs(p, buyer));

    await open(page, '/');
    const logOut = page.getByRole('banner').getByRole('button', { name: 'Log Out' });
    await logOut.click();
    await expectGettingReady(logOut);
    appArrives();

    await expect(page.getByRole('dialog', { name: 'Log Out Successful' })).toBeVisible({
      timeout: 30_000,
    });
    const session = await page.request.get('/auth/session');
    expect(await session.json()).toMatchObject({ user: null });
    signedOut.add(page);
  });

  test('a filled forgot-password form requests the reset mail', async ({
    browser,
    playwright,
  }, testInfo) => {
    const person = await registerBuyer(playwright, testInfo, 'Early Forgetter');
    const { page, appArrives } = await slowPhone(browser, testInfo);

    await open(page, '/forgot-password');
    const ask = page.getByRole('form', { name: 'Forgot your password?' });
    await ask.getByLabel('Email').fill(person.email);
    await ask.getByRole('button', { name: 'Send reset link' }).click();
    appArrives();

    await expect(page.getByRole('status')).toHaveText(
      'If an account exists for that e-mail address, we have sent a link to reset its password. The link works once, for 30 minutes.',
      { timeout: 30_000 },
    );
    await waitForMail(person.email, /^Reset your .+ password$/);
    expect(page.url()).not.toContain(person.email);
  });

  test('an invitation typed before the app runs invites the co-buyer', async ({
    browser,
    playwright,
  }, testInfo) => {
    const buyer = await registerBuyer(playwright, testInfo, 'Early Inviter');
    const partner = `early-partner-${unique()}@example.test`;
    const { page, appArrives } = await slowPhone(browser, testInfo, (p) => signInAs(p, buyer));

    await open(page, '/dashboard/wishlist');
    const form = page.getByRole('form', { name: 'Invite someone' });
    await form.getByLabel('Their e-mail address').fill(partner);
    const invite = form.getByRole('button', { name: 'Send invitation' });
    await invite.click();
    await expectGettingReady(invite);
    appArrives();

    await expect(page.getByText(`Invited: ${partner}`)).toBeVisible({ timeout: 30_000 });
    await waitForMail(partner, /shop for homes together/);
  });

  test('Register with a photo chosen before the app runs keeps the photo', async ({
    browser,
  }, testInfo) => {
    const { page, appArrives } = await slowPhone(browser, testInfo);
    const id = unique();
    const name = `Early Photo ${id}`;

    await open(page, '/register');
    const form = page.getByRole('form', { name: 'Create your account' });
    await form.getByLabel('Full Name').fill(name);
    await form.getByLabel('Email').fill(`early-photo-${id}@example.test`);
    await form.getByLabel('Phone Number').fill('+1 555 010 2030');
    await form.getByLabel('Country').fill('Portugal');
    await form.getByLabel('Date of Birth').fill('1990-05-17');
    await form.getByLabel('Password', { exact: true }).fill('Secret123');
    await form.getByLabel('Profile Photo').setInputFiles({
      name: 'portrait.png',
      mimeType: 'image/png',
      buffer: PORTRAIT,
    });
    await form.getByRole('button', { name: 'Register' }).click();
    appArrives();

    const avatar = page.getByRole('banner').getByRole('img', { name });
    await expect(avatar).toBeVisible({ timeout: 30_000 });
    await expect(avatar).toHaveAttribute('src', /^\/uploads\/.+\.webp$/);
    expect(page.url()).not.toContain('password');
  });
});

/** A 48-pixel portrait, as a person's profile photo. */
const PORTRAIT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAX0lEQVRYhe3WwQnAAAxC0W7gph6dv0sU0sODDBBEvz5Zf3XP+QfxUCk0HoqU9Rw/AcZSaDwUKes5hGKglULjoUhZcajAONUR5VrzY/fTLAZaKTQeipQVhwqMUx35NAovGluLefj6+ZoAAAAASUVORK5CYII=',
  'base64',
);
