import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeImage } from '../../../test/fixtures/images.js';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/helpers/smtp-server.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { STORAGE_DRIVERS, uploadAs, useStorage } from '../../../test/helpers/uploads.js';
import { properties } from '../../db/schema.js';
import { MATCH_QUEUE } from '../saved-searches/saved-search-alerts.js';
import { imagePipelineFor } from './image-pipeline.js';
import { sweepUnreferencedUploads, UNREFERENCED_UPLOAD_TTL_MS } from './upload-references.js';

const PUBLIC_URL = 'https://homes.example.test';
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => smtp?.close());

describe.each(STORAGE_DRIVERS)('photos in mail, with %s storage', (driver) => {
  const storage = useStorage(driver);
  const ctx = useTestApp(() => ({ SMTP_URL: smtp.url, PUBLIC_URL, ...storage.env() }));
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  /** The mail's JPEG of the upload whose widest WebP is `url`. */
  const jpegOf = (url: string) => url.replace(/-1600\.webp$/, '-256.jpg');

  /** Fetches one of our image addresses as a mail client would. */
  const fetchImage = (address: string) =>
    ctx.app.inject({ method: 'GET', url: address.replace(PUBLIC_URL, '') });

  async function expectMailJpeg(address: string) {
    const response = await fetchImage(address);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 3).equals(JPEG_MAGIC)).toBe(true);
    const { format, width, height } = await sharp(bytes).metadata();
    // Twice the 128 x 96 the mail shows it at, cropped to that box.
    expect({ format, width, height }).toEqual({ format: 'jpeg', width: 256, height: 192 });
  }

  /** A buyer with an instant alert for Austin, and a listing there with `photo`, approved. */
  async function alertAbout(photo: string, buyer: TestAccount, agent: TestAccount) {
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: buyer.bearer,
      payload: { name: 'Austin homes', filters: { location: 'Austin' }, alert: 'instant' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const house = await createListing(ctx.app, agent, { title: 'Porch house', image: photo });
    await ctx.app.jobs.send(MATCH_QUEUE, { propertyId: house }, { key: `test-match:${house}` });
    await ctx.app.jobs.drain();
    await smtp.waitFor(1);
    const mail = smtp.messages.find((message) => JSON.stringify(message.to).includes(buyer.email));
    const src = /<img[^>]+src="([^"]+)"/.exec(String(mail?.html))?.[1];
    return { house, src };
  }

  it('stores every upload also as a small JPEG, cropped to the box mails show it in', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    // Wider than the box: it is cropped, not squeezed.
    const image = await makeImage('png', { width: 900, height: 400 });
    const upload = await uploadAs(ctx.app, agent, { image });
    await expectMailJpeg(jpegOf(upload.url));
  });

  it('shows the JPEG, never the WebP, in a saved-search alert', async () => {
    const buyer = await createAccount(ctx.app);
    const agent = await createAccount(ctx.app, 'agent');
    const upload = await uploadAs(ctx.app, agent);

    const { src } = await alertAbout(upload.url, buyer, agent);

    expect(src).toBe(`${PUBLIC_URL}${jpegOf(upload.url)}`);
    await expectMailJpeg(src as string);
  });

  it('makes the JPEG of an upload from before there was one when a mail shows it, and sweeps it with the upload', async () => {
    const buyer = await createAccount(ctx.app);
    const agent = await createAccount(ctx.app, 'agent');
    const upload = await uploadAs(ctx.app, agent);
    const key = upload.url.replace(/^\/uploads\//, '').replace(/-1600\.webp$/, '');
    // Uploads stored before mails had their JPEG have every other file.
    await imagePipelineFor(ctx.app.config).storage.remove(`${key}-256.jpg`);
    expect((await fetchImage(jpegOf(upload.url))).statusCode).toBe(404);

    const { house, src } = await alertAbout(upload.url, buyer, agent);

    expect(src).toBe(`${PUBLIC_URL}${jpegOf(upload.url)}`);
    await expectMailJpeg(src as string);

    const sweep = () =>
      sweepUnreferencedUploads(ctx.app.db, imagePipelineFor(ctx.app.config).storage, {
        now: new Date(Date.now() + UNREFERENCED_UPLOAD_TTL_MS + 60 * 60 * 1000),
      });
    // Kept while the listing shows the photo, then removed with every other file of the upload.
    await sweep();
    expect((await storage.files(ctx.app)).filter((file) => file.startsWith(key))).toContain(
      `${key}-256.jpg`,
    );
    await ctx.app.db.delete(properties).where(eq(properties.id, house));
    await sweep();
    expect((await storage.files(ctx.app)).filter((file) => file.startsWith(key))).toEqual([]);
  });

  it('removes the JPEG of an abandoned upload with its other files', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const upload = await uploadAs(ctx.app, agent);
    const key = upload.url.replace(/^\/uploads\//, '').replace(/-1600\.webp$/, '');
    expect(await storage.files(ctx.app)).toContain(`${key}-256.jpg`);

    await sweepUnreferencedUploads(ctx.app.db, imagePipelineFor(ctx.app.config).storage, {
      now: new Date(Date.now() + UNREFERENCED_UPLOAD_TTL_MS + 60 * 60 * 1000),
    });

    expect((await storage.files(ctx.app)).filter((file) => file.startsWith(key))).toEqual([]);
    expect((await fetchImage(jpegOf(upload.url))).statusCode).toBe(404);
  });
});
