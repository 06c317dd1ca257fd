import type { APIRequestContext, Page } from '@playwright/test';
import { brandOf, expect, signIn, test } from './fixtures';

const PUBLIC_PAGES = ['/', '/about', '/login', '/register'];

/** The one value of a tag in the page's head, failing when there are none or several. */
async function headValue(page: Page, selector: string, attribute = 'content') {
  const tag = page.locator(`head ${selector}`);
  await expect(tag).toHaveCount(1);
  return (await tag.getAttribute(attribute)) ?? '';
}

/** Every schema.org item the page describes itself with. */
async function structuredData(page: Page): Promise<Array<Record<string, unknown>>> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.flatMap((text) => {
    const data = JSON.parse(text) as Record<string, unknown>;
    return (data['@graph'] as Array<Record<string, unknown>> | undefined) ?? [data];
  });
}

const originOf = (baseURL: string | undefined) => new URL(baseURL ?? '').origin;

/** A city some listing anyone can find is in (`Portland` of `Portland, Oregon`). */
async function searchableCity(request: APIRequestContext) {
  const [listing] = (await (await request.get('/properties/search?limit=1')).json()) as Array<{
    location: string;
  }>;
  const city = listing?.location.split(',')[0]?.trim() ?? '';
  expect(city, 'the demo data has a listing anyone can find').not.toBe('');
  return city;
}

test('the sitemap is XML listing the public pages at absolute addresses, each of which opens', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = originOf(baseURL);
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/xml/);
  const xml = await response.text();

  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: doc.documentElement.localName,
      locs: Array.from(doc.getElementsByTagName('loc'), (loc) => loc.textContent ?? ''),
    };
  }, xml);
  expect(parsed.error).toBeNull();
  expect(parsed.root).toBe('urlset');
  expect(parsed.locs).toEqual(PUBLIC_PAGES.map((path) => `${origin}${path}`));

  for (const loc of parsed.locs) {
    expect((await request.get(loc)).status(), loc).toBe(200);
  }
});

test('robots.txt keeps crawlers out of the API and the dashboard and points at the sitemap', async ({
  request,
  baseURL,
}) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const lines = (await response.text()).split('\n');
  expect(lines).toContain('Disallow: /dashboard');
  expect(lines).toContain('Disallow: /api/');
  expect(lines).toContain(`Sitemap: ${originOf(baseURL)}/sitemap.xml`);
});

test('Home describes itself: description, canonical address, link preview and schema.org data', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = originOf(baseURL);
  await page.goto('/');
  const brand = await brandOf(page);

  expect(await headValue(page, 'meta[name="description"]')).toContain(brand);
  expect(await headValue(page, 'link[rel="canonical"]', 'href')).toBe(`${origin}/`);
  expect(await headValue(page, 'meta[property="og:title"]')).toBe(`${brand} | Home`);
  expect(await headValue(page, 'meta[property="og:url"]')).toBe(`${origin}/`);
  expect(await headValue(page, 'meta[property="og:site_name"]')).toBe(brand);

  const items = await structuredData(page);
  const organization = items.find((item) => item['@type'] === 'Organization');
  expect(organization).toMatchObject({ name: brand, url: `${origin}/` });
  const website = items.find((item) => item['@type'] === 'WebSite');
  const search = website?.potentialAction as
    | { '@type': string; target: { urlTemplate: string }; 'query-input': string }
    | undefined;
  expect(search?.['@type']).toBe('SearchAction');
  expect(search?.['query-input']).toBe('required name=search_term_string');
  const template = search?.target.urlTemplate ?? '';
  expect(template).toBe(`${origin}/?location={search_term_string}`);

  // The search engines' search box opens Home's results for the location typed into it.
  const city = await searchableCity(request);
  await page.goto(template.replace('{search_term_string}', encodeURIComponent(city)));
  const results = page.getByRole('region', { name: 'Search Results' });
  await expect(results.getByRole('article').first()).toBeVisible();
  for (const card of await results.getByRole('article').all()) {
    await expect(card).toContainText(city);
  }
});

test("a listing's page describes the listing for link previews", async ({ page, request }) => {
  // Other specs list homes without a picture; a link preview's picture needs one that has it.
  const found = await request.get('/properties/search?limit=100');
  const listings = (await found.json()) as Array<{ _id: string; title: string; image?: string }>;
  const listing = listings.find((candidate) => candidate.image);
  expect(listing, 'the demo data has an approved listing with a picture').toBeDefined();
  if (!listing) return;

  await signIn(page, 'buyer');
  await page.goto(`/propertyDetails/${listing._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing.title);
  const brand = await brandOf(page);
  expect(await headValue(page, 'meta[property="og:title"]')).toBe(`${brand} | Property Details`);
  expect(await headValue(page, 'meta[name="description"]')).toContain(listing.title);
  expect(await headValue(page, 'meta[property="og:type"]')).toBe('article');
  expect(await headValue(page, 'meta[property="og:image"]')).toMatch(/^https?:\/\//);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Home arrives describing itself, before any script runs', async ({ page, baseURL }) => {
    const origin = originOf(baseURL);
    await page.goto('/');
    expect(await headValue(page, 'meta[name="description"]')).not.toBe('');
    expect(await headValue(page, 'link[rel="canonical"]', 'href')).toBe(`${origin}/`);
    expect(await headValue(page, 'meta[property="og:title"]')).toMatch(/ \| Home$/);
    const types = (await structuredData(page)).map((item) => item['@type']);
    expect(types).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
  });

  test("Home's search form shows the homes in the location searched for", async ({
    page,
    request,
  }) => {
    const city = await searchableCity(request);
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Location' }).fill(city);
    await page.getByRole('button', { name: 'Search' }).click();

    await expect(page).toHaveURL((url) => url.searchParams.get('location') === city);
    const results = page.getByRole('region', { name: 'Search Results' });
    await expect(results.getByRole('article').first()).toBeVisible();
    for (const card of await results.getByRole('article').all()) {
      await expect(card).toContainText(city);
    }
  });
});
