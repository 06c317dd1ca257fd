import { PHOTO_MESSAGES } from '@keyhaven/shared/texts';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, signIn, signOutOf, test } from './fixtures';
import { apiAs } from './market';
import { choosePhotos, drawnPng, pngFile } from './photos';

/*
 * A home shown in several photos: the agent uploads, describes and orders them by keyboard and
 * picks the cover; buyers see that cover on its cards, and every photo, with its caption, on its
 * page and full screen; a new order is a change an admin reviews again.
 */

const RUN = Date.now().toString(36);
const TITLE = `Heron Point House ${RUN}`;
const TOWN = `Heron Point ${RUN}`;

/** The photos in the order they are chosen; the kitchen is described only once it is the cover. */
const FRONT = {
  file: pngFile(
    'front.png',
    drawnPng({ sky: [135, 175, 205], house: [40, 70, 140], lawn: [90, 140, 70] }),
  ),
  alt: 'The front of the house, its blue door under a porch',
  caption: '',
};
const GARDEN = {
  file: pngFile(
    'garden.png',
    drawnPng({ sky: [200, 215, 230], house: [150, 110, 80], lawn: [60, 120, 50] }),
  ),
  alt: 'The walled garden behind the house',
  caption: 'The garden has the sun all afternoon',
};
const KITCHEN = {
  file: pngFile(
    'kitchen.png',
    drawnPng({ sky: [240, 230, 200], house: [180, 60, 40], lawn: [120, 90, 60] }),
  ),
  alt: 'The kitchen, with a wood stove and a long oak table',
  caption: 'Cooked in by one family for forty years',
};
const BEDROOM = {
  file: pngFile(
    'bedroom.png',
    drawnPng({ sky: [220, 200, 220], house: [250, 250, 245], lawn: [110, 100, 130] }),
  ),
  alt: 'The main bedroom under the eaves',
  caption: '',
};

/** The storage key in one of our upload addresses (`/uploads/<key>-<width>.<format>`). */
function keyOf(address: string | null) {
  const key = /^\/uploads\/([a-z0-9]+)-\d+\.(webp|avif)$/.exec(address ?? '')?.[1];
  expect(key, `an upload address: ${address}`).toBeDefined();
  return key as string;
}

type SentPhoto = { url: string; alt?: string | null; caption?: string | null };

/** A sent photo's address and words; a photo without a caption may send '' or nothing. */
const wordsOf = (photo: SentPhoto) => [photo.url, photo.alt ?? '', photo.caption ?? ''];

const tile = (manager: Locator, position: number, count = 4) =>
  manager.getByRole('listitem', { name: `Photo ${position} of ${count}` });

/** What the manager last read out; the same words twice differ by a trailing space. */
const said = (text: string) => new RegExp(`^${text.replace(/\./g, '\\.')}\\s?$`);

/** Presses Enter on a tile's button, reached by keyboard focus, and checks what is read out. */
async function pressAndHear(page: Page, manager: Locator, button: string, heard: string) {
  const status = manager.getByRole('status');
  const before = await status.textContent();
  await manager.getByRole('button', { name: button }).focus();
  await page.keyboard.press('Enter');
  await expect(status).toHaveText(said(heard));
  // Read out even when the words are those of the move before.
  await expect.poll(() => status.textContent()).not.toBe(before);
}

/** The descriptions in the manager's tiles, in their order. */
async function describedOrder(manager: Locator) {
  const count = await manager.getByRole('listitem', { name: /^Photo \d+ of \d+$/ }).count();
  const alts: string[] = [];
  for (let position = 1; position <= count; position++) {
    alts.push(await tile(manager, position, count).getByLabel('Describe this photo').inputValue());
  }
  return alts;
}

/** The cover a listing card shows: its WebP sources and its plain image are the cover's. */
async function expectCardCover(card: Locator, coverKey: string, coverAlt: string) {
  const image = card.getByRole('img', { name: coverAlt });
  await expect(image).toHaveAttribute('src', `/uploads/${coverKey}-1600.webp`);
  for (const format of ['avif', 'webp']) {
    await expect(card.locator(`picture source[type="image/${format}"]`)).toHaveAttribute(
      'srcset',
      new RegExp(`^/uploads/${coverKey}-480\\.${format} 480w, `),
    );
  }
}

test('an agent shows a home in four photos, buyers page through them, a new order is reviewed', async ({
  page,
  playwright,
}, testInfo) => {
  test.setTimeout(150_000);
  let listingId = '';
  const keys = new Map<string, string>();

  await test.step('the agent adds the home with four photos, described and ordered by keyboard', async () => {
    await signIn(page, 'agent');
    await page.goto('/dashboard/add-property');
    const form = page.getByRole('form', { name: 'Add property' });
    await form.getByLabel('Title', { exact: true }).fill(TITLE);
    await form.getByLabel('Location').fill(`${TOWN}, Maine`);
    await form.getByLabel('Property type').selectOption('House');
    await form
      .getByLabel('Description')
      .fill('A shingled house on the point, with a walled garden and a kitchen built for a crowd.');
    await form.getByLabel('Minimum price ($)').fill('540000');
    await form.getByLabel('Maximum price ($)').fill('575000');
    await form.getByLabel('Bedrooms').fill('4');
    await form.getByLabel('Bathrooms').fill('2');
    await form.getByLabel('Area size (sqft)').fill('2100');

    // A home needs a photo: a form without one says so at Add photos.
    await form.getByRole('button', { name: 'Add Property' }).click();
    const addPhotos = form.getByRole('button', { name: 'Add photos' });
    await expect(addPhotos).toBeFocused();
    await expect(addPhotos).toHaveAccessibleDescription(new RegExp(PHOTO_MESSAGES.required));

    // A file that is not a picture is refused by name; the others go up at once, in order.
    const manager = form.getByRole('group', { name: 'Photos' });
    await manager.getByLabel('Photo files').setInputFiles({
      name: 'floor-plan.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await expect(manager.getByRole('alert')).toHaveText(
      'floor-plan.txt: Invalid File Type: Please upload a JPG, PNG, GIF, or WEBP image.',
    );
    await choosePhotos(form, [FRONT.file, GARDEN.file, KITCHEN.file, BEDROOM.file]);
    await expect(manager.getByRole('status')).toHaveText(said('Uploading 4 photos.'));
    await expect(manager.getByRole('alert')).toHaveText('');
    await expect(tile(manager, 1).getByText('Cover', { exact: true })).toBeVisible();
    await expect(tile(manager, 2).getByText('Cover', { exact: true })).toHaveCount(0);
    for (const [position, photo] of [FRONT, GARDEN, KITCHEN, BEDROOM].entries()) {
      const shown = tile(manager, position + 1);
      keys.set(photo.alt, keyOf(await shown.locator('img').getAttribute('src')));
      if (photo !== KITCHEN) await shown.getByLabel('Describe this photo').fill(photo.alt);
      if (photo.caption) await shown.getByLabel('Caption (optional)').fill(photo.caption);
    }
    expect(new Set(keys.values()).size, 'four different uploads').toBe(4);

    // The front goes down twice and the bedroom up once; focus stays on the button pressed.
    await pressAndHear(page, manager, 'Move down, photo 1', 'Photo moved to position 2 of 4.');
    await expect(manager.getByRole('button', { name: 'Move down, photo 2' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(manager.getByRole('status')).toHaveText(said('Photo moved to position 3 of 4.'));
    await expect(manager.getByRole('button', { name: 'Move down, photo 3' })).toBeFocused();
    await pressAndHear(page, manager, 'Move up, photo 4', 'Photo moved to position 3 of 4.');
    await expect(manager.getByRole('button', { name: 'Move up, photo 3' })).toBeFocused();
    expect(await describedOrder(manager)).toEqual([GARDEN.alt, '', BEDROOM.alt, FRONT.alt]);

    // The kitchen becomes the cover, and focus stays on its Make cover, which has nothing to do.
    await pressAndHear(page, manager, 'Make cover, photo 2', 'Photo 2 is now the cover.');
    const makeCover = manager.getByRole('button', { name: 'Make cover, photo 1' });
    await expect(makeCover).toBeFocused();
    await expect(makeCover).toHaveAttribute('aria-disabled', 'true');
    await expect(tile(manager, 1).getByText('Cover', { exact: true })).toBeVisible();
    expect(await describedOrder(manager)).toEqual(['', GARDEN.alt, BEDROOM.alt, FRONT.alt]);
    await expectNoSeriousA11yViolations(page);

    // The cover must be described before the home is listed.
    const submit = form.getByRole('button', { name: 'Add Property' });
    await submit.click();
    const coverAlt = tile(manager, 1).getByLabel('Describe this photo');
    await expect(coverAlt).toBeFocused();
    await expect(coverAlt).toHaveAttribute('aria-invalid', 'true');
    await expect(coverAlt).toHaveAccessibleDescription(new RegExp(PHOTO_MESSAGES.coverAltRequired));
    await coverAlt.fill(KITCHEN.alt);

    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/properties') && r.request().method() === 'POST',
    );
    await submit.click();
    const response = await created;
    expect(response.status(), await response.text()).toBe(200);
    const url = (alt: string) => `/uploads/${keys.get(alt)}-1600.webp`;
    const sent = response.request().postDataJSON() as { photos: SentPhoto[] };
    expect(sent.photos.map(wordsOf)).toEqual(
      [KITCHEN, GARDEN, BEDROOM, FRONT].map((photo) => [url(photo.alt), photo.alt, photo.caption]),
    );
    listingId = (await response.json()).insertedId;
    await expect(page.getByText('Property added successfully!')).toBeVisible();
  });

  await test.step('an admin approves it', async () => {
    const admin = await apiAs(playwright, testInfo, 'admin');
    const approved = await admin.patch(`/api/properties/admin-approval/${listingId}/true`);
    expect(approved.status(), await approved.text()).toBe(200);
    await admin.dispose();
  });

  const kitchenKey = () => keys.get(KITCHEN.alt) as string;

  await test.step('its cards show the new cover, in the agent’s list and in a buyer’s catalogue', async () => {
    await page.goto('/dashboard/my-properties');
    const search = page.getByRole('search', { name: 'Filter properties' }).getByRole('searchbox');
    await search.fill(TITLE);
    await search.press('Enter');
    const mine = page.getByRole('main').getByRole('article').filter({ hasText: TITLE });
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('Approval: Approved');
    await expectCardCover(mine, kitchenKey(), KITCHEN.alt);

    // The catalogue is for signed-in buyers.
    await signOutOf(page);
    await signIn(page, 'buyer');
    await page.goto(`/all-properties?location=${encodeURIComponent(TOWN)}`);
    const listed = page.getByRole('main').getByRole('article').filter({ hasText: TITLE });
    await expect(listed).toHaveCount(1);
    await expectCardCover(listed, kitchenKey(), KITCHEN.alt);
  });

  await test.step('the buyer sees every photo on its page and pages through them full screen', async () => {
    await page.goto(`/propertyDetails/${listingId}`);
    const gallery = page.getByRole('region', { name: `Photos of ${TITLE}` });
    const large = gallery.getByRole('button', { name: `Open full screen: ${KITCHEN.alt}` });
    await expect(large).toBeVisible();
    await expect(gallery.getByText('1 / 4', { exact: true })).toBeVisible();
    await expect(gallery.getByText(KITCHEN.caption)).toBeVisible();
    const thumbnails = gallery.getByRole('list', { name: 'All photos' }).getByRole('button');
    await expect(thumbnails).toHaveCount(4);
    const order = [KITCHEN, GARDEN, BEDROOM, FRONT];
    for (const [index, photo] of order.entries()) {
      await expect(thumbnails.nth(index)).toHaveAccessibleName(
        `Photo ${index + 1} of 4: ${photo.alt}`,
      );
    }
    await expect(thumbnails.first()).toHaveAttribute('aria-current', 'true');
    await expectNoSeriousA11yViolations(page);

    await large.click();
    const viewer = page.getByRole('dialog', { name: `Photos of ${TITLE}` });
    await expect(viewer).toBeVisible();
    const seen = async (position: number) => {
      const photo = order[position - 1] ?? KITCHEN;
      await expect(viewer.getByText(`${position} / 4`, { exact: true })).toBeVisible();
      await expect(viewer.getByRole('img', { name: photo.alt })).toBeVisible();
      if (photo.caption) await expect(viewer.getByText(photo.caption)).toBeVisible();
    };
    await seen(1);
    await expectNoSeriousA11yViolations(page);
    for (const position of [2, 3, 4, 1]) {
      await page.keyboard.press('ArrowRight');
      await seen(position);
    }
    // Back from the first goes round to the last.
    await page.keyboard.press('ArrowLeft');
    await seen(4);
    await page.keyboard.press('ArrowLeft');
    await seen(3);
    await viewer.getByRole('button', { name: 'Previous photo' }).click();
    await seen(2);
    await expect(viewer.getByText(GARDEN.caption)).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    // The page shows the photo the buyer stopped at, and focus is back on it.
    const stoppedAt = gallery.getByRole('button', { name: `Open full screen: ${GARDEN.alt}` });
    await expect(stoppedAt).toBeFocused();
    await expect(gallery.getByText('2 / 4', { exact: true })).toBeVisible();
    await expect(thumbnails.nth(1)).toHaveAttribute('aria-current', 'true');
  });

  await test.step('the agent orders the photos again, which sends the home back for review', async () => {
    await signOutOf(page);
    await signIn(page, 'agent');
    await page.goto(`/EditPropertyDetails/${listingId}`);
    const form = page.getByRole('form', { name: 'Edit property' });
    const manager = form.getByRole('group', { name: 'Photos' });
    const imageUrl = form.getByLabel('Image URL');
    // The Image URL is the cover's full address, as it can be copied and shared.
    const fullAddress = (key: string | undefined) =>
      new URL(`/uploads/${key}-1600.webp`, page.url()).href;
    await expect(imageUrl).toHaveValue(fullAddress(kitchenKey()));
    await expect(imageUrl).toHaveAttribute('readonly', '');
    expect(await describedOrder(manager)).toEqual([
      KITCHEN.alt,
      GARDEN.alt,
      BEDROOM.alt,
      FRONT.alt,
    ]);
    await expect(tile(manager, 2).getByLabel('Caption (optional)')).toHaveValue(GARDEN.caption);

    await pressAndHear(
      page,
      manager,
      'Move up, photo 2',
      'Photo moved to position 1 of 4. It is now the cover.',
    );
    await expect(manager.getByRole('button', { name: 'Move up, photo 1' })).toBeFocused();
    const gardenUrl = `/uploads/${keys.get(GARDEN.alt)}-1600.webp`;
    await expect(imageUrl).toHaveValue(fullAddress(keys.get(GARDEN.alt)));

    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/properties/${listingId}`) && r.request().method() === 'PATCH',
    );
    await form.getByRole('button', { name: 'Save Changes' }).click();
    const response = await saved;
    expect(response.status(), await response.text()).toBe(200);
    const sent = response.request().postDataJSON() as { photos: { url: string }[] };
    expect(sent.photos.map((photo) => keyOf(photo.url))).toEqual(
      [GARDEN, KITCHEN, BEDROOM, FRONT].map((photo) => keys.get(photo.alt)),
    );
    await expect(page.getByText('Property updated successfully!')).toBeVisible();

    await page.goto(`/propertyDetails/${listingId}`);
    const main = page.getByRole('main');
    await expect(main).toContainText('Approval: Pending');
    await expect(main).toContainText('waiting for an admin to approve it');
    await expect(
      main
        .getByRole('region', { name: `Photos of ${TITLE}` })
        .getByRole('button', { name: `Open full screen: ${GARDEN.alt}` }),
    ).toBeVisible();
    const stored = await page.request.get(`/api/properties/${listingId}`);
    expect(await stored.json()).toMatchObject({
      adminApproval: 'pending',
      image: gardenUrl,
    });
  });
});
