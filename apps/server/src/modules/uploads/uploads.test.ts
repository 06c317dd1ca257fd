import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  IMAGE_MESSAGES,
  LIMITS,
  MESSAGES,
  PHOTO_FORMATS,
  PHOTO_WIDTHS,
  photoVariantUrl,
} from '@keyhaven/shared';
import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio } from 'thumbhash';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  GEOTAG,
  makeAnimatedGif,
  makeGeotaggedJpeg,
  makeImage,
  makeNoiseImage,
  makePngClaiming,
  makeSolidImage,
} from '../../../test/fixtures/images.js';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { multipartBody, STORAGE_DRIVERS, useStorage } from '../../../test/helpers/uploads.js';
import { uploads } from '../../db/schema.js';
import { MISSING_IMAGE_MESSAGE, NOT_MULTIPART_MESSAGE } from './uploads.routes.js';
import { mailPhotoKey, THUMBNAIL_MAX_BYTES, UNREADABLE_IMAGE_MESSAGE } from './uploads.service.js';

describe.each(STORAGE_DRIVERS)('with %s storage', (driver) => {
  const storage = useStorage(driver);
  const ctx = useTestApp(() => storage.env());
  /** Uploading takes a signed-in user: one per test, as the database is emptied before each. */
  let member: TestAccount;
  beforeEach(async () => {
    member = await createAccount(ctx.app);
  });

  // Each upload comes from its own address so that only the rate-limit test meets the limit.
  let addresses = 0;
  const nextAddress = () => {
    addresses += 1;
    return `10.1.${addresses >> 8}.${addresses & 255}`;
  };

  function upload(
    data: Buffer | string,
    options: {
      filename?: string;
      contentType?: string;
      field?: string;
      remoteAddress?: string;
      query?: string;
      as?: TestAccount | null;
    } = {},
  ) {
    const { payload, headers } = multipartBody([
      {
        name: options.field ?? 'image',
        data,
        filename: options.filename ?? 'photo.jpg',
        contentType: options.contentType ?? 'image/jpeg',
      },
    ]);
    const account = options.as === undefined ? member : options.as;
    return ctx.app.inject({
      method: 'POST',
      url: `/api/uploads${options.query ?? ''}`,
      payload,
      headers: { ...headers, ...account?.bearer },
      remoteAddress: options.remoteAddress ?? nextAddress(),
    });
  }

  const storedRows = () => ctx.database.db.select().from(uploads);
  const storedFiles = () => storage.files(ctx.app);

  /** Every stored variant of the upload whose address is `url`, as served. */
  async function servedVariants(url: string) {
    const served = [];
    for (const width of PHOTO_WIDTHS) {
      for (const format of PHOTO_FORMATS) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: photoVariantUrl(url, width, format),
        });
        served.push({ width, format, response });
      }
    }
    return served;
  }

  /** Asserts the request left nothing behind: no new row, no new file, no temporary file. */
  async function expectNothingStored(filesBefore: string[]) {
    expect(await storedRows()).toHaveLength(0);
    expect(await storedFiles()).toEqual(filesBefore);
  }

  // Encoding a large photo's every width in AVIF and WebP takes seconds of processor time, and
  // several times that on a busy two-core machine.
  describe('POST /api/uploads', { timeout: 120_000 }, () => {
    it('is wired into the app', () => {
      expect(ctx.app.hasRoute({ method: 'POST', url: '/api/uploads' })).toBe(true);
    });

    it.each([
      ['jpeg', 'house.jpg', 'image/jpeg'],
      ['png', 'house.png', 'image/png'],
      ['gif', 'house.gif', 'image/gif'],
      ['webp', 'house.webp', 'image/webp'],
    ] as const)(
      'accepts a %s image and serves it at every width in AVIF and WebP',
      async (format, filename, contentType) => {
        const source = await makeImage(format, { width: 1800, height: 1200 });
        const before = await storedFiles();
        const response = await upload(source, { filename, contentType });

        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body).toEqual({
          success: true,
          data: {
            url: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}-1600\.webp$/),
            thumbnailUrl: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}-480\.webp$/),
            width: 1600,
            height: 1067,
            placeholder: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
          },
        });
        // The placeholder is a ThumbHash of the picture: it knows its shape.
        const hash = Buffer.from(body.data.placeholder, 'base64');
        const ratio = thumbHashToApproximateAspectRatio(hash);
        // Approximate by design: a landscape picture, about 3:2.
        expect(ratio).toBeGreaterThan(1.3);
        expect(ratio).toBeLessThan(1.7);

        const [row] = await storedRows();
        expect(row).toMatchObject({
          sourceType: format,
          width: 1600,
          height: 1067,
          ownerId: member.id,
          placeholder: body.data.placeholder,
          variantSet: 2,
        });
        const key = body.data.url.slice('/uploads/'.length, -'-1600.webp'.length);
        // Every width in each format for pages, and the small JPEG for e-mails.
        expect((await storedFiles()).filter((file) => !before.includes(file))).toEqual(
          [
            ...PHOTO_WIDTHS.flatMap((width) => PHOTO_FORMATS.map((f) => `${key}-${width}.${f}`)),
            mailPhotoKey(key),
          ].sort(),
        );

        for (const { width, format: stored, response: served } of await servedVariants(
          body.data.url,
        )) {
          const label = `${width}.${stored}`;
          expect(served.statusCode, label).toBe(200);
          expect(served.headers['content-type'], label).toBe(`image/${stored}`);
          expect(served.headers['x-content-type-options']).toBe('nosniff');
          expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          const metadata = await sharp(served.rawPayload).metadata();
          expect(metadata.format, label).toBe(stored === 'avif' ? 'heif' : 'webp');
          expect(metadata.width, label).toBe(width);
          expect(metadata.exif).toBeUndefined();
          if (width === 480) expect(served.rawPayload.length).toBeLessThan(THUMBNAIL_MAX_BYTES);
        }
      },
    );

    it('keeps no trace of where a photo was taken: no EXIF, XMP or colour profile in any variant', async () => {
      const source = await makeGeotaggedJpeg();
      const metadata = await sharp(source).metadata();
      expect(metadata.exif?.includes(Buffer.from('Geotagger'))).toBe(true);
      // The latitude as EXIF writes it, three rationals, in either byte order.
      const [degrees, minutes, seconds] = GEOTAG.latitude
        .split(' ')
        .map((r) => r.split('/').map(Number));
      const rationals = [degrees, minutes, seconds].flat() as number[];
      const inOrder = (write: 'writeUInt32BE' | 'writeUInt32LE') => {
        const bytes = Buffer.alloc(rationals.length * 4);
        for (const [i, value] of rationals.entries()) bytes[write](value, i * 4);
        return bytes;
      };
      const latitudeBytes = [inOrder('writeUInt32BE'), inOrder('writeUInt32LE')];
      expect(latitudeBytes.some((bytes) => source.includes(bytes))).toBe(true);

      const response = await upload(source);
      expect(response.statusCode).toBe(200);
      const variants = await servedVariants(response.json().data.url);
      expect(variants).toHaveLength(6);
      for (const { width, format, response: served } of variants) {
        const label = `${width}.${format}`;
        expect(served.statusCode, label).toBe(200);
        const stored = await sharp(served.rawPayload).metadata();
        expect(stored.exif, label).toBeUndefined();
        expect(stored.xmp, label).toBeUndefined();
        expect(stored.icc, label).toBeUndefined();
        for (const bytes of latitudeBytes)
          expect(served.rawPayload.includes(bytes), label).toBe(false);
        expect(served.rawPayload.includes(Buffer.from('Geotagger')), label).toBe(false);
      }
    });

    it('keeps only the first frame of an animated GIF', async () => {
      const gif = await makeAnimatedGif(['#d02020', '#2020d0', '#20d020']);
      expect((await sharp(gif).metadata()).pages).toBe(3);

      const response = await upload(gif, { filename: 'moving.gif', contentType: 'image/gif' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ width: 300, height: 200 });
      for (const { format, response: served } of await servedVariants(response.json().data.url)) {
        const image = sharp(served.rawPayload);
        const metadata = await image.metadata();
        expect(metadata.pages ?? 1, format).toBe(1);
        expect(metadata.height, format).toBe(200);
        // The first frame is red: the others never reach the stored photo.
        const { dominant } = await image.stats();
        expect(dominant.r, format).toBeGreaterThan(150);
        expect(dominant.b, format).toBeLessThan(100);
      }
    });

    it('refuses a file whose header claims 20,000 x 20,000 pixels at once, without decoding it', async () => {
      const before = await storedFiles();
      const claiming = await makePngClaiming(20_000, 20_000);
      expect(claiming.length).toBeLessThan(1000);
      const started = performance.now();
      const response = await upload(claiming, { filename: 'huge.png', contentType: 'image/png' });

      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        error: IMAGE_MESSAGES.tooManyPixels('listing'),
        code: 'PAYLOAD_TOO_LARGE',
      });
      // Decoding 400 megapixels would take seconds and gigabytes; reading a header takes nothing.
      expect(performance.now() - started).toBeLessThan(1000);
      await expectNothingStored(before);
    });

    it('keeps card thumbnails, AVIF and WebP, under 40 KB even for a tall picture of pure noise', async () => {
      const response = await upload(await makeNoiseImage(1200, 1800));

      expect(response.statusCode).toBe(200);
      for (const format of PHOTO_FORMATS) {
        const thumbnail = await ctx.app.inject({
          method: 'GET',
          url: photoVariantUrl(response.json().data.url, 480, format),
        });
        expect(thumbnail.rawPayload.length, format).toBeLessThan(THUMBNAIL_MAX_BYTES);
        expect(await sharp(thumbnail.rawPayload).metadata(), format).toMatchObject({
          format: format === 'avif' ? 'heif' : 'webp',
          width: 480,
          height: 720,
        });
      }
    });

    it('never enlarges a small image, and turns it upright by its EXIF orientation', async () => {
      // Stored 600x400 with "rotate 90° clockwise to view": it is shown 400 wide, 600 high.
      const source = await makeImage('jpeg', { width: 600, height: 400, orientation: 6 });
      const response = await upload(source);

      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ width: 400, height: 600 });
      const large = await ctx.app.inject({ method: 'GET', url: response.json().data.url });
      const metadata = await sharp(large.rawPayload).metadata();
      expect(metadata).toMatchObject({ width: 400, height: 600 });
      expect(metadata.orientation).toBeUndefined();
    });

    it('judges the type by content: a PNG named .jpg and declared image/jpeg is a PNG', async () => {
      const png = await makeImage('png');
      const response = await upload(png, { filename: 'holiday.jpg', contentType: 'image/jpeg' });

      expect(response.statusCode).toBe(200);
      const [row] = await storedRows();
      expect(row?.sourceType).toBe('png');
    });

    it('ignores other form fields, such as the key the old image host wanted', async () => {
      const { payload, headers } = multipartBody([
        { name: 'key', data: 'not-a-secret' },
        {
          name: 'image',
          data: await makeImage('png'),
          filename: 'a.png',
          contentType: 'image/png',
        },
      ]);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload,
        headers: { ...headers, ...member.bearer },
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBe(200);
    });

    it.each([
      ['a text file named .png', 'just some notes\n', 'notes.png', 'image/png'],
      ['a script named .gif', '<script>alert(1)</script>', 'x.gif', 'image/gif'],
      ['an empty file', Buffer.alloc(0), 'empty.jpg', 'image/jpeg'],
      ['a PDF', '%PDF-1.7\n1 0 obj\n<<>>\nendobj\n', 'scan.jpg', 'image/jpeg'],
    ])('refuses %s with 415', async (_name, data, filename, contentType) => {
      const before = await storedFiles();
      const response = await upload(data, { filename, contentType });

      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        error: MESSAGES.upload.invalidType,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      await expectNothingStored(before);
    });

    it('refuses a GIF/JavaScript polyglot, because it does not decode as an image', async () => {
      const before = await storedFiles();
      const polyglot = Buffer.from('GIF89a=1;alert(document.domain)//', 'latin1');
      const response = await upload(polyglot, { filename: 'x.gif', contentType: 'image/gif' });

      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        error: UNREADABLE_IMAGE_MESSAGE,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      await expectNothingStored(before);
    });

    it.each(['png', 'jpeg', 'webp', 'gif'] as const)('refuses a truncated %s', async (format) => {
      const before = await storedFiles();
      const whole = await makeImage(format);
      const response = await upload(whole.subarray(0, Math.floor(whole.length * 0.6)));

      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        error: UNREADABLE_IMAGE_MESSAGE,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      await expectNothingStored(before);
    });

    it('refuses a JPEG header in front of a PNG body', async () => {
      const png = await makeImage('png');
      const disguised = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), png]);
      const response = await upload(disguised);
      expect(response.statusCode).toBe(415);
    });

    it('refuses a 50-megapixel decompression bomb before decoding it', async () => {
      const before = await storedFiles();
      const bomb = await makeSolidImage(8000, 6250);
      expect(bomb.length).toBeLessThan(LIMITS.photoMaxBytes);
      const response = await upload(bomb, { filename: 'bomb.png', contentType: 'image/png' });

      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        error: IMAGE_MESSAGES.tooManyPixels('listing'),
        code: 'PAYLOAD_TOO_LARGE',
      });
      await expectNothingStored(before);
    });

    it('allows a profile photo far fewer pixels than a listing photo', async () => {
      // 2600 x 2000 = 5.2 megapixels: fine for a listing, too many for a profile photo.
      const picture = await makeSolidImage(2600, 2000);
      const before = await storedFiles();
      const avatar = await upload(picture, { query: '?purpose=avatar' });
      expect(avatar.statusCode).toBe(413);
      expect(avatar.json()).toEqual({
        error: 'The image is too large: at most 4 megapixels for a profile photo.',
        code: 'PAYLOAD_TOO_LARGE',
      });
      await expectNothingStored(before);

      for (const query of ['?purpose=listing', '']) {
        expect((await upload(picture, { query })).statusCode, query).toBe(200);
      }
      expect(
        (await upload(await makeSolidImage(2000, 2000), { query: '?purpose=avatar' })).statusCode,
      ).toBe(200);
      // 6000 x 4000 (a 24-megapixel camera) is a listing photo; 5000 x 5001 is not.
      expect((await upload(await makeSolidImage(6000, 4000))).statusCode).toBe(200);
      const tooBig = await upload(await makeSolidImage(5000, 5001));
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().error).toBe(
        'The image is too large: at most 25 megapixels for a listing photo.',
      );
    });

    it('answers 400 to an unknown purpose', async () => {
      const response = await upload(await makeImage('png'), { query: '?purpose=banner' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(await storedRows()).toHaveLength(0);
    });

    it('answers 401 to anonymous callers, before reading the file, and stores nothing', async () => {
      const before = await storedFiles();
      for (const data of [await makeImage('png'), 'not an image']) {
        const response = await upload(data, { as: null });
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('UNAUTHENTICATED');
      }
      await expectNothingStored(before);
    });

    it('refuses a file of 5 MB and one byte with 413, storing nothing', async () => {
      const before = await storedFiles();
      // A real PNG padded past the limit: only the size is wrong with it.
      const png = await makeImage('png', { width: 200, height: 100 });
      const oversized = Buffer.concat([png, Buffer.alloc(LIMITS.photoMaxBytes + 1 - png.length)]);
      const response = await upload(oversized, { filename: 'big.png', contentType: 'image/png' });

      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        error: MESSAGES.upload.tooLarge,
        code: 'PAYLOAD_TOO_LARGE',
      });
      await expectNothingStored(before);
    });

    it('answers 400 when the file is in another field', async () => {
      const before = await storedFiles();
      const response = await upload(await makeImage('png'), { field: 'photo' });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: MISSING_IMAGE_MESSAGE,
        code: 'VALIDATION_FAILED',
      });
      await expectNothingStored(before);
    });

    it('answers 400 when the form has no file at all', async () => {
      const { payload, headers } = multipartBody([{ name: 'image', data: 'not a file' }]);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload,
        headers: { ...headers, ...member.bearer },
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: MISSING_IMAGE_MESSAGE,
        code: 'VALIDATION_FAILED',
      });
    });

    it('answers 400 to a second file', async () => {
      const png = await makeImage('png', { width: 100, height: 100 });
      const { payload, headers } = multipartBody([
        { name: 'image', data: png, filename: 'a.png', contentType: 'image/png' },
        { name: 'image', data: png, filename: 'b.png', contentType: 'image/png' },
      ]);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload,
        headers: { ...headers, ...member.bearer },
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(await storedRows()).toHaveLength(0);
    });

    it.each([
      ['a part cut off', 'multipart/form-data; boundary=nope'],
      ['no boundary', 'multipart/form-data'],
    ])('answers 400 to a broken multipart body: %s', async (_name, contentType) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload:
          '--nope\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc',
        headers: { 'content-type': contentType, ...member.bearer },
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    });

    it.each([
      ['JSON', 'application/json', JSON.stringify({ image: 'data:image/png;base64,AAAA' })],
      ['raw bytes', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
    ])('answers 415 to a %s body', async (_name, contentType, payload) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload,
        headers: { 'content-type': contentType, ...member.bearer },
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        error: NOT_MULTIPART_MESSAGE,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    });

    it('allows 20 uploads a minute from one address', async () => {
      const remoteAddress = '10.9.9.9';
      // Refused requests count as well, and they are quick to send.
      for (let i = 0; i < 20; i++) {
        const response = await upload('not an image', { remoteAddress });
        expect(response.statusCode).toBe(415);
      }
      const limited = await upload('not an image', { remoteAddress });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: expect.any(String), code: 'RATE_LIMITED' });
      expect((await upload('not an image')).statusCode).toBe(415);
    });
  });

  describe('GET /uploads/*', () => {
    it('answers a JSON 404 for a file that does not exist', async () => {
      for (const url of ['/uploads/0123456789abcdef0123456789abcdef-1600.webp', '/uploads/']) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    });

    it('serves nothing but stored images: no temporary files, nothing outside the folder', async () => {
      await mkdir(ctx.app.config.uploadsDir, { recursive: true });
      await writeFile(path.join(ctx.app.config.uploadsDir, '.0123abcd.tmp'), 'HALF-A-FILE');
      await writeFile(path.join(ctx.app.config.uploadsDir, 'notes.txt'), 'NOT-AN-UPLOAD');
      await writeFile(path.join(ctx.dataDir, 'secret.webp'), 'OUTSIDE-THE-FOLDER');
      for (const url of [
        '/uploads/.0123abcd.tmp',
        '/uploads/notes.txt',
        '/uploads/../secret.webp',
        '/uploads/%2e%2e/secret.webp',
        '/uploads/%2e%2e%2fsecret.webp',
        '/uploads/..%5csecret.webp',
      ]) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.body, url).not.toMatch(/HALF-A-FILE|NOT-AN-UPLOAD|OUTSIDE-THE-FOLDER/);
        expect(response.headers['content-type'], url).not.toBe('image/webp');
      }
    });

    it('is documented in the OpenAPI document as a multipart form', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
      const operation = response.json().paths['/api/uploads'].post;
      expect(Object.keys(operation.requestBody.content)).toEqual(['multipart/form-data']);
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining(['200', '400', '401', '413', '415', '429', '503']),
      );
    });
  });
});
