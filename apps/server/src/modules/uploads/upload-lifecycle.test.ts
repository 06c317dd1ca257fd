import { Readable } from 'node:stream';
import { IMAGE_MESSAGES } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeImage, makeManyScanJpeg } from '../../../test/fixtures/images.js';
import { createAccount, nextAddress, type TestAccount } from '../../../test/helpers/accounts.js';
import { approveListing, createListing, listingBody } from '../../../test/helpers/listings.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import {
  multipartBody,
  STORAGE_DRIVERS,
  uploadAs,
  useStorage,
} from '../../../test/helpers/uploads.js';
import { properties, uploads } from '../../db/schema.js';
import { imagePipelineFor } from './image-pipeline.js';
import { sweepUnreferencedUploads, UNREFERENCED_UPLOAD_TTL_MS } from './upload-references.js';
import { BUSY_RETRY_AFTER_SECONDS, UploadsInProgressError } from './work-queue.js';

describe.each(STORAGE_DRIVERS)('with %s storage', (driver) => {
  const storage = useStorage(driver);
  // One image decoded at a time and one waiting: a queue the tests can fill by hand.
  const ctx = useTestApp(() => ({ IMAGE_WORKERS: '1', IMAGE_QUEUE_LENGTH: '1', ...storage.env() }));

  const HOUR = 60 * 60 * 1000;
  const keyOf = (url: string) => url.replace(/^\/uploads\//, '').replace(/-\d+\.webp$/, '');
  /** Every upload is stored at three widths in two formats, and as the JPEG mails show. */
  const VARIANTS = 7;
  const storedKeys = async () =>
    (await ctx.database.db.select({ key: uploads.storageKey }).from(uploads))
      .map((row) => row.key)
      .sort();
  const files = () => storage.files(ctx.app);
  const sweep = (now: Date) =>
    sweepUnreferencedUploads(ctx.app.db, imagePipelineFor(ctx.app.config).storage, { now });

  describe('abandoned uploads', () => {
    it('are kept while a backup holds the sweep off, which waits for a sweep under way', async () => {
      const buyer = await createAccount(ctx.app);
      const hold = ctx.app.uploadSweepHold;
      const sweepADayLater = () =>
        hold.sweep(async () => {
          await sweep(new Date(Date.now() + UNREFERENCED_UPLOAD_TTL_MS + HOUR));
        });

      const kept = keyOf((await uploadAs(ctx.app, buyer, { purpose: 'avatar' })).url);
      await hold.holdOff(async () => {
        await sweepADayLater();
        expect(await storedKeys()).toContain(kept);
      });
      await sweepADayLater();
      expect(await storedKeys()).not.toContain(kept);

      const swept = keyOf((await uploadAs(ctx.app, buyer, { purpose: 'avatar' })).url);
      const underWay = sweepADayLater();
      // The backup starts only once the sweep under way is done: what it dumps, it finds.
      await hold.holdOff(async () => {
        expect(await storedKeys()).not.toContain(swept);
      });
      await underWay;
    });

    it('are removed, files and rows, a day after upload when no listing or user refers to them', async () => {
      const agent = await createAccount(ctx.app, 'agent');
      const buyer = await createAccount(ctx.app);
      const abandoned = await uploadAs(ctx.app, buyer, { purpose: 'avatar' });
      const listingPhoto = await uploadAs(ctx.app, agent);
      const cardPhoto = await uploadAs(ctx.app, agent);
      const profilePhoto = await uploadAs(ctx.app, buyer, { purpose: 'avatar' });
      await createListing(ctx.app, agent, { image: listingPhoto.url });
      // A listing may also refer to an upload by its thumbnail.
      await createListing(ctx.app, agent, { image: cardPhoto.thumbnailUrl });
      const saved = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/profile/photo',
        headers: buyer.bearer,
        payload: { photo: profilePhoto.url },
      });
      expect(saved.statusCode).toBe(200);

      const everything = [abandoned, listingPhoto, cardPhoto, profilePhoto].map((u) =>
        keyOf(u.url),
      );
      const allFiles = await files();
      expect(allFiles).toHaveLength(4 * VARIANTS);

      // Within the day, nothing goes, referred to or not.
      const now = Date.now();
      expect(await sweep(new Date(now + UNREFERENCED_UPLOAD_TTL_MS - HOUR))).toBe(0);
      expect(await storedKeys()).toEqual([...everything].sort());

      expect(await sweep(new Date(now + UNREFERENCED_UPLOAD_TTL_MS + HOUR))).toBe(1);
      const gone = keyOf(abandoned.url);
      expect(await storedKeys()).toEqual(everything.filter((key) => key !== gone).sort());
      expect(await files()).toEqual(allFiles.filter((file) => !file.startsWith(gone)));

      // A replaced photo and a deleted listing's picture are abandoned in turn.
      await ctx.app.inject({
        method: 'PATCH',
        url: '/api/profile/photo',
        headers: buyer.bearer,
        payload: { photo: null },
      });
      await ctx.app.db.delete(properties).where(eq(properties.image, listingPhoto.url));
      expect(await sweep(new Date(now + UNREFERENCED_UPLOAD_TTL_MS + HOUR))).toBe(2);
      expect(await storedKeys()).toEqual([keyOf(cardPhoto.url)]);
      expect((await files()).every((file) => file.startsWith(keyOf(cardPhoto.url)))).toBe(true);
      // Nothing is left to do.
      expect(await sweep(new Date(now + 10 * UNREFERENCED_UPLOAD_TTL_MS))).toBe(0);
    });

    it('keep the picture buyers still see while a new one waits for review', async () => {
      const agent = await createAccount(ctx.app, 'agent');
      const approved = await uploadAs(ctx.app, agent);
      const replacement = await uploadAs(ctx.app, agent);
      const listing = await createListing(ctx.app, agent, { image: approved.url });
      // The agent's new picture sends the listing back to review; buyers keep seeing the old one.
      const edited = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/properties/${listing}`,
        headers: agent.bearer,
        payload: listingBody({ image: replacement.url, propertyType: 'Villa', features: [] }),
      });
      expect(edited.statusCode).toBe(200);
      const [row] = await ctx.app.db.select().from(properties).where(eq(properties.id, listing));
      expect(row).toMatchObject({ image: replacement.url, approval: 'pending' });
      expect(row?.published?.image).toBe(approved.url);

      const later = new Date(Date.now() + UNREFERENCED_UPLOAD_TTL_MS + HOUR);
      expect(await sweep(later)).toBe(0);
      expect(await storedKeys()).toEqual([keyOf(approved.url), keyOf(replacement.url)].sort());

      // Once the new picture is approved, the old one is no one's any more.
      await approveListing(ctx.app, listing);
      expect(await sweep(later)).toBe(1);
      expect(await storedKeys()).toEqual([keyOf(replacement.url)]);
    });

    it("go with a deleted listing's photos, a day later, and not while buyers still see them", async () => {
      const agent = await createAccount(ctx.app, 'agent');
      const cover = await uploadAs(ctx.app, agent);
      const second = await uploadAs(ctx.app, agent);
      const listing = await createListing(ctx.app, agent, {
        image: cover.url,
        photos: [
          { url: cover.url, alt: 'The front of the house' },
          { url: second.url, alt: 'The garden' },
        ],
      });
      const ours = [keyOf(cover.url), keyOf(second.url)];
      const later = new Date(Date.now() + UNREFERENCED_UPLOAD_TTL_MS + HOUR);
      // The garden is only among the photos, in the listing and in what buyers see.
      expect(await sweep(later)).toBe(0);

      // Taken out of the listing, it stays while buyers still see it, waiting for review.
      const edited = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/properties/${listing}`,
        headers: agent.bearer,
        payload: listingBody({
          image: cover.url,
          photos: [{ url: cover.url, alt: 'The front of the house' }],
          propertyType: 'Villa',
          features: [],
        }),
      });
      expect(edited.statusCode).toBe(200);
      expect(await sweep(later)).toBe(0);
      expect(await storedKeys()).toEqual(expect.arrayContaining(ours));

      const deleted = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/properties/${listing}`,
        headers: agent.bearer,
      });
      expect(deleted.statusCode).toBe(200);
      const filesBefore = await files();
      // Within the day nothing goes; then both photos go, every variant of each.
      expect(await sweep(new Date(Date.now() + UNREFERENCED_UPLOAD_TTL_MS - HOUR))).toBe(0);
      expect(await sweep(later)).toBe(2);
      expect(await storedKeys()).toEqual([]);
      const left = await files();
      for (const key of ours) {
        expect(filesBefore.filter((file) => file.startsWith(key))).toHaveLength(VARIANTS);
        expect(left.filter((file) => file.startsWith(key))).toEqual([]);
      }
    });

    it('are removed in batches until none is left', async () => {
      const buyer = await createAccount(ctx.app);
      // Files stay from earlier tests (only the database is emptied between tests).
      const before = await files();
      for (let i = 0; i < 5; i++) await uploadAs(ctx.app, buyer);
      expect(await files()).toHaveLength(before.length + 5 * VARIANTS);
      const later = new Date(Date.now() + 2 * UNREFERENCED_UPLOAD_TTL_MS);
      const removed = await sweepUnreferencedUploads(
        ctx.app.db,
        imagePipelineFor(ctx.app.config).storage,
        { now: later, batchSize: 2 },
      );
      expect(removed).toBe(5);
      expect(await storedKeys()).toEqual([]);
      expect(await files()).toEqual(before);
    });
  });

  describe('a busy image queue', () => {
    it('answers 503 with Retry-After and stores nothing, then takes uploads again', async () => {
      const member = await createAccount(ctx.app);
      const { queue } = imagePipelineFor(ctx.app.config);
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      // One job decoding, one waiting: the queue of size one is full.
      const holding = [queue.run(() => held), queue.run(() => held)];
      expect(queue.full).toBe(true);

      const png = await makeImage('png', { width: 200, height: 100 });
      const send = () => {
        const { payload, headers } = multipartBody([
          { name: 'image', data: png, filename: 'a.png', contentType: 'image/png' },
        ]);
        return ctx.app.inject({
          method: 'POST',
          url: '/api/uploads',
          payload,
          headers: { ...headers, ...member.bearer },
          remoteAddress: nextAddress(),
        });
      };
      const refused = await send();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
      expect(refused.json()).toEqual({ error: IMAGE_MESSAGES.busy, code: 'UNAVAILABLE' });
      expect(await storedKeys()).toEqual([]);

      release();
      await Promise.all(holding);
      expect(queue.full).toBe(false);
      const accepted = await send();
      expect(accepted.statusCode).toBe(200);
      expect(await storedKeys()).toHaveLength(1);
    });

    it('answers 503 as well when the queue fills while the file is being received', async () => {
      const member = await createAccount(ctx.app);
      const { queue } = imagePipelineFor(ctx.app.config);
      const { payload, headers } = multipartBody([
        {
          name: 'image',
          data: await makeImage('png', { width: 200, height: 100 }),
          filename: 'a.png',
          contentType: 'image/png',
        },
      ]);
      // A body the server pulls on demand: the first pull says the request got past the early
      // check (the queue had room) and is now reading the file.
      let reading!: () => void;
      const pulled = new Promise<void>((resolve) => {
        reading = resolve;
      });
      const body = new Readable({ read: () => reading() });
      const response = ctx.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload: body,
        headers: { ...headers, ...member.bearer },
        remoteAddress: nextAddress(),
      });
      await pulled;
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const holding = [queue.run(() => held), queue.run(() => held)];
      body.push(payload);
      body.push(null);

      const refused = await response;
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
      expect(refused.json()).toEqual({ error: IMAGE_MESSAGES.busy, code: 'UNAVAILABLE' });
      expect(await storedKeys()).toEqual([]);
      release();
      await Promise.all(holding);
    });
  });
});

describe('image work per account', () => {
  // Two images decoded at once and two waiting.
  const ctx = useTestApp({ IMAGE_WORKERS: '2', IMAGE_QUEUE_LENGTH: '2' });
  const upload = async (account: TestAccount, image: Buffer) => {
    const { payload, headers } = multipartBody([
      { name: 'image', data: image, filename: 'photo.jpg', contentType: 'image/jpeg' },
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload,
      headers: { ...headers, ...account.bearer },
      remoteAddress: nextAddress(),
    });
  };

  it("holds one account to one worker and two places in line: its next image is refused with 429, another account's goes through", async () => {
    const flooder = await createAccount(ctx.app);
    const neighbour = await createAccount(ctx.app);
    const { queue } = imagePipelineFor(ctx.app.config);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Four of the flooder's images arrive at once: one decodes, two wait, the fourth is refused.
    const holding = Array.from({ length: 4 }, () =>
      queue
        .run(() => held, flooder.id)
        .then(
          () => 'done',
          (error: unknown) => error,
        ),
    );

    const photo = await makeImage('jpeg', { width: 400, height: 300 });
    const refused = await upload(flooder, photo);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(refused.json()).toEqual({ error: IMAGE_MESSAGES.inProgress, code: 'RATE_LIMITED' });

    // The other account's photo takes the free worker while the flooder's wait.
    const accepted = await upload(neighbour, photo);
    expect(accepted.statusCode).toBe(200);

    release();
    const outcomes = await Promise.all(holding);
    expect(outcomes.slice(0, 3)).toEqual(['done', 'done', 'done']);
    expect(outcomes[3]).toBeInstanceOf(UploadsInProgressError);
  });

  it('refuses a JPEG of a thousand scans before decoding it, and takes a progressive one of sixty', async () => {
    const member = await createAccount(ctx.app);
    const bomb = await makeManyScanJpeg(1500, 1500, 1000);
    const refused = await upload(member, bomb);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({
      error: IMAGE_MESSAGES.tooManyScans,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const unusual = await upload(member, await makeManyScanJpeg(1500, 1500, 50));
    expect(unusual.statusCode).toBe(200);
  });
});
