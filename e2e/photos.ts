import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext, Locator } from '@playwright/test';
import { expect } from './fixtures';

/*
 * Listing photos for the end-to-end specs, made here rather than fetched: every new listing needs
 * at least one, and nothing may come from outside the machine.
 */

type Rgb = readonly [number, number, number];

/** One PNG chunk: its length, type, data and checksum. */
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, checksum]);
}

/**
 * A real PNG of sky, a house front and a lawn in the colours given: photos drawn in different
 * colours are different pictures to the server and to a test that tells them apart.
 */
export function drawnPng({
  sky,
  house,
  lawn,
  width = 600,
  height = 400,
}: {
  sky: Rgb;
  house: Rgb;
  lawn: Rgb;
  width?: number;
  height?: number;
}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const rowLength = 1 + width * 3;
  const pixels = Buffer.alloc(rowLength * height);
  for (let y = 0; y < height; y++) {
    const row = y * rowLength; // its first byte, filter 0, stays 0
    for (let x = 0; x < width; x++) {
      const inHouse = x > width * 0.35 && x < width * 0.65 && y > height * 0.45;
      const colour = y > height * 0.7 && !inHouse ? lawn : inHouse ? house : sky;
      pixels.set(colour, row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads a listing photo as the add form does; answers its address (`/uploads/<key>-1600.webp`). */
export async function uploadListingPhoto(
  api: APIRequestContext,
  png: Buffer,
  name = 'home.png',
): Promise<string> {
  const response = await api.post('/api/uploads?purpose=listing', {
    multipart: { image: { name, mimeType: 'image/png', buffer: png } },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: { url: string } };
  expect(data.url).toMatch(/^\/uploads\/[a-z0-9]+-1600\.webp$/);
  return data.url;
}

/*
 * Uploads are limited per minute, and a spec may list many homes in a few seconds: an account's
 * listings share the one photo it uploaded (an agent may show their own upload on several).
 */
const uploadedBy = new WeakMap<APIRequestContext, Promise<string>>();

/** What a new listing needs besides its text: a photo, uploaded once per signed-in `api`. */
export async function listingPhotoOf(api: APIRequestContext): Promise<{ image: string }> {
  let upload = uploadedBy.get(api);
  if (!upload) {
    upload = uploadListingPhoto(
      api,
      drawnPng({ sky: [143, 184, 201], house: [239, 230, 210], lawn: [106, 154, 79] }),
    );
    uploadedBy.set(api, upload);
  }
  return { image: await upload };
}

/** A PNG file as the photo manager's file input takes it. */
export const pngFile = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/png', buffer });

/**
 * Chooses `files` in a listing form's photo manager (the group "Photos") and waits until every
 * one is uploaded: a tile's progress bar goes once its photo is stored.
 */
export async function choosePhotos(form: Locator, files: ReturnType<typeof pngFile>[]) {
  const manager = form.getByRole('group', { name: 'Photos' });
  await manager.getByLabel('Photo files').setInputFiles(files);
  await expect(manager.getByRole('listitem', { name: /^Photo \d+ of \d+$/ }).last()).toBeVisible();
  await expect(manager.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  return manager;
}
