import type { Locator, Page } from '@playwright/test';
import {
  DEMO_ACCOUNTS,
  expect,
  expectNoSeriousA11yViolations,
  renderInBrowser,
  signIn,
  signOutOf,
  test,
} from './fixtures';
import { choosePhotos, drawnPng, listingPhotoOf, pngFile } from './photos';

// Unique per run, so the journey also works against a long-lived deployment (E2E_BASE_URL).
const RUN = Date.now().toString(36);
const LISTING = {
  title: `Marigold Cottage ${RUN}`,
  town: `Marigold Bay ${RUN}`,
  location: `Marigold Bay ${RUN}, Maine`,
  description: 'A shingled cottage above the harbour with a walled garden and a wood stove.',
};
const PHOTO_ALT = 'The cottage from the lane, its garden in front';

type Account = keyof typeof DEMO_ACCOUNTS;

/** Signs the page's browser out, then in as `account` (or leaves it signed out). */
async function actAs(page: Page, account: Account | null) {
  await signOutOf(page);
  if (account) await signIn(page, account);
}

/** The public search API (not the page address, which has no such path). */
const isSearch = (url: URL) => url.pathname === '/properties/search';

/** Listing cards; review cards (which carry a star rating) share the page on Home. */
const cardsIn = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('article')
    .filter({ hasNot: page.getByRole('img', { name: /^Rated \d out of 5$/ }) });
const cardOf = (page: Page, title: string) => cardsIn(page).filter({ hasText: title });

/** The number in the page's "N properties" line. */
async function listedTotal(page: Page): Promise<number> {
  const line = page.getByRole('status').filter({ hasText: /^\d+ propert(y|ies)$/ });
  await expect(line).toBeVisible();
  return Number.parseInt((await line.textContent()) ?? '', 10);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'pixels of horizontal overflow').toBeLessThanOrEqual(0);
}

async function expectNoSidewaysScrollOn(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
}

/** Lists keep the previous page up, marked busy, while the next one loads: wait it out. */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Walks a pager from its first page to its last, checking the count on each page. */
async function walkPager(page: Page, pager: Locator, total: number, pageSize: number) {
  const pages = Math.ceil(total / pageSize);
  expect(pages, 'the seed fills more than one page').toBeGreaterThan(1);
  const previous = pager.getByRole('button', { name: 'Previous page' });
  const next = pager.getByRole('button', { name: 'Next page' });
  for (let n = 1; n <= pages; n++) {
    await expect(pager).toContainText(`Page ${n} of ${pages}`);
    await settled(page);
    await expect(cardsIn(page)).toHaveCount(n < pages ? pageSize : total - pageSize * (pages - 1));
    await expect(previous).toBeEnabled({ enabled: n > 1 });
    await expect(next).toBeEnabled({ enabled: n < pages });
    if (n < pages) {
      await next.click();
      await expect(page).toHaveURL(new RegExp(`[?&]page=${n + 1}`));
    }
  }
  await previous.click();
  await expect(pager).toContainText(`Page ${pages - 1} of ${pages}`);
}

test.describe('an agent lists a home, an admin approves it, a buyer finds it', () => {
  test('the whole listing journey', async ({ page }) => {
    test.setTimeout(120_000);
    let listingId = '';

    await test.step('the agent adds the listing with an uploaded photo', async () => {
      await actAs(page, 'agent');
      await page.goto('/dashboard/add-property');
      const form = page.getByRole('form', { name: 'Add property' });
      const submit = form.getByRole('button', { name: 'Add Property' });

      // Every rule of the Add Property form, in the form's own words, announced on its field.
      await submit.click();
      const title = form.getByLabel('Title', { exact: true });
      await expect(title).toBeFocused();
      await expect(title).toHaveAttribute('aria-invalid', 'true');
      await expect(title).toHaveAccessibleDescription('Title is required');
      for (const message of [
        'Location is required',
        'Description should be at least 20 characters',
        'Minimum price is required',
        'Maximum price is required',
        'Number of bedrooms is required',
        'Number of bathrooms is required',
        'Area size is required',
      ]) {
        await expect(form.getByText(message, { exact: true })).toBeVisible();
      }
      await expect(form.getByLabel('Property type')).toHaveValue('Apartment');
      await expect(form.getByLabel('Availability')).toHaveValue('Available');
      await expectNoSeriousA11yViolations(page);

      await title.fill(LISTING.title);
      await form.getByLabel('Location').fill(LISTING.location);
      await form.getByLabel('Property type').selectOption('House');
      await form.getByLabel('Description').fill(LISTING.description);
      await form.getByLabel('Minimum price ($)').fill('250000');
      await form.getByLabel('Maximum price ($)').fill('240000');
      await form.getByLabel('Bedrooms').fill('3');
      await form.getByLabel('Bathrooms').fill('2.5');
      await form.getByLabel('Area size (sqft)').fill('1800');
      await form.getByLabel('Garden').check();
      await form.getByLabel('Parking').check();
      await submit.click();
      await expect(form.getByText('Max price must be ≥ min price')).toBeVisible();
      await form.getByLabel('Maximum price ($)').fill('280000');

      const manager = form.getByRole('group', { name: 'Photos' });
      await manager.getByLabel('Photo files').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a picture'),
      });
      await expect(manager.getByRole('button', { name: 'Add photos' })).toHaveAccessibleDescription(
        /notes\.txt: Invalid File Type: Please upload a JPG, PNG, GIF, or WEBP image\./,
      );
      const upload = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/uploads');
      await choosePhotos(form, [
        pngFile(
          'cottage.png',
          drawnPng({
            sky: [143, 184, 201],
            house: [239, 230, 210],
            lawn: [106, 154, 79],
            width: 900,
            height: 600,
          }),
        ),
      ]);
      expect((await upload).status()).toBe(200);
      await manager.getByLabel('Describe this photo').fill(PHOTO_ALT);

      const created = page.waitForResponse(
        (r) => r.url().endsWith('/api/properties') && r.request().method() === 'POST',
      );
      await submit.click();
      const response = await created;
      expect(response.status()).toBe(200);
      const body = await response.json();
      expect(body.insertedId).toEqual(expect.any(String));
      expect(response.request().postDataJSON()).toMatchObject({
        title: LISTING.title,
        photos: [
          {
            url: expect.stringMatching(/^\/uploads\/[a-z0-9]+-1600\.webp$/),
            alt: PHOTO_ALT,
          },
        ],
        features: ['Garden', 'Parking'],
        availability: 'Available',
      });
      listingId = body.insertedId;

      await expect(page.getByText('Property added successfully!')).toBeVisible();
      // The confirmation opens 1 s after the add and closes by itself after 3 s, so the agent
      // sees it without having to dismiss it.
      const dialog = page.getByRole('dialog', { name: 'Property Added!' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('Your property has been listed successfully.');
      await expect(dialog).toBeHidden({ timeout: 6_000 });
      await expect(title).toHaveValue('');
    });

    await test.step('it waits for approval, so the public search does not show it', async () => {
      await actAs(page, null);
      await page.goto('/');
      const search = page.getByRole('search', { name: 'Property search' });
      await search.getByLabel('Location').fill(LISTING.town);
      await search.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
      await expect(
        page.getByText('No properties match your search criteria. Try different filters.'),
      ).toBeVisible();
    });

    await test.step('the admin approves it', async () => {
      await actAs(page, 'admin');
      await page.goto('/dashboard/manage-properties');
      const filters = page.getByRole('search', { name: 'Filter properties' });
      await filters.getByRole('searchbox', { name: 'Search' }).fill(LISTING.title);
      await filters.getByRole('searchbox', { name: 'Search' }).press('Enter');
      const row = cardOf(page, LISTING.title);
      await expect(cardsIn(page)).toHaveCount(1);
      await expect(row).toContainText('Approval: Pending');
      await expect(row).toContainText(`Agent: ${DEMO_ACCOUNTS.agent.name}`);
      await row.getByRole('button', { name: /^Approve/ }).click();
      await expect(page.getByText('Property approved.')).toBeVisible();
      await expect(row).toContainText('Approval: Approved');
      await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
      await expect(row.getByRole('button', { name: /^Reject/ })).toBeVisible();
    });

    await test.step('a buyer finds it by location and type and opens it', async () => {
      await actAs(page, 'buyer');
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Featured Properties' })).toBeVisible();
      const search = page.getByRole('search', { name: 'Property search' });
      await search.getByLabel('Location').fill(LISTING.town);
      await search.getByLabel('Property type').selectOption('House');
      const request = page.waitForRequest((r) => r.url().includes('/properties/search?'));
      await search.getByRole('button', { name: 'Search' }).click();
      const sent = new URL((await request).url()).searchParams;
      expect(sent.get('location')).toBe(LISTING.town);
      expect(sent.get('propertyType')).toBe('House');
      expect(sent.has('priceRange'), 'the Price Range placeholder is not sent').toBe(false);

      await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
      const card = cardOf(page, LISTING.title);
      await expect(card).toContainText('$250,000 - $280,000');
      await expect(card).toContainText('3 beds');
      await expect(card).toContainText('2.5 baths');
      await expect(card).toContainText('1,800 sqft');
      // The card shows the cover in the width its column needs, described as the agent wrote.
      await expect(card.getByRole('img', { name: PHOTO_ALT })).toHaveAttribute(
        'src',
        /^\/uploads\/[a-z0-9]+-1600\.webp$/,
      );
      await expect(card.locator('picture source[type="image/webp"]')).toHaveAttribute(
        'srcset',
        /^\/uploads\/[a-z0-9]+-480\.webp 480w, /,
      );
      await expectNoSeriousA11yViolations(page);

      await card.getByRole('link', { name: /^View Details/ }).click();
      await expect(page).toHaveURL(new RegExp(`/propertyDetails/${listingId}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(LISTING.title);
      const main = page.getByRole('main');
      await expect(main).toContainText(LISTING.location);
      await expect(main).toContainText(LISTING.description);
      await expect(main).toContainText('$250,000 - $280,000');
      await expect(main).toContainText('1,800 sqft');
      await expect(main.getByRole('listitem').filter({ hasText: 'Garden' })).toBeVisible();
      await expect(main).toContainText(DEMO_ACCOUNTS.agent.name);
      await expect(main.getByRole('link', { name: DEMO_ACCOUNTS.agent.email })).toBeVisible();
      const gallery = main.getByRole('region', { name: `Photos of ${LISTING.title}` });
      const picture = gallery.getByRole('img', { name: PHOTO_ALT });
      await expect(picture).toHaveAttribute('width', '900');
      await expect(picture).toHaveAttribute('height', '600');
      await expect(gallery.locator('picture source[type="image/avif"]')).toHaveAttribute(
        'srcset',
        /^\/uploads\/[a-z0-9]+-480\.avif 480w, \/uploads\/[a-z0-9]+-960\.avif 900w$/,
      );
      // A single photo needs neither thumbnails nor a counter.
      await expect(gallery.getByRole('list', { name: 'All photos' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);

      // Back returns to the same results.
      await page.goBack();
      await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
      await expect(cardOf(page, LISTING.title)).toBeVisible();
    });

    await test.step('the agent edits it; a price change sends it back for review', async () => {
      await actAs(page, 'agent');
      await page.goto(`/propertyDetails/${listingId}`);
      await page.getByRole('link', { name: 'Edit Property' }).click();
      await expect(page).toHaveURL(new RegExp(`/EditPropertyDetails/${listingId}$`));
      const form = page.getByRole('form', { name: 'Edit property' });
      await expect(form).toContainText('This listing is live.');
      await expect(form.getByLabel('Title', { exact: true })).toHaveValue(LISTING.title);
      const imageUrl = form.getByLabel('Image URL');
      await expect(imageUrl).toHaveValue(/^http:\/\/[^/]+\/uploads\/[a-z0-9]+-1600\.webp$/);
      await expect(imageUrl).toHaveAttribute('readonly', '');
      const manager = form.getByRole('group', { name: 'Photos' });
      await expect(
        manager.getByRole('listitem', { name: 'Photo 1 of 1' }).getByLabel('Describe this photo'),
      ).toHaveValue(PHOTO_ALT);
      await expect(form.getByLabel('Garden')).toBeChecked();
      await expect(form.getByLabel('Availability')).toHaveValue('Available');

      // A House listing saves unchanged: both forms offer every type and feature.
      const save = form.getByRole('button', { name: 'Save Changes' });
      await expect(form.getByLabel('Property type')).toHaveValue('House');
      await save.click();
      await expect(page.getByText('Property updated successfully!')).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/my-properties$/);
      const unchanged = await page.request.get(`/api/properties/${listingId}`);
      expect(await unchanged.json()).toMatchObject({
        propertyType: 'House',
        adminApproval: 'true',
      });
      await page.goto(`/EditPropertyDetails/${listingId}`);
      await expect(form.getByLabel('Title', { exact: true })).toHaveValue(LISTING.title);
      await form.getByLabel('Property type').selectOption('Residential');
      await form.getByLabel('Maximum price ($)').fill('200000');
      await save.click();
      await expect(form.getByText('Max price must be greater than min price')).toBeVisible();
      await form.getByLabel('Maximum price ($)').fill('295000');
      await form.getByLabel('Bedrooms').fill('4');
      await form.getByLabel('Gym').check();
      // A second photo, captioned, after the cover: the Image URL stays the cover's.
      const cover = await imageUrl.inputValue();
      await choosePhotos(form, [
        pngFile(
          'stove.png',
          drawnPng({ sky: [236, 224, 200], house: [120, 60, 40], lawn: [90, 80, 70] }),
        ),
      ]);
      const second = manager.getByRole('listitem', { name: 'Photo 2 of 2' });
      await second.getByLabel('Describe this photo').fill('The wood stove in the sitting room');
      await second.getByLabel('Caption (optional)').fill('Warm through the winter');
      await expect(imageUrl).toHaveValue(cover);
      await save.click();

      await expect(page.getByText('Property updated successfully!')).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/my-properties$/);
      await page.goto(`/propertyDetails/${listingId}`);
      const main = page.getByRole('main');
      await expect(main).toContainText('$250,000 - $295,000');
      await expect(main).toContainText('Residential');
      await expect(main.getByRole('listitem').filter({ hasText: 'Gym' })).toBeVisible();
      await expect(main).toContainText('Approval: Pending');
      await expect(main).toContainText('waiting for an admin to approve it');
      const gallery = main.getByRole('region', { name: `Photos of ${LISTING.title}` });
      await expect(gallery.getByText('1 / 2', { exact: true })).toBeVisible();
      await gallery
        .getByRole('button', { name: 'Photo 2 of 2: The wood stove in the sitting room' })
        .click();
      await expect(gallery.getByText('Warm through the winter')).toBeVisible();
    });
  });
});

test('My Properties pages the agent’s listings six at a time', async ({ page }) => {
  await signIn(page, 'agent');
  await page.goto('/dashboard/my-properties');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Properties');
  const total = await listedTotal(page);
  await walkPager(page, page.getByRole('navigation', { name: 'My properties pages' }), total, 6);
  for (const card of await cardsIn(page).all()) {
    await expect(card).toContainText(/Approval: (Pending|Approved|Rejected)/);
    await expect(card.getByRole('link', { name: /^Edit/ })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Delete/ })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
});

test('My Properties filters by status and deletes after confirmation', async ({ page }) => {
  await signIn(page, 'agent');
  const title = `Short-Lived Loft ${RUN}`;
  const created = await page.request.post('/api/properties', {
    data: {
      title,
      description: 'A listing this test creates only to delete it again.',
      location: 'Portland, Oregon',
      propertyType: 'Apartment',
      minPrice: 150000,
      maxPrice: 160000,
      bedrooms: 1,
      bathrooms: 1,
      areaSize: 600,
      ...(await listingPhotoOf(page.request)),
    },
  });
  expect(created.status(), await created.text()).toBe(200);

  await page.goto('/dashboard/my-properties');
  const filters = page.getByRole('search', { name: 'Filter properties' });
  await filters.getByLabel('Approval status').selectOption('pending');
  await expect(page).toHaveURL(/status=pending/);
  await settled(page);
  await expect(cardsIn(page).first()).toBeVisible();
  for (const card of await cardsIn(page).all()) {
    await expect(card).toContainText('Approval: Pending');
  }
  await filters.getByRole('searchbox', { name: 'Search' }).fill(title);
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(cardsIn(page)).toHaveCount(1);

  const card = cardOf(page, title);
  await card.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this property?' });
  await expect(confirm).toContainText(title);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: /^Delete/ }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted!')).toBeVisible();
  await expect(page.getByText('Property has been deleted.')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByText('No properties found matching your criteria')).toBeVisible();
});

test('Manage Properties counts every listing and pages them five at a time', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/manage-properties');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Properties');
  const total = await listedTotal(page);
  expect(total, 'the admin sees every seeded listing').toBeGreaterThan(25);

  const count = (label: string) =>
    page.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd');
  await expect(count('Total')).toHaveText(String(total));
  const [pending, approved, rejected] = await Promise.all(
    ['Pending', 'Approved', 'Rejected'].map(async (label) =>
      Number(await count(label).textContent()),
    ),
  );
  expect((pending ?? 0) + (approved ?? 0) + (rejected ?? 0)).toBe(total);

  await walkPager(page, page.getByRole('navigation', { name: 'Properties pages' }), total, 5);

  await page
    .getByRole('search', { name: 'Filter properties' })
    .getByLabel('Approval status')
    .selectOption('rejected');
  await expect(page).toHaveURL(/status=rejected$/);
  await settled(page);
  await expect(cardsIn(page)).toHaveCount(Math.min(rejected ?? 0, 5));
  for (const row of await cardsIn(page).all()) {
    await expect(row.getByRole('button', { name: /^Approve/ })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Reject/ })).toHaveCount(0);
  }

  // The admin search also matches the agent's name.
  const filters = page.getByRole('search', { name: 'Filter properties' });
  await filters.getByLabel('Approval status').selectOption('');
  await filters.getByRole('searchbox', { name: 'Search' }).fill('Priya');
  const found = page.waitForResponse((r) => r.url().includes('search=Priya'));
  await filters.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await found;
  await expect(page).toHaveURL(/search=Priya/);
  await settled(page);
  await expect(cardsIn(page).first()).toBeVisible();
  for (const row of await cardsIn(page).all()) {
    await expect(row).toContainText('Agent: Priya Nair');
  }
  await expectNoSeriousA11yViolations(page);
});

test.describe('the home page search', () => {
  test('shows featured properties until the first search', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Featured Properties' })).toBeVisible();
    await expect(cardsIn(page)).toHaveCount(6);
    // Over cards, an invitation; the before-search text is for a list with nothing in it.
    await expect(
      page.getByText(
        'The newest verified homes. Search by location, type or price above to find yours.',
      ),
    ).toBeVisible();
    await expect(page.getByText('Use the search bar above to find properties.')).toHaveCount(0);
    for (const card of await cardsIn(page).all()) {
      await expect(card.getByRole('link', { name: /^View Details/ })).toHaveAttribute(
        'href',
        /^\/propertyDetails\/[0-9a-f-]{36}$/,
      );
      await expect(card).toContainText(/\$[\d,]+/);
    }
    const search = page.getByRole('search', { name: 'Property search' });
    await expect(search.getByLabel('Property type').locator('option').first()).toHaveText(
      'Property Type',
    );
    await expect(search.getByLabel('Price range').locator('option')).toHaveText([
      'Price Range',
      '$100k - $300k',
      '$300k - $600k',
      '$600k+',
    ]);

    await search.getByLabel('Price range').selectOption('$600k+');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expect(page.getByText('Use the search bar above to find properties.')).toHaveCount(0);
    await expect(cardsIn(page).first()).toBeVisible();
    for (const card of await cardsIn(page).all()) {
      const price = (await card.getByText(/^\$[\d,]+/).textContent()) ?? '';
      expect(Number(price.replace(/[$,]/g, '').split(' ')[0])).toBeGreaterThanOrEqual(600_000);
    }
  });

  test('says to use the search bar when nothing is featured yet', async ({ page }) => {
    await renderInBrowser(page);
    await page.route(isSearch, (route) =>
      route.fulfill({ json: [], headers: { 'X-Total-Count': '0' } }),
    );
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Featured Properties' })).toBeVisible();
    await expect(page.getByText('Use the search bar above to find properties.')).toBeVisible();
    await expect(page.getByText(/The newest verified homes/)).toHaveCount(0);
    await expect(cardsIn(page)).toHaveCount(0);
  });

  test('shows fallbacks for a listing with missing fields', async ({ page }) => {
    await renderInBrowser(page);
    await page.route(isSearch, (route) =>
      route.fulfill({ json: [{ _id: 'sparse-1' }], headers: { 'X-Total-Count': '1' } }),
    );
    await page.goto('/');
    const card = cardsIn(page).first();
    await expect(card.getByRole('heading')).toHaveText('Untitled Property');
    await expect(card).toContainText('Location not specified');
    await expect(card).toContainText('Unknown');
    await expect(card).toContainText('0 beds');
    await expect(card).toContainText('0 baths');
    await expect(card.getByText('N/A')).toHaveCount(2);
    await expect(card.getByRole('img', { name: 'No photo available' })).toBeVisible();
  });

  test.describe('when the search fails', () => {
    test.use({ allowedConsoleErrors: [/status of 500/] });

    test('says so and retries on request', async ({ page }) => {
      await renderInBrowser(page);
      await page.route(isSearch, (route) =>
        route.fulfill({ status: 500, json: { error: 'Unavailable', code: 'INTERNAL' } }),
      );
      await page.goto('/');
      // Two automatic retries first (1 s, then 2 s): a passing failure never reaches the visitor.
      await expect(page.getByRole('alert')).toContainText(
        'Error loading properties. Please try again.',
        { timeout: 10_000 },
      );
      await page.unroute(isSearch);
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(cardsIn(page)).toHaveCount(6);
    });
  });
});

test('All Properties sorts, filters and pages 24 at a time, with Sold badges', async ({ page }) => {
  await signIn(page, 'buyer');
  await page.goto('/all-properties');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Properties');
  const total = await listedTotal(page);
  await expect(cardsIn(page)).toHaveCount(Math.min(total, 24));
  await expect(page.getByRole('main')).toContainText('Availability: Sold');

  const sorted = page.waitForResponse((r) => r.url().includes('sort=price-asc'));
  await page.getByLabel('Sort by').selectOption('price-asc');
  await expect(page).toHaveURL(/sort=price-asc/);
  await sorted;
  await settled(page);
  const lowest = async (card: Locator) =>
    Number(
      ((await card.getByText(/^\$[\d,]+/).textContent()) ?? '').replace(/[$,]/g, '').split(' ')[0],
    );
  await expect(cardsIn(page).first()).toBeVisible();
  const [first, second] = [await lowest(cardsIn(page).nth(0)), await lowest(cardsIn(page).nth(1))];
  expect(first).toBeLessThanOrEqual(second);

  const search = page.getByRole('search', { name: 'Property search' });
  await search.getByLabel('Property type').selectOption('Villa');
  const villas = page.waitForResponse((r) => r.url().includes('propertyType=Villa'));
  await search.getByRole('button', { name: 'Search' }).click();
  await villas;
  await expect(page).toHaveURL(/propertyType=Villa/);
  await expect(page).toHaveURL(/sort=price-asc/);
  await settled(page);
  for (const card of await cardsIn(page).all()) await expect(card).toContainText('Villa');
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScrollOn(page, ['/all-properties', '/dashboard']);
});

test.describe('a listing that does not exist', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('reads Property Not Found', async ({ page }) => {
    await signIn(page, 'buyer');
    await page.goto('/propertyDetails/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property Not Found');
    await expect(page.getByRole('link', { name: 'Browse Properties' })).toHaveAttribute(
      'href',
      '/all-properties',
    );
  });
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the listing pages do not scroll sideways', async ({ page }) => {
    await page.goto('/');
    await expect(cardsIn(page).first()).toBeVisible();
    await expectNoSidewaysScroll(page);

    await signIn(page, 'agent');
    await expectNoSidewaysScrollOn(page, [
      '/all-properties',
      '/dashboard/my-properties',
      '/dashboard/add-property',
    ]);
    await page.goto('/dashboard/my-properties');
    await cardsIn(page)
      .first()
      .getByRole('link', { name: /^View\b/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Listing agent' })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await actAs(page, 'admin');
    await expectNoSidewaysScrollOn(page, ['/dashboard/manage-properties']);
    await expectNoSeriousA11yViolations(page);
  });
});
