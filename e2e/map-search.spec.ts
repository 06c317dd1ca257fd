import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  type Bbox,
  isInPolygon,
  type LngLat,
  parseBbox,
  parsePolygon,
} from '../packages/shared/src/geo';
import {
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  test,
  waitingForHydration,
} from './fixtures';

/*
 * A buyer searches the catalogue on the map: draws an outline, searches the area the map shows,
 * and shares the address of a search, which opens the same list with the same filters. The
 * listings expected are worked out from the catalogue itself with the shared geometry, so the
 * test follows whatever the demo data holds.
 */

type Listing = { _id: string; title: string; lat: number | null; lng: number | null };

/** Every listing of the signed-in catalogue, page by page. */
async function wholeCatalogue(request: APIRequestContext, query = ''): Promise<Listing[]> {
  const listings: Listing[] = [];
  for (let page = 1; ; page++) {
    const response = await request.get(`/api/all-properties?limit=100&page=${page}${query}`);
    expect(response.status()).toBe(200);
    const batch = (await response.json()) as Listing[];
    listings.push(...batch);
    if (batch.length < 100) return listings;
  }
}

const pinned = (listings: Listing[]) =>
  listings.filter(
    (listing): listing is Listing & LngLat => listing.lat !== null && listing.lng !== null,
  );

const inBbox = (point: LngLat, bbox: Bbox) =>
  point.lng >= bbox.west &&
  point.lng <= bbox.east &&
  point.lat >= bbox.south &&
  point.lat <= bbox.north;

/** The city with the most pinned listings, and a box around them. */
function busiestArea(listings: Array<Listing & LngLat>): Bbox {
  const byCell = new Map<string, Array<Listing & LngLat>>();
  for (const listing of listings) {
    const cell = `${Math.round(listing.lng)},${Math.round(listing.lat)}`;
    byCell.set(cell, [...(byCell.get(cell) ?? []), listing]);
  }
  const crowd = [...byCell.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  const lngs = crowd.map((listing) => listing.lng);
  const lats = crowd.map((listing) => listing.lat);
  const margin = 0.02;
  return {
    west: Math.min(...lngs) - margin,
    south: Math.min(...lats) - margin,
    east: Math.max(...lngs) + margin,
    north: Math.max(...lats) + margin,
  };
}

const bboxParam = (bbox: Bbox) =>
  [bbox.west, bbox.south, bbox.east, bbox.north].map((value) => value.toFixed(6)).join(',');

/** A choice in the filters, whose label ends with its count once that has arrived. */
const choice = (name: string) => new RegExp(`^${name}( \\(\\d+\\))?$`);

/** A pin as the map's answer carries it. */
type PinAnswer = Listing & {
  title: string;
  image: string | null;
  bedrooms: number;
  bathrooms: number;
};

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const listingCards = (page: Page) => page.getByRole('main').getByRole('article');

/**
 * The number in the page's "N properties" line once the list is not busy. Right after a change of
 * the address the list may not have begun its new search yet: callers poll it until it settles.
 */
async function listedTotal(page: Page): Promise<number> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const line = page.getByRole('status').filter({ hasText: /^\d+ propert(y|ies)$/ });
  await expect(line).toBeVisible();
  return Number.parseInt((await line.textContent()) ?? '', 10);
}

/** The ids of the listings on the page, from their View Details links. */
async function listedIds(page: Page): Promise<string[]> {
  const hrefs = await listingCards(page)
    .getByRole('link', { name: /^View Details/ })
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.split('/').pop() ?? '').sort();
}

/** The map once MapLibre has drawn it and its markers are up. */
async function readyMap(page: Page): Promise<Locator> {
  const map = page.getByRole('region', { name: 'Map of the listings' });
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect(map.locator('.maplibregl-marker').first()).toBeAttached();
  // The whole map on screen, so every point the test clicks or drags lands on it.
  await map.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  return map;
}

/** Homes the map shows: the count of each cluster bubble plus each single marker. */
async function homesOnMap(map: Locator): Promise<number> {
  const clustered = await map
    .getByRole('button', { name: /here: zoom in$/ })
    .evaluateAll((bubbles) => bubbles.reduce((sum, bubble) => sum + Number(bubble.textContent), 0));
  return clustered + (await map.locator('button[data-listing-id]').count());
}

/** A point of the map's canvas given as fractions of its width and height, in page pixels. */
async function pointOnMap(map: Locator, [x, y]: [number, number]) {
  const box = await map.locator('canvas.maplibregl-canvas').boundingBox();
  if (!box) throw new Error('the map has no size');
  return { x: box.x + box.width * x, y: box.y + box.height * y };
}

/** Clicks points given as fractions of the map's canvas, then the first again to close. */
async function drawOutline(page: Page, map: Locator, corners: Array<[number, number]>) {
  await map.getByRole('button', { name: 'Draw area' }).click();
  await expect(map.getByText(/^Click the map to place each corner/)).toBeVisible();
  for (const corner of [...corners, corners[0] as [number, number]]) {
    const point = await pointOnMap(map, corner);
    await page.mouse.move(point.x, point.y, { steps: 4 });
    await page.mouse.click(point.x, point.y);
  }
}

function polygonOf(page: Page): LngLat[] {
  const text = new URL(page.url()).searchParams.get('polygon') ?? '';
  const parsed = parsePolygon(text);
  if (!parsed.ok) throw new Error(`the address holds no outline: ${text}`);
  return parsed.value;
}

test.describe('searching on the map', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'buyer');
  });

  test('a buyer draws an outline and sees exactly the listings inside it', async ({ page }) => {
    // It reads the whole catalogue and checks every home of the outline: 12 s with the other
    // suites beside it on a two-core machine, near the usual 30 s on a slower one.
    test.setTimeout(90_000);
    const catalogue = pinned(await wholeCatalogue(page.request));
    expect(catalogue.length, 'the demo homes have map positions').toBeGreaterThan(3);
    const area = busiestArea(catalogue);

    await page.goto(`/all-properties?bbox=${bboxParam(area)}`);
    const map = await readyMap(page);

    await test.step('an outline that crosses itself is refused', async () => {
      await drawOutline(page, map, [
        [0.2, 0.2],
        [0.8, 0.8],
        [0.8, 0.2],
        [0.2, 0.8],
      ]);
      await expect(map.getByRole('alert')).toHaveText(
        'The outline crosses itself: draw it again without crossing lines',
      );
      expect(new URL(page.url()).searchParams.has('polygon')).toBe(false);
    });

    await test.step('a concave outline lists the homes inside it, and only those', async () => {
      await drawOutline(page, map, [
        [0.1, 0.1],
        [0.9, 0.1],
        [0.9, 0.9],
        [0.5, 0.45],
        [0.1, 0.9],
      ]);
      await expect(page).toHaveURL(/[?&]polygon=/);
      const outline = polygonOf(page);
      expect(outline).toHaveLength(5);
      const inside = catalogue.filter((listing) => isInPolygon(listing, outline));
      expect(inside.length, 'the outline holds homes').toBeGreaterThan(0);
      await expect.poll(() => listedTotal(page)).toBe(inside.length);
      const insideIds = new Set(inside.map((listing) => listing._id));
      const listed = await listedIds(page);
      expect(listed).toHaveLength(Math.min(inside.length, 24));
      for (const id of listed) expect(insideIds.has(id), `${id} is inside the outline`).toBe(true);
    });

    await test.step('Edit area moves a corner, and the list follows the new outline', async () => {
      const before = polygonOf(page);
      await map.getByRole('button', { name: 'Edit area' }).click();
      await expect(map.getByText('Drag a corner to move it.')).toBeVisible();
      const from = await pointOnMap(map, [0.5, 0.45]);
      const to = await pointOnMap(map, [0.5, 0.75]);
      await page.mouse.move(from.x, from.y, { steps: 4 });
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 10 });
      await page.mouse.up();
      await expect.poll(() => polygonOf(page)).not.toEqual(before);
      const outline = polygonOf(page);
      expect(outline).toHaveLength(5);
      const inside = catalogue.filter((listing) => isInPolygon(listing, outline));
      await expect.poll(() => listedTotal(page)).toBe(inside.length);
      await map.getByRole('button', { name: 'Done editing' }).click();
    });

    await test.step('Clear area lists every home again', async () => {
      await map.getByRole('button', { name: 'Clear area' }).click();
      await expect(page).not.toHaveURL(/[?&]polygon=/);
      await expect.poll(() => listedTotal(page)).toBe((await wholeCatalogue(page.request)).length);
    });
  });

  test('a card and its marker point at each other, and a marker opens its listing', async ({
    page,
  }) => {
    const area = busiestArea(pinned(await wholeCatalogue(page.request)));
    await page.goto(`/all-properties?bbox=${bboxParam(area)}`);
    const map = await readyMap(page);
    // The map holds every home of the area; the one pointed at has its card on this page.
    const listed = new Set(await listedIds(page));
    const markerIds = await map
      .locator('button[data-listing-id]')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-listing-id')));
    const id = markerIds.find((markerId) => markerId !== null && listed.has(markerId));
    if (!id) throw new Error('no marker of a listing on this page');
    const marker = map.locator(`button[data-listing-id="${id}"]`);
    const card = page.locator(`li[data-listing-id="${id}"]`);

    await card.hover();
    await expect(marker).toHaveAttribute('aria-pressed', 'true');
    await card.getByRole('link', { name: /^View Details/ }).focus();
    await expect(marker).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('heading', { level: 1 }).hover();
    await card.getByRole('link', { name: /^View Details/ }).blur();
    await expect(marker).toHaveAttribute('aria-pressed', 'false');

    await marker.hover();
    await expect(card).toHaveAttribute('data-highlighted', 'true');
    await marker.click();
    const popup = map.locator('.maplibregl-popup');
    await expect(popup.getByRole('link', { name: 'View details' })).toHaveAttribute(
      'href',
      `/propertyDetails/${id}`,
    );
    await expectNoSeriousA11yViolations(page);
  });

  test('the map shows every home of the search beyond the first page, and a type counts what its list holds', async ({
    page,
  }) => {
    const response = await page.request.get('/api/all-properties/pins');
    expect(response.status()).toBe(200);
    const { pins, total } = (await response.json()) as { pins: Listing[]; total: number };
    expect(total, 'more homes than one page of the list').toBeGreaterThan(24);
    expect(pins).toHaveLength(total);

    await page.goto('/all-properties');
    const map = await readyMap(page);

    await test.step('the clusters and single markers add up to every home of the search', async () => {
      // The map opens around every home, so none is out of view.
      await expect.poll(() => homesOnMap(map)).toBe(total);
      expect(await listingCards(page).count()).toBe(24);
    });

    await test.step('a marker of a home on another page is named by its title, and opens its cover, title, price, rooms, area and page', async () => {
      const listed = new Set(await listedIds(page));
      const singleIds = () =>
        map
          .locator('button[data-listing-id]')
          .evaluateAll((buttons) =>
            buttons.map((button) => button.getAttribute('data-listing-id')),
          );
      const offThisPage = async () =>
        (await singleIds()).find((id): id is string => id !== null && !listed.has(id));
      // Framed around the whole country, most homes gather into clusters: opening one zooms in
      // until a home of another page stands alone. The list keeps its page meanwhile.
      const markers = () =>
        map
          .locator('.maplibregl-marker')
          .evaluateAll((all) => all.map((marker) => marker.innerHTML).join());
      let elsewhere = await offThisPage();
      for (let zoom = 0; zoom < 5 && !elsewhere; zoom++) {
        const before = await markers();
        await map
          .getByRole('button', { name: /here: zoom in$/ })
          .first()
          .press('Enter');
        await expect.poll(markers).not.toBe(before);
        elsewhere = await offThisPage();
      }
      if (!elsewhere) throw new Error('no marker of a home on another page, even zoomed in');
      expect(new Set(await listedIds(page))).toEqual(listed);
      const home = (pins as PinAnswer[]).find((pin) => pin._id === elsewhere);
      if (!home) throw new Error('the marker has no pin');
      const marker = map.locator(`button[data-listing-id="${elsewhere}"]`);
      await expect(marker).toHaveAccessibleName(new RegExp(`^${escaped(home.title)}, \\$`));
      // From the keyboard: a marker among many may sit under its neighbours.
      await marker.press('Enter');
      const popup = map.locator('.maplibregl-popup');
      await expect(popup.getByRole('link', { name: 'View details' })).toHaveAttribute(
        'href',
        `/propertyDetails/${elsewhere}`,
      );
      await expect(popup).toContainText(home.title);
      await expect(popup).toContainText('$');
      await expect(popup).toContainText(
        new RegExp(`${home.bedrooms} beds? · ${home.bathrooms} baths? · [\\d,]+ sqft`),
      );
      const cover = popup.locator('img');
      await expect(cover).toHaveAttribute('src', home.image ?? '');
      await expect
        .poll(() => cover.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    });

    await test.step('the count beside a type is the total of its list', async () => {
      await page.getByRole('button', { name: /^Filters/ }).click();
      const panel = page.getByRole('form', { name: 'Filters' });
      const house = panel.getByLabel(/^House \(\d+\)$/);
      await expect(house).toBeVisible();
      const labelText = await house.evaluate(
        (box) => (box as HTMLInputElement).labels?.[0]?.textContent,
      );
      const count = Number(/\((\d+)\)/.exec(labelText ?? '')?.[1]);
      expect(count, 'the demo data holds houses').toBeGreaterThan(0);
      await house.check();
      await panel.getByRole('button', { name: 'Show results' }).click();
      await expect(page).toHaveURL(/[?&]propertyType=House/);
      await expect.poll(() => listedTotal(page)).toBe(count);
    });
  });

  test('"Search this area" after moving the map lists the homes it shows', async ({ page }) => {
    const catalogue = pinned(await wholeCatalogue(page.request));
    await page.goto('/all-properties');
    const map = await readyMap(page);
    const searchArea = map.getByRole('button', { name: 'Search this area' });
    await expect(searchArea).toHaveCount(0);

    const box = await map.locator('canvas.maplibregl-canvas').boundingBox();
    if (!box) throw new Error('the map has no size');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2 + 40, { steps: 8 });
    await page.mouse.up();

    await searchArea.click();
    await expect(page).toHaveURL(/[?&]bbox=/);
    const parsed = parseBbox(new URL(page.url()).searchParams.get('bbox') ?? '');
    if (!parsed.ok) throw new Error(parsed.message);
    const inside = catalogue.filter((listing) => inBbox(listing, parsed.value));
    await expect.poll(() => listedTotal(page)).toBe(inside.length);
    await expect(searchArea).toHaveCount(0);
  });

  test('a shared address opens the same search, and Back restores the filters before', async ({
    page,
    context,
  }) => {
    const catalogue = pinned(await wholeCatalogue(page.request));
    const area = busiestArea(catalogue);
    const mid = { lng: (area.west + area.east) / 2, lat: (area.south + area.north) / 2 };
    // Written as the map writes degrees: a sum of floats may carry more digits than an address.
    const corner = (lng: number, lat: number) => `${lng.toFixed(6)},${lat.toFixed(6)}`;
    const outline = [
      corner(area.west, area.south),
      corner(area.east, area.south),
      corner(area.east, area.north),
      corner(mid.lng, mid.lat),
      corner(area.west, area.north),
    ].join(';');

    await page.goto(`/all-properties?bbox=${bboxParam(area)}&polygon=${outline}`);
    const filters = page.getByRole('button', { name: /^Filters/ });

    // The panel offers the types the search holds homes of: the buyer picks two of them.
    let first = '';
    let second = '';
    const typesParam = () => new RegExp(`[?&]types=${first}%2C${second}`);
    await test.step('the buyer narrows the search in the filters', async () => {
      await filters.click();
      const panel = page.getByRole('form', { name: 'Filters' });
      const types = panel.getByRole('group', { name: 'Home types' }).getByRole('checkbox');
      await expect(types.first()).toHaveAccessibleName(/\(\d+\)$/);
      const offered = await types.evaluateAll((boxes) =>
        boxes.map((box) => (box as HTMLInputElement).value.replace('type:', '')),
      );
      expect(offered.length, 'the area holds homes of two types or more').toBeGreaterThan(1);
      [first, second] = offered as [string, string];
      await panel.getByLabel(choice(first)).check();
      await panel.getByLabel(choice(second)).check();
      await panel.getByRole('button', { name: 'Show results' }).click();
      await expect(page).toHaveURL(typesParam());

      await panel.getByLabel('Max price ($)').fill('1000');
      await panel.getByLabel('Min price ($)').fill('5000');
      await panel.getByRole('button', { name: 'Show results' }).click();
      await expect(panel.getByText('Max price must be ≥ min price')).toBeVisible();
      await expect(page).not.toHaveURL(/[?&]maxPrice=/);

      await panel.getByLabel('Min price ($)').fill('');
      await panel.getByLabel('Max price ($)').fill('');
      await panel.getByLabel('Bedrooms').selectOption('2');
      await panel.getByRole('button', { name: 'Show results' }).click();
      await expect(page).toHaveURL(/[?&]minBeds=2/);
      await expect(page).toHaveURL(typesParam());
    });

    const shared = page.url();
    const total = await listedTotal(page);
    const ids = await listedIds(page);
    const expected = pinned(
      await wholeCatalogue(page.request, `&minBeds=2&types=${first},${second}`),
    ).filter((listing) => inBbox(listing, area) && isInPolygon(listing, polygonOf(page)));
    expect(total).toBe(expected.length);

    await test.step('the same address in another tab shows the same list and filters', async () => {
      const other = await waitingForHydration(await context.newPage());
      await other.goto(shared);
      expect(await listedTotal(other)).toBe(total);
      expect(await listedIds(other)).toEqual(ids);
      await other.getByRole('button', { name: /^Filters/ }).click();
      const panel = other.getByRole('form', { name: 'Filters' });
      await expect(panel.getByLabel('Bedrooms')).toHaveValue('2');
      const types = panel.getByRole('group', { name: 'Home types' }).getByRole('checkbox');
      await expect(types.first()).toHaveAccessibleName(/\(\d+\)$/);
      const checked = await types.evaluateAll((boxes) =>
        boxes
          .filter((box) => (box as HTMLInputElement).checked)
          .map((box) => (box as HTMLInputElement).value.replace('type:', '')),
      );
      expect(checked).toEqual([first, second]);
      await expect(
        other.getByRole('search', { name: 'Property search' }).getByLabel('Property type'),
      ).toHaveValue(`${first},${second}`);
      await other.close();
    });

    await test.step('Back restores the filters before the last change', async () => {
      await page.goBack();
      await expect(page).not.toHaveURL(/[?&]minBeds=/);
      await expect(page).toHaveURL(typesParam());
      const panel = page.getByRole('form', { name: 'Filters' });
      await expect(panel.getByLabel('Bedrooms')).toHaveValue('');
      await expect(panel.getByLabel(choice(first))).toBeChecked();
      await page.goForward();
      await expect(panel.getByLabel('Bedrooms')).toHaveValue('2');
    });
  });

  test('the counts beside the filters reach every home: no empty type, and price bands that list what they count', async ({
    page,
  }) => {
    const every = (await wholeCatalogue(page.request)).map((listing) => listing._id);
    await page.goto('/all-properties');
    await page.getByRole('button', { name: /^Filters/ }).click();
    const panel = page.getByRole('form', { name: 'Filters' });
    const bands = panel.getByRole('list', { name: 'Homes by price' }).getByRole('button');
    await expect(bands.first()).toHaveText(/\(\d+\)$/);

    await test.step('every type offered holds homes', async () => {
      const types = await panel
        .getByRole('group', { name: 'Home types' })
        .getByRole('checkbox')
        .evaluateAll((boxes) =>
          boxes.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent),
        );
      expect(types.length).toBeGreaterThan(0);
      for (const type of types) expect(type).toMatch(/\([1-9][\d,]*\)$/);
    });

    const labels = await bands.allTextContents();
    expect(labels.map((label) => label.replace(/ \(.*$/, ''))).toEqual([
      'Under $100k',
      '$100k - $300k',
      '$300k - $600k',
      '$600k+',
    ]);
    await expect(
      panel.getByText('A home whose price range spans two bands is counted in both.'),
    ).toBeVisible();

    await test.step('the bands together hold every home, each listing as many as it counts', async () => {
      const reached = new Set<string>();
      for (const [index, id] of ['under-100k', '100k-300k', '300k-600k', '600k-plus'].entries()) {
        const inBand = await wholeCatalogue(page.request, `&priceBand=${id}`);
        for (const listing of inBand) reached.add(listing._id);
        expect(Number(/\((\d+)\)$/.exec(labels[index] ?? '')?.[1]), id).toBe(inBand.length);
      }
      expect([...reached].sort()).toEqual([...every].sort());
    });

    await test.step('choosing a band lists the homes it counts', async () => {
      const band = bands.nth(2);
      const count = Number(/\((\d+)\)$/.exec((await band.textContent()) ?? '')?.[1]);
      await band.click();
      await expect(page).toHaveURL(/[?&]priceBand=300k-600k/);
      await expect.poll(() => listedTotal(page)).toBe(count);
      await expect(bands.nth(2)).toHaveAttribute('aria-pressed', 'true');
    });
  });

  test('"Clear all" clears every filter, the area and the outline', async ({ page }) => {
    const area = busiestArea(pinned(await wholeCatalogue(page.request)));
    const outline = [
      `${area.west},${area.south}`,
      `${area.east},${area.south}`,
      `${area.east},${area.north}`,
    ].join(';');
    await page.goto(
      `/all-properties?location=a&types=House,Villa&features=Garden&minPrice=100000&maxPrice=900000&minBeds=1&minBaths=1&bbox=${bboxParam(area)}&polygon=${outline}&sort=price-asc`,
    );
    await page.getByRole('button', { name: 'Filters (6)' }).click();
    const panel = page.getByRole('form', { name: 'Filters' });
    await expect(panel.getByLabel('Min price ($)')).toHaveValue('100000');
    await panel.getByRole('button', { name: 'Clear all' }).click();

    await expect(page).toHaveURL(/\/all-properties\?sort=price-asc$/);
    await expect.poll(() => listedTotal(page)).toBe((await wholeCatalogue(page.request)).length);
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    for (const field of ['Min price ($)', 'Max price ($)', 'Bedrooms', 'Bathrooms']) {
      await expect(panel.getByLabel(field)).toHaveValue('');
    }
    await expect(panel.getByLabel(choice('House'))).not.toBeChecked();
    await expect(panel.getByLabel('Garden')).not.toBeChecked();
    await expect(
      page.getByRole('search', { name: 'Property search' }).getByLabel('Location'),
    ).toHaveValue('');
  });

  test.describe('on a 375 px phone', () => {
    test.use({ viewport: { width: 375, height: 800 } });

    test('List and Map switch, and the filters open in a panel', async ({ page }) => {
      const pinRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/all-properties/pins') {
          pinRequests.push(request.url());
        }
      });
      await page.goto('/all-properties');
      await expect(listingCards(page).first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Map of the listings' })).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      expect(pinRequests, 'the list alone asks for no pins').toEqual([]);

      await page.getByRole('button', { name: 'Map', exact: true }).click();
      await expect(page).toHaveURL(/[?&]view=map/);
      await readyMap(page);
      expect(pinRequests).toHaveLength(1);
      await expect(listingCards(page).first()).toBeHidden();

      await page.getByRole('button', { name: 'List', exact: true }).click();
      await expect(listingCards(page).first()).toBeVisible();
      await page.getByRole('button', { name: /^Filters/ }).click();
      await expect(page.getByRole('form', { name: 'Filters' })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'pixels of horizontal overflow').toBeLessThanOrEqual(0);
    });
  });
});
