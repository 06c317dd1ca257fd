import { randomBytes } from 'node:crypto';
import { MESSAGES, PAGE_FORMS, PHOTO_MESSAGES, PROPERTY_MESSAGES } from '@keyhaven/shared';
import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties, uploads } from '../../src/db/schema.js';
import { PHOTOS_TOO_LARGE_TOGETHER } from '../../src/plugins/external/page-forms.js';
import { makeImage } from '../fixtures/images.js';
import { createAccount, nextAddress, type TestAccount } from '../helpers/accounts.js';
import { inPage, requireBuiltWebApp } from '../helpers/built-web-app.js';
import { useTestApp } from '../helpers/test-app.js';
import { multipartBody, type Part } from '../helpers/uploads.js';

/*
 * The Add Property form posted as plain HTML (before the app has started, or without
 * JavaScript): multipart to its own page, its photos as files in the order chosen. The server
 * uploads them as the agent and adds the listing through the same API routes the app calls, so
 * the API's access rules and messages decide.
 */

requireBuiltWebApp();

const ctx = useTestApp();

const PAGE = '/dashboard/add-property';

/** The form's fields as the page sends them, each ticked feature once. */
function listingFields(overrides: Record<string, string> = {}): Part[] {
  const fields: Record<string, string> = {
    _form: PAGE_FORMS.addProperty,
    title: 'Lakeside cottage',
    location: 'Austin, Texas',
    propertyType: 'House',
    description: 'Three bedrooms and a garden.\r\nA quiet street close to the park.',
    minPrice: '250000',
    maxPrice: '280000',
    bedrooms: '3',
    bathrooms: '2.5',
    areaSize: '1800',
    ...overrides,
  };
  return [
    ...Object.entries(fields).map(([name, data]) => ({ name, data })),
    { name: 'features', data: 'Garden' },
    { name: 'features', data: 'Garage' },
  ];
}

const photoPart = (filename: string, data: Buffer, contentType = 'image/png'): Part => ({
  name: 'photos',
  data,
  filename,
  contentType,
});

/** The form posted from the page by `account`'s browser (nobody's when left out). */
function post(parts: Part[], account?: TestAccount) {
  const { payload, headers } = multipartBody(parts);
  return ctx.app.inject({
    method: 'POST',
    url: PAGE,
    remoteAddress: nextAddress(),
    headers: {
      ...headers,
      origin: new URL(ctx.app.config.publicUrl).origin,
      ...(account ? { cookie: account.cookie } : {}),
    },
    payload,
  });
}

const listingsInStore = () => ctx.app.db.select().from(properties);

const uploadsOf = (account: TestAccount) =>
  ctx.app.db.select().from(uploads).where(eq(uploads.ownerId, account.id));

describe('Add Property posted to its page', () => {
  it('uploads the photos as the agent, adds the listing with them in the order chosen, and goes to My Properties', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const wide = await makeImage('png', { width: 160, height: 100 });
    const tall = await makeImage('png', { width: 100, height: 160 });

    const response = await post(
      [...listingFields(), photoPart('wide.png', wide), photoPart('tall.png', tall)],
      agent,
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/dashboard/my-properties');
    expect(response.headers['cache-control']).toBe('private, no-store');

    const [stored] = await listingsInStore();
    const shown = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/${stored?.id}`,
      headers: agent.bearer,
    });
    expect(shown.statusCode).toBe(200);
    const listing = shown.json();
    expect(listing).toMatchObject({
      title: 'Lakeside cottage',
      location: 'Austin, Texas',
      propertyType: 'House',
      description: 'Three bedrooms and a garden.\nA quiet street close to the park.',
      minPrice: 250_000,
      maxPrice: 280_000,
      bedrooms: 3,
      bathrooms: 2.5,
      areaSize: 1800,
      availability: 'Available',
      adminApproval: 'pending',
      lat: null,
      lng: null,
      agentEmail: agent.email,
    });
    expect([...listing.features].sort()).toEqual(['Garage', 'Garden']);
    // The cover first, as chosen; each described as the API describes a photo nobody described.
    expect(
      listing.photos.map((photo: { width: number; height: number; alt: string }) => ({
        width: photo.width,
        height: photo.height,
        alt: photo.alt,
      })),
    ).toEqual([
      { width: 160, height: 100, alt: PHOTO_MESSAGES.defaultAlt('Lakeside cottage', 1, 2) },
      { width: 100, height: 160, alt: PHOTO_MESSAGES.defaultAlt('Lakeside cottage', 2, 2) },
    ]);
    expect(await uploadsOf(agent)).toHaveLength(2);
  });

  it('answers the page again with each message and what was typed, uploading nothing', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const photo = await makeImage('png', { width: 120, height: 80 });

    const response = await post(
      [...listingFields({ title: '', bedrooms: '' }), photoPart('home.png', photo)],
      agent,
    );
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toContain(inPage(PROPERTY_MESSAGES.titleRequired));
    expect(response.body).toContain(inPage(PROPERTY_MESSAGES.bedroomsRequired));
    // The photo was chosen: the API, asked without it, is not taken to say it is missing.
    expect(response.body).not.toContain(inPage(PHOTO_MESSAGES.required));
    expect(response.body).toContain('value="Austin, Texas"');
    expect(response.body).toContain('value="250000"');
    expect(response.body).toContain(
      'Three bedrooms and a garden.\nA quiet street close to the park.',
    );
    expect(response.body).toMatch(/<input[^>]*checked=""[^>]*value="Garden"/);
    expect(response.body).not.toMatch(/<input[^>]*checked=""[^>]*value="Parking"/);
    expect(await listingsInStore()).toEqual([]);
    expect(await uploadsOf(agent)).toEqual([]);
  });

  it('says a listing needs a photo when none was chosen, as the API says it', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const response = await post(listingFields(), agent);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(inPage(PHOTO_MESSAGES.required));
    expect(response.body).toContain('value="Lakeside cottage"');
    expect(await listingsInStore()).toEqual([]);
  });

  it('names a chosen file the upload refuses, keeping what was typed and adding nothing', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const notes = photoPart('notes.txt', Buffer.from('not a picture'), 'text/plain');
    const upload = multipartBody([{ ...notes, name: 'image' }]);
    const direct = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads?purpose=listing',
      headers: { ...agent.bearer, ...upload.headers },
      payload: upload.payload,
    });
    expect(direct.statusCode).toBeGreaterThanOrEqual(400);

    const response = await post([...listingFields(), notes], agent);
    expect(response.statusCode).toBe(direct.statusCode);
    expect(response.body).toContain(inPage(`notes.txt: ${direct.json().error}`));
    expect(response.body).toContain('value="Lakeside cottage"');
    expect(await listingsInStore()).toEqual([]);
  });

  it('answers photos heavier together than a post may carry with the page saying so', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    // Each under a photo's 5 MB, nine of them over what a post may carry.
    const heavy = Array.from({ length: 9 }, (_, index) =>
      photoPart(`heavy-${index}.png`, randomBytes(4.9 * 1024 * 1024)),
    );

    const response = await post([...listingFields(), ...heavy], agent);
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(inPage(PHOTOS_TOO_LARGE_TOGETHER));
    expect(response.body).toContain('value="Lakeside cottage"');
    expect(await listingsInStore()).toEqual([]);
    expect(await uploadsOf(agent)).toEqual([]);
  });

  it('answers a photo over 5 MB with the page saying so', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const response = await post(
      [...listingFields(), photoPart('huge.png', randomBytes(5 * 1024 * 1024 + 1))],
      agent,
    );
    expect(response.statusCode).toBe(413);
    expect(response.body).toContain(inPage(MESSAGES.upload.tooLarge));
    expect(response.body).toContain('value="Lakeside cottage"');
    expect(await listingsInStore()).toEqual([]);
  });

  it("holds every other form to one file, so nobody else makes the server read a listing's photos", async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const photo = await makeImage('png', { width: 120, height: 80 });
    const twoPhotos = [photoPart('front.png', photo), photoPart('garden.png', photo)];

    const { payload, headers } = multipartBody([
      { name: '_form', data: PAGE_FORMS.register },
      { name: 'name', data: 'Two Photos' },
      ...twoPhotos.map((part) => ({ ...part, name: 'photo' })),
    ]);
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/register',
      remoteAddress: nextAddress(),
      headers: { ...headers, origin: new URL(ctx.app.config.publicUrl).origin },
      payload,
    });
    expect(register.statusCode).toBe(413);
    expect(register.body).toContain(inPage(PHOTO_MESSAGES.tooMany));

    const added = await post([...listingFields(), ...twoPhotos], agent);
    expect(added.statusCode).toBe(303);
    expect(await uploadsOf(agent)).toHaveLength(2);
  });

  it('is refused to a buyer, a fraud-marked agent and a signed-out visitor as the API refuses them, storing nothing', async () => {
    const buyer = await createAccount(ctx.app);
    const fraud = await createAccount(ctx.app, 'fraud');
    const photo = await makeImage('png', { width: 120, height: 80 });
    const sent = [...listingFields(), photoPart('home.png', photo)];

    for (const [account, api, page] of [
      [buyer, 403, '/forbidden-page'],
      [fraud, 403, '/forbidden-page'],
      [undefined, 401, `/login?returnTo=${encodeURIComponent(PAGE)}`],
    ] as const) {
      const direct = await ctx.app.inject({
        method: 'POST',
        url: '/api/properties',
        headers: account?.bearer ?? {},
        payload: { title: 'Lakeside cottage' },
      });
      expect(direct.statusCode).toBe(api);
      // The API refuses; the page, not theirs, sends them where it sends them.
      const response = await post(sent, account);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(page);
    }
    expect(await listingsInStore()).toEqual([]);
    expect(await ctx.app.db.select().from(uploads).where(isNotNull(uploads.ownerId))).toEqual([]);
  });
});
