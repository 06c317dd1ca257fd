import { randomBytes } from 'node:crypto';
import { IMAGE_MESSAGES, type ListingPhoto, PHOTO_MESSAGES } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { approveListing, listingBody } from '../../../test/helpers/listings.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { uploadAs } from '../../../test/helpers/uploads.js';
import { properties, uploads } from '../../db/schema.js';

const ctx = useTestApp();

const TITLE = 'Sunny family home';

/**
 * An upload stored as its row only, inserted directly: most tests need several, with a known
 * size and placeholder, and none reads their files. `POST /api/uploads` makes one in the test
 * that proves a real upload is accepted.
 */
async function storedUpload(
  owner: TestAccount | null,
  size: { width: number; height: number } = { width: 1600, height: 1200 },
) {
  const storageKey = randomBytes(16).toString('hex');
  const placeholder = randomBytes(24).toString('base64');
  await ctx.app.db.insert(uploads).values({
    storageKey,
    ownerId: owner?.id ?? null,
    sourceType: 'image/jpeg',
    ...size,
    bytes: 1000,
    placeholder,
  });
  return { url: `/uploads/${storageKey}-1600.webp`, ...size, placeholder };
}

const add = (agent: TestAccount, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/properties', headers: agent.bearer, payload });

const edit = (caller: TestAccount, id: string, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/properties/${id}`,
    headers: caller.bearer,
    payload,
  });

/** A listing body with these photos and no Image URL. */
const withPhotos = (photos: unknown[], overrides: Record<string, unknown> = {}) =>
  listingBody({ image: undefined, photos, ...overrides });

async function details(viewer: TestAccount, id: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/properties/${id}`,
    headers: viewer.bearer,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { image: string | null; photos: ListingPhoto[]; adminApproval: string };
}

async function wishlistOf(buyer: TestAccount) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/wishlist-properties/${buyer.id}`,
    headers: buyer.bearer,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as Array<{ _id: string; image: string | null; photos: ListingPhoto[] }>;
}

async function added(agent: TestAccount, payload: Record<string, unknown>) {
  const response = await add(agent, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().insertedId as string;
}

const urls = (photos: { url: string }[]) => photos.map((photo) => photo.url);

async function storedRow(id: string) {
  const [row] = await ctx.app.db.select().from(properties).where(eq(properties.id, id));
  if (!row) throw new Error(`no listing ${id}`);
  return row;
}

/** An agent's approved listing with three of their uploads as photos, the first described. */
async function approvedWithThreePhotos() {
  const agent = await createAccount(ctx.app, 'agent');
  const photos = [await storedUpload(agent), await storedUpload(agent), await storedUpload(agent)];
  const id = await added(
    agent,
    withPhotos([
      { url: photos[0]?.url, alt: 'The front garden' },
      { url: photos[1]?.url },
      { url: photos[2]?.url },
    ]),
  );
  await approveListing(ctx.app, id);
  return { agent, id, photos };
}

describe('adding a listing with photos', () => {
  it('keeps their order, makes the first the cover, and copies size and placeholder from the uploads', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const front = await storedUpload(agent, { width: 1600, height: 1067 });
    const kitchen = await storedUpload(agent, { width: 1200, height: 1600 });
    const garden = await storedUpload(agent, { width: 900, height: 600 });
    const id = await added(
      agent,
      withPhotos([
        { url: front.url, alt: 'The house from the street' },
        { url: kitchen.url, caption: 'Renovated in 2024' },
        { url: garden.url, alt: '  ', caption: '' },
      ]),
    );

    const listing = await details(agent, id);
    expect(listing.image).toBe(front.url);
    expect(listing.photos).toEqual([
      {
        url: front.url,
        alt: 'The house from the street',
        caption: null,
        width: 1600,
        height: 1067,
        placeholder: front.placeholder,
      },
      {
        url: kitchen.url,
        alt: PHOTO_MESSAGES.defaultAlt(TITLE, 2, 3),
        caption: 'Renovated in 2024',
        width: 1200,
        height: 1600,
        placeholder: kitchen.placeholder,
      },
      {
        url: garden.url,
        alt: PHOTO_MESSAGES.defaultAlt(TITLE, 3, 3),
        caption: null,
        width: 900,
        height: 600,
        placeholder: garden.placeholder,
      },
    ]);
    // The description of an undescribed photo is written when shown: a new title renames it.
    const renamed = await edit(
      agent,
      id,
      listingBody({ image: undefined, title: 'Bright corner house' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await details(agent, id)).photos[1]?.alt).toBe(
      PHOTO_MESSAGES.defaultAlt('Bright corner house', 2, 3),
    );
  });

  it('takes an Image URL alone as the only photo, with the size of a real upload', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const upload = await uploadAs(ctx.app, agent);
    const id = await added(agent, listingBody({ image: upload.url }));
    const listing = await details(agent, id);
    expect(listing.image).toBe(upload.url);
    expect(listing.photos).toEqual([
      expect.objectContaining({
        url: upload.url,
        alt: PHOTO_MESSAGES.defaultAlt(TITLE, 1, 1),
        caption: null,
        width: 120,
        height: 80,
      }),
    ]);
    expect((await storedRow(id)).image).toBe(upload.url);
  });

  it('refuses more than 30 photos', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const photos = [];
    for (let index = 0; index < 31; index += 1) {
      photos.push({ url: (await storedUpload(agent)).url, alt: `Room ${index + 1}` });
    }
    const response = await add(agent, withPhotos(photos));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ photos: PHOTO_MESSAGES.tooMany });
    // Thirty fit.
    expect((await add(agent, withPhotos(photos.slice(0, 30)))).statusCode).toBe(200);
  });

  it('refuses the same upload twice', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const photo = await storedUpload(agent);
    const response = await add(
      agent,
      withPhotos([{ url: photo.url, alt: 'The hall' }, { url: photo.url }]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ 'photos.1.url': PHOTO_MESSAGES.duplicate });
  });

  it('refuses an address that is not one of our uploads, naming each photo', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const own = await storedUpload(agent);
    const unknown = `/uploads/${randomBytes(16).toString('hex')}-1600.webp`;
    const response = await add(
      agent,
      withPhotos([
        { url: own.url, alt: 'The hall' },
        { url: unknown },
        { url: own.url.replace('1600', '480') },
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: PHOTO_MESSAGES.notOurs,
      fields: { 'photos.1.url': PHOTO_MESSAGES.notOurs, 'photos.2.url': PHOTO_MESSAGES.duplicate },
    });

    const foreign = await add(
      agent,
      withPhotos([{ url: 'https://images.example.test/house.jpg', alt: 'The hall' }]),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ 'photos.0.url': PHOTO_MESSAGES.notOurs });
    expect(await ctx.app.db.select().from(properties)).toEqual([]);
  });

  it("refuses another agent's upload, and takes an unowned one", async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const rival = await createAccount(ctx.app, 'agent');
    const own = await storedUpload(agent);
    const theirs = await storedUpload(rival);
    const unowned = await storedUpload(null);
    const response = await add(
      agent,
      withPhotos([{ url: own.url, alt: 'The hall' }, { url: theirs.url }, { url: unowned.url }]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: PHOTO_MESSAGES.notOurs,
      fields: { 'photos.1.url': PHOTO_MESSAGES.notOurs },
    });
    expect(Object.keys(response.json().fields)).toEqual(['photos.1.url']);
    const theirsAsImage = await add(agent, listingBody({ image: theirs.url }));
    expect(theirsAsImage.json().fields).toEqual({ image: IMAGE_MESSAGES.imageUrlNotOurs });

    expect(
      (await add(agent, withPhotos([{ url: own.url, alt: 'The hall' }, { url: unowned.url }])))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a cover without a description', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const photo = await storedUpload(agent);
    const response = await add(agent, withPhotos([{ url: photo.url, caption: 'The hall' }]));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ 'photos.0.alt': PHOTO_MESSAGES.coverAltRequired });
  });

  it('refuses a listing without photos', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    for (const body of [
      listingBody({ image: undefined }),
      withPhotos([]),
      listingBody({ image: '' }),
    ]) {
      const response = await add(agent, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ photos: PHOTO_MESSAGES.required });
    }
  });

  it('refuses an Image URL that is not the cover', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const cover = await storedUpload(agent);
    const other = await storedUpload(agent);
    const response = await add(
      agent,
      withPhotos([{ url: cover.url, alt: 'The hall' }, { url: other.url }], { image: other.url }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ image: PHOTO_MESSAGES.imageNotCover });
    const matching = await add(
      agent,
      withPhotos([{ url: cover.url, alt: 'The hall' }, { url: other.url }], { image: cover.url }),
    );
    expect(matching.statusCode).toBe(200);
  });
});

describe('editing a listing’s photos', () => {
  it('sends a reordered approved listing back to review while buyers keep the approved order', async () => {
    const { agent, id, photos } = await approvedWithThreePhotos();
    const buyer = await createAccount(ctx.app, 'user');
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: `/properties/${id}/wishlist`,
      headers: buyer.bearer,
      payload: {},
    });
    expect(saved.statusCode).toBe(200);
    const [first, second, third] = photos.map((photo) => photo.url) as [string, string, string];

    const reordered = await edit(
      agent,
      id,
      withPhotos([{ url: third, alt: 'The back garden' }, { url: first }, { url: second }]),
    );
    expect(reordered.statusCode, reordered.body).toBe(200);

    const managed = await details(agent, id);
    expect(managed.adminApproval).toBe('pending');
    expect(urls(managed.photos)).toEqual([third, first, second]);
    expect(managed.image).toBe(third);

    const [seen] = await wishlistOf(buyer);
    expect(urls(seen?.photos ?? [])).toEqual([first, second, third]);
    expect(seen?.image).toBe(first);
    expect(seen?.photos[0]?.alt).toBe('The front garden');
    // Pending, the listing is not in the catalogue: its details are for its agent and admins.
    const hidden = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/${id}`,
      headers: buyer.bearer,
    });
    expect(hidden.statusCode).toBe(404);

    // A caption alone is a change of content too.
    await approveListing(ctx.app, id);
    expect(urls((await details(buyer, id)).photos)).toEqual([third, first, second]);
    const captioned = await edit(
      agent,
      id,
      withPhotos([
        { url: third, alt: 'The back garden' },
        { url: first, caption: 'Morning sun' },
        { url: second },
      ]),
    );
    expect(captioned.statusCode).toBe(200);
    expect((await storedRow(id)).approval).toBe('pending');
    const [stillSeen] = await wishlistOf(buyer);
    expect(stillSeen?.photos[1]?.caption).toBeNull();
  });

  it('keeps the photos when an edit sends none, and an unchanged listing stays approved', async () => {
    const { agent, id, photos } = await approvedWithThreePhotos();
    const response = await edit(agent, id, listingBody({ image: undefined }));
    expect(response.statusCode, response.body).toBe(200);
    const row = await storedRow(id);
    expect(row.approval).toBe('approved');
    expect(urls(row.photos)).toEqual(urls(photos));
    expect(row.image).toBe(photos[0]?.url);

    // The same photos sent again are no change either.
    const same = await edit(
      agent,
      id,
      withPhotos(
        photos.map((photo, index) => ({
          url: photo.url,
          alt: index === 0 ? 'The front garden' : null,
        })),
      ),
    );
    expect(same.statusCode, same.body).toBe(200);
    expect((await storedRow(id)).approval).toBe('approved');
  });

  it('makes an Image URL sent alone the cover: moved first if shown, else in place of the cover', async () => {
    const { agent, id, photos } = await approvedWithThreePhotos();
    const [first, second, third] = photos.map((photo) => photo.url) as [string, string, string];

    const moved = await edit(agent, id, listingBody({ image: third }));
    expect(moved.statusCode, moved.body).toBe(200);
    let row = await storedRow(id);
    expect(urls(row.photos)).toEqual([third, first, second]);
    expect(row.image).toBe(third);
    expect(row.approval).toBe('pending');

    const fresh = await storedUpload(agent, { width: 800, height: 600 });
    const replaced = await edit(agent, id, listingBody({ image: fresh.url }));
    expect(replaced.statusCode, replaced.body).toBe(200);
    row = await storedRow(id);
    expect(urls(row.photos)).toEqual([fresh.url, first, second]);
    expect(row.photos[0]).toEqual({
      url: fresh.url,
      alt: null,
      caption: null,
      width: 800,
      height: 600,
      placeholder: fresh.placeholder,
    });
    expect(row.image).toBe(fresh.url);
  });

  it('refuses to remove the last photo, and lets a listing from before photos be edited without one', async () => {
    const { agent, id } = await approvedWithThreePhotos();
    for (const image of [null, '']) {
      const response = await edit(agent, id, listingBody({ image }));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ image: PHOTO_MESSAGES.lastPhoto });
    }
    expect(urls((await storedRow(id)).photos)).toHaveLength(3);

    await ctx.app.db
      .update(properties)
      .set({ photos: [], image: null })
      .where(eq(properties.id, id));
    const older = await edit(agent, id, listingBody({ image: undefined, title: 'Older home' }));
    expect(older.statusCode, older.body).toBe(200);
    const listing = await details(agent, id);
    expect(listing).toMatchObject({ image: null, photos: [] });
    expect((await edit(agent, id, listingBody({ image: null }))).statusCode).toBe(200);
  });

  it("lets an admin edit an agent's listing keeping the agent's photos, but not add another agent's", async () => {
    const { agent, id, photos } = await approvedWithThreePhotos();
    const admin = await createAccount(ctx.app, 'admin');
    const [first, second, third] = photos.map((photo) => photo.url) as [string, string, string];
    const response = await edit(
      admin,
      id,
      withPhotos([{ url: second, alt: 'The living room' }, { url: first }, { url: third }]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const row = await storedRow(id);
    expect(urls(row.photos)).toEqual([second, first, third]);
    // An admin's edit stands as reviewed: buyers see it at once.
    expect(row.approval).toBe('approved');
    expect(urls(row.published?.photos ?? [])).toEqual([second, first, third]);

    const rival = await createAccount(ctx.app, 'agent');
    const theirs = await storedUpload(rival);
    const refused = await edit(
      admin,
      id,
      withPhotos([{ url: second, alt: 'The living room' }, { url: theirs.url }]),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ 'photos.1.url': PHOTO_MESSAGES.notOurs });
    expect(agent.id).toBe(row.agentId);
  });

  it('lets an admin bring back a photo that buyers still see and its agent removed', async () => {
    const { agent, id, photos } = await approvedWithThreePhotos();
    const admin = await createAccount(ctx.app, 'admin');
    const [first, second] = photos.map((photo) => photo.url) as [string, string];
    const removed = await edit(agent, id, withPhotos([{ url: first, alt: 'The front garden' }]));
    expect(removed.statusCode).toBe(200);
    const back = await edit(
      admin,
      id,
      withPhotos([{ url: first, alt: 'The front garden' }, { url: second }]),
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(urls((await storedRow(id)).photos)).toEqual([first, second]);
  });
});
