import { randomBytes, randomUUID } from 'node:crypto';
import { MESSAGES } from '@keyhaven/shared';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import type { Database } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { ImageStorage } from './image-storage.js';

export type SourceType = 'jpeg' | 'png' | 'gif' | 'webp';

/** Rendition widths; an image narrower than a width keeps its own size. */
const LARGE_WIDTH = 1600;
const THUMBNAIL_WIDTH = 480;
/** Card thumbnails stay under this (issue 8): a busy or tall picture is encoded coarser. */
export const THUMBNAIL_MAX_BYTES = 40_000;
const THUMBNAIL_QUALITIES = [70, 55, 40, 25, 10];
/** Beyond this a small file can still decode to gigabytes of pixels. */
const MAX_INPUT_PIXELS = 40_000_000;

export const UNREADABLE_IMAGE_MESSAGE =
  'The image could not be read. Please upload a valid JPG, PNG, GIF, or WEBP image.';
export const TOO_MANY_PIXELS_MESSAGE = `The image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`;

const startsWith = (buffer: Buffer, bytes: number[] | string, offset = 0) => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return buffer.subarray(offset, offset + expected.length).equals(expected);
};

/** The type the file's first bytes declare; its name and declared type say nothing trustworthy. */
function detectImageType(buffer: Buffer): SourceType | undefined {
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buffer, 'GIF87a') || startsWith(buffer, 'GIF89a')) return 'gif';
  if (startsWith(buffer, 'RIFF') && startsWith(buffer, 'WEBP', 8)) return 'webp';
  return undefined;
}

export interface ProcessedImage {
  large: Buffer;
  thumbnail: Buffer;
  /** Of the large rendition, after EXIF rotation. */
  width: number;
  height: number;
  format: SourceType;
}

/** The best quality whose WebP fits the thumbnail budget (the coarsest one if none does). */
async function encodeThumbnail(resized: Sharp) {
  let encoded = Buffer.alloc(0);
  for (const quality of THUMBNAIL_QUALITIES) {
    encoded = await resized.clone().webp({ quality }).toBuffer();
    if (encoded.length < THUMBNAIL_MAX_BYTES) break;
  }
  return encoded;
}

const unreadable = () => new AppError('UNSUPPORTED_MEDIA_TYPE', UNREADABLE_IMAGE_MESSAGE);

/**
 * Checks that the bytes are a whole JPG, PNG, GIF or WEBP image of a sane size, and re-encodes
 * it to WebP: whatever else the file carried (metadata, trailing scripts) does not survive.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const format = detectImageType(input);
  if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.upload.invalidType);

  // The header alone gives the size, so a decompression bomb is refused before any decoding.
  const header = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw unreadable();
    });
  if (header.format !== format) throw unreadable();
  if (header.width * header.height > MAX_INPUT_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', TOO_MANY_PIXELS_MESSAGE);
  }

  const options: SharpOptions = {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'error',
    autoOrient: true,
  };
  try {
    const [large, thumbnail] = await Promise.all([
      sharp(input, options)
        .resize({ width: LARGE_WIDTH, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true }),
      encodeThumbnail(
        sharp(input, options).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }),
      ),
    ]);
    return {
      large: large.data,
      thumbnail,
      width: large.info.width,
      height: large.info.height,
      format,
    };
  } catch {
    // A truncated or corrupt body only shows when the pixels are decoded.
    throw unreadable();
  }
}

export interface StoredImage {
  id: string;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

/** An upload's renditions are stored as `<storageKey>-<max width>.webp`. */
const renditionKey = (storageKey: string, width: number) => `${storageKey}-${width}.webp`;

/**
 * Processes an image, stores both renditions and records the upload. Any failure leaves
 * nothing behind: no file without its row, no row without its files.
 */
export async function saveImage(
  db: Database,
  storage: ImageStorage,
  input: Buffer,
  options: { ownerId?: string } = {},
): Promise<StoredImage> {
  const image = await processImage(input);
  const storageKey = randomBytes(16).toString('hex');
  const largeKey = renditionKey(storageKey, LARGE_WIDTH);
  const thumbnailKey = renditionKey(storageKey, THUMBNAIL_WIDTH);
  const id = randomUUID();
  try {
    await storage.put(largeKey, image.large);
    await storage.put(thumbnailKey, image.thumbnail);
    await db.insert(uploads).values({
      id,
      ownerId: options.ownerId,
      storageKey,
      sourceType: image.format,
      width: image.width,
      height: image.height,
      // What the upload costs in storage, not what was sent.
      bytes: image.large.length + image.thumbnail.length,
    });
    return {
      id,
      url: storage.urlFor(largeKey),
      thumbnailUrl: storage.urlFor(thumbnailKey),
      width: image.width,
      height: image.height,
    };
  } catch (error) {
    await Promise.allSettled([storage.remove(largeKey), storage.remove(thumbnailKey)]);
    throw error;
  }
}
