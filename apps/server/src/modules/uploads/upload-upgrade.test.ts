import { PHOTO_FORMATS, PHOTO_WIDTHS, photoVariantUrl } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeImage } from '../../../test/fixtures/images.js';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { STORAGE_DRIVERS, uploadAs, useStorage } from '../../../test/helpers/uploads.js';
import { properties, uploads } from '../../db/schema.js';
import { forgetListings } from '../listing-search/index.js';
import { imagePipelineFor } from './image-pipeline.js';
import { upgradeOldUploads } from './upload-upgrade.js';

describe.each(STORAGE_DRIVERS)('old uploads, with %s storage', (driver) => {
  const storage = useStorage(driver);
  // Listing pages are cached, as in production, so the test sees them emptied.
  const ctx = useTestApp(() => ({ SEARCH_CACHE_SECONDS: '60', ...storage.env() }));

  const keyOf = (url: string) => url.slice('/uploads/'.length, -'-1600.webp'.length);
  const oldFiles = (key: string) => [`${key}-1600.webp`, `${key}-480.webp`];

  /**
   * An upload as it was before galleries: its row in variant set 1 without a placeholder, and
   * two WebP files only.
   */
  async function oldUpload(agent: TestAccount) {
    const image = await makeImage('jpeg', { width: 1000, height: 700 });
    const upload = await uploadAs(ctx.app, agent, { image });
    const key = keyOf(upload.url);
    const { storage: store } = imagePipelineFor(ctx.app.config);
    for (const width of PHOTO_WIDTHS) {
      for (const format of PHOTO_FORMATS) {
        const file = `${key}-${width}.${format}`;
        if (!oldFiles(key).includes(file)) await store.remove(file);
      }
    }
    await ctx.app.db
      .update(uploads)
      .set({ variantSet: 1, placeholder: null })
      .where(eq(uploads.storageKey, key));
    return { url: upload.url, key };
  }

  const upgrade = () =>
    upgradeOldUploads({
      db: ctx.app.db,
      pipeline: imagePipelineFor(ctx.app.config),
      log: ctx.app.log,
      onListingsChanged: () => forgetListings(ctx.app.listingCache),
    });

  const shownPhotos = async (id: string, viewer: TestAccount) =>
    (
      await ctx.app.inject({ method: 'GET', url: `/api/properties/${id}`, headers: viewer.bearer })
    ).json().photos as {
      url: string;
      placeholder: string | null;
    }[];

  it('get every variant and a placeholder, copied into the listings that show them', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const old = await oldUpload(agent);
    const current = await uploadAs(ctx.app, agent);
    const listing = await createListing(ctx.app, agent, {
      image: old.url,
      photos: [
        { url: old.url, alt: 'The front of the house' },
        { url: current.url, alt: 'The kitchen' },
      ],
    });
    expect(await storage.files(ctx.app)).toEqual(expect.arrayContaining(oldFiles(old.key)));
    // Buyers see the old photo without a placeholder (and the page is now cached).
    expect((await shownPhotos(listing, buyer)).map((photo) => photo.placeholder)).toEqual([
      null,
      current.placeholder,
    ]);

    expect(await upgrade()).toBe(1);

    const [row] = await ctx.app.db.select().from(uploads).where(eq(uploads.storageKey, old.key));
    expect(row).toMatchObject({ variantSet: 2, placeholder: expect.any(String) });
    const placeholder = row?.placeholder as string;
    for (const width of PHOTO_WIDTHS) {
      for (const format of PHOTO_FORMATS) {
        const served = await ctx.app.inject({
          method: 'GET',
          url: photoVariantUrl(old.url, width, format),
        });
        expect(served.statusCode, `${width}.${format}`).toBe(200);
        expect(served.headers['content-type']).toBe(`image/${format}`);
        const metadata = await sharp(served.rawPayload).metadata();
        expect(metadata.width, `${width}.${format}`).toBe(Math.min(width, 1000));
      }
    }
    // The listing and what buyers see carry the placeholder; the other photo is untouched.
    const [stored] = await ctx.app.db.select().from(properties).where(eq(properties.id, listing));
    const placeholders = [placeholder, current.placeholder];
    expect(stored?.photos.map((photo) => photo.placeholder)).toEqual(placeholders);
    expect(stored?.published?.photos.map((photo) => photo.placeholder)).toEqual(placeholders);
    expect(stored?.photos.map((photo) => photo.alt)).toEqual([
      'The front of the house',
      'The kitchen',
    ]);
    expect((await shownPhotos(listing, buyer)).map((photo) => photo.placeholder)).toEqual(
      placeholders,
    );

    // Nothing is left to do.
    expect(await upgrade()).toBe(0);
  });

  it('are redone once when two instances upgrade at the same time', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const olds = [await oldUpload(agent), await oldUpload(agent)];
    const counts = await Promise.all([upgrade(), upgrade()]);
    expect(counts[0] + counts[1]).toBe(2);
    const rows = await ctx.app.db.select().from(uploads);
    expect(rows.map((row) => row.variantSet)).toEqual([2, 2]);
    const files = await storage.files(ctx.app);
    for (const { key } of olds) {
      // Three widths in two formats, and the JPEG mails show.
      expect(files.filter((file) => file.startsWith(key))).toHaveLength(7);
    }
  });

  it('pass over one whose file is gone and go on with the others', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const [lost, kept] = [await oldUpload(agent), await oldUpload(agent)];
    const { storage: store } = imagePipelineFor(ctx.app.config);
    for (const file of oldFiles(lost.key)) await store.remove(file);
    const warnings: unknown[] = [];
    const upgraded = await upgradeOldUploads({
      db: ctx.app.db,
      pipeline: imagePipelineFor(ctx.app.config),
      log: { info: () => {}, warn: (data) => warnings.push(data) },
      onListingsChanged: () => forgetListings(ctx.app.listingCache),
    });
    expect(upgraded).toBe(1);
    expect(warnings).toHaveLength(1);
    const rows = await ctx.app.db.select().from(uploads);
    const setOf = (key: string) => rows.find((row) => row.storageKey === key)?.variantSet;
    expect([setOf(lost.key), setOf(kept.key)]).toEqual([1, 2]);
  });
});
