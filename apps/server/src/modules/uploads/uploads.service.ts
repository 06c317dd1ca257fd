import { randomBytes, randomUUID } from 'node:crypto';
import { IMAGE_MAX_PIXELS, IMAGE_MESSAGES, type ImagePurpose, MESSAGES } from '@keyhaven/shared';
import type { Sharp, SharpOptions } from 'sharp';
import type { Database } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { ImageStorage } from './image-storage.js';
import { loadSharp } from './load-sharp.js';
import type { WorkQueue } from './work-queue.js';

export type SourceType = 'jpeg' | 'png' | 'gif' | 'webp';

/** Rendition widths; an image narrower than a width keeps its own size. */
export const LARGE_WIDTH = 1600;
export const THUMBNAIL_WIDTH = 480;
/**
 * Card thumbnails stay under this, so a page of listing cards loads quickly on a phone: a busy
 * or tall picture is encoded coarser.
 */
export const THUMBNAIL_MAX_BYTES = 40_000;
const THUMBNAIL_QUALITIES = [70, 55, 40, 25, 10];

export const UNREADABLE_IMAGE_MESSAGE =
  'The image could not be read. Please upload a valid JPG, PNG, GIF, or WEBP image.';

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
 * Checks what the file is from its first bytes and its header alone: the type, and a pixel count
 * within the purpose's limit. Nothing is decoded, so a decompression bomb (a small file that
 * decodes to gigabytes) is refused for the price of reading a few bytes.
 */
async function inspectImage(input: Buffer, purpose: ImagePurpose): Promise<SourceType> {
  const format = detectImageType(input);
  if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.upload.invalidType);
  const sharp = await loadSharp();
  const header = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw unreadable();
    });
  if (header.format !== format) throw unreadable();
  if (header.width * header.height > IMAGE_MAX_PIXELS[purpose]) {
    throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooManyPixels(purpose));
  }
  return format;
}

/**
 * Decodes an inspected image and re-encodes it to WebP: whatever else the file carried
 * (metadata, trailing scripts) does not survive. The expensive part, so it runs in the queue.
 */
async function encodeImage(
  input: Buffer,
  format: SourceType,
  purpose: ImagePurpose,
): Promise<ProcessedImage> {
  const options: SharpOptions = {
    // The header was checked; this also holds if the decoder finds more pixels than it said.
    limitInputPixels: IMAGE_MAX_PIXELS[purpose],
    failOn: 'error',
    autoOrient: true,
  };
  const sharp = await loadSharp();
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

export interface ProcessOptions {
  /** Which pixel limit applies; listing photos by default. */
  purpose?: ImagePurpose;
  /** Where decoding waits for its turn; without one it runs at once (seeding, tools). */
  queue?: WorkQueue;
}

/**
 * Checks that the bytes are a whole JPG, PNG, GIF or WEBP image of a sane size for its purpose,
 * and re-encodes it to WebP. The header is checked before the image waits in the queue, so a
 * refused file never takes a turn.
 */
async function processImage(
  input: Buffer,
  { purpose = 'listing', queue }: ProcessOptions = {},
): Promise<ProcessedImage> {
  const format = await inspectImage(input, purpose);
  const encode = () => encodeImage(input, format, purpose);
  return queue ? queue.run(encode) : encode();
}

export interface StoredImage {
  id: string;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

/** An upload's renditions are stored as `<storageKey>-<max width>.webp`. */
export const renditionKey = (storageKey: string, width: number) => `${storageKey}-${width}.webp`;

/**
 * Processes an image, stores both renditions and records the upload. Any failure leaves
 * nothing behind: no file without its row, no row without its files.
 */
export async function saveImage(
  db: Database,
  storage: ImageStorage,
  input: Buffer,
  options: ProcessOptions & { ownerId?: string } = {},
): Promise<StoredImage> {
  const image = await processImage(input, options);
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
