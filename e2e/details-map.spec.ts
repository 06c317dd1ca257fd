import { expect, signIn, test } from './fixtures';

/*
 * A buyer sees where a home is on its page, on a small map with its pin, and searches the homes
 * around it. The listing is the newest one with a map position, so it heads the list of any area
 * around it whatever the demo data holds.
 */

type Listing = {
  _id: string;
  title: string;
  location: string;
  lat: number | null;
  lng: number | null;
};

test('a buyer sees where a home is and searches the homes nearby', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'buyer');
  const response = await page.request.get('/api/all-properties?limit=100&page=1');
  expect(response.status()).toBe(200);
  const listings = (await response.json()) as Listing[];
  const home = listings.find((listing) => listing.lat !== null && listing.lng !== null);
  if (!home) throw new Error('the demo catalogue has no listing with a map position');

  await page.goto(`/propertyDetails/${home._id}`);
  const section = page.getByRole('region', { name: 'Location', exact: true });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByText(home.location, { exact: true })).toBeVisible();
  const map = section.getByRole('region', { name: 'Where the home is' });
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect(map.locator('.maplibregl-marker')).toHaveCount(1);
  await expect(map.locator('.maplibregl-marker')).toBeVisible();
  await expect(section.getByText('This home has no map position yet.')).toHaveCount(0);

  await section.getByRole('link', { name: 'Search homes nearby' }).click();
  await expect(page).toHaveURL(/\/all-properties\?bbox=-?\d/);
  const card = page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.locator(`a[href="/propertyDetails/${home._id}"]`) });
  await expect(card.first()).toBeVisible();
});
