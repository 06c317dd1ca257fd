import { randomBytes, randomUUID } from 'node:crypto';
import {
  IMAGE_MAX_PIXELS,
  IMAGE_MESSAGES,
  type ImagePurpose,
  MESSAGES,
  PHOTO_FORMATS,
  PHOTO_LARGE_WIDTH,
  PHOTO_THUMBNAIL_WIDTH,
  PHOTO_WIDTHS,
  type PhotoFormat,
  type PhotoWidth,
} from '@keyhaven/shared';
import type sharpModule from 'sharp';
import type { Sharp, SharpOptions } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import type { Database } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { ImageStorage } from './image-storage.js';
import { jpegScanCount, MAX_JPEG_SCANS } from './jpeg-scans.js';
import { loadSharp } from './load-sharp.js';
import type { WorkQueue } from './work-queue.js';

export type SourceType = 'jpeg' | 'png' | 'gif' | 'webp';

/** What each card thumbnail (a 480 px variant, either format) stays under. */
export const THUMBNAIL_MAX_BYTES = 40_000;

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

/** How a stored file is encoded: the pages' formats, and the JPEG that mails show. */
export type StoredFormat = PhotoFormat | 'jpg';

/** One stored variant: `<storageKey>-<width>.<format>`. */
export interface EncodedVariant {
  width: number;
  format: StoredFormat;
  data: Buffer;
}

/*
 * Mails show a listing's photo 128 x 96 CSS pixels (see mail/templates/listings.tsx). Many mail
 * clients show neither AVIF nor WebP, so each upload also has a JPEG at twice that size (sharp
 * on high-density screens), cropped to the box: `<storageKey>-256.jpg`. Pages never use it.
 */
export const MAIL_PHOTO_WIDTH = 256;
export const MAIL_PHOTO_HEIGHT = 192;
const MAIL_PHOTO_QUALITY = 80;

export const mailPhotoKey = (storageKey: string) => variantKey(storageKey, MAIL_PHOTO_WIDTH, 'jpg');

export interface ProcessedImage {
  variants: EncodedVariant[];
  /** Of the widest variant, after EXIF rotation. */
  width: number;
  height: number;
  /** A ThumbHash (base64) pages paint while the photo loads. */
  placeholder: string;
  format: SourceType;
}

/**
 * AVIF encoder effort for uploads: higher efforts save a few percent of bytes for several times
 * the time, and the person uploading waits for it (effort 4 takes about 1.5 s on two cores).
 */
export const DEFAULT_AVIF_EFFORT = 2;

/** Best quality first; the first one within the thumbnail budget is kept. */
const QUALITIES: Record<PhotoFormat, number[]> = {
  avif: [50, 40, 30, 20],
  webp: [70, 55, 40, 25, 10],
};
const LARGE_QUALITY: Record<PhotoFormat, number> = { avif: 50, webp: 80 };

function encode(image: Sharp, format: PhotoFormat, quality: number, avifEffort: number) {
  return format === 'avif'
    ? image.clone().avif({ quality, effort: avifEffort }).toBuffer()
    : image.clone().webp({ quality }).toBuffer();
}

/**
 * Card thumbnails (the narrowest variants) stay under THUMBNAIL_MAX_BYTES, so a page of listing
 * cards loads quickly on a phone: a busy or tall picture is encoded coarser.
 */
async function encodeVariant(
  image: Sharp,
  width: PhotoWidth,
  format: PhotoFormat,
  avifEffort: number,
): Promise<Buffer> {
  if (width !== PHOTO_THUMBNAIL_WIDTH) {
    return encode(image, format, LARGE_QUALITY[format], avifEffort);
  }
  let encoded = Buffer.alloc(0);
  for (const quality of QUALITIES[format]) {
    encoded = await encode(image, format, quality, avifEffort);
    if (encoded.length < THUMBNAIL_MAX_BYTES) break;
  }
  return encoded;
}

/** Pixels held in memory between the one decode and the encodes. */
interface DecodedImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

const PLACEHOLDER_MAX_SIZE = 100;

/** The ThumbHash of a tiny render of the picture, in base64. */
async function placeholderOf(sharp: typeof sharpModule, decoded: DecodedImage): Promise<string> {
  const small = await sharp(decoded.data, { raw: decoded })
    .resize(PLACEHOLDER_MAX_SIZE, PLACEHOLDER_MAX_SIZE, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(small.info.width, small.info.height, small.data)).toString(
    'base64',
  );
}

/** The mail's JPEG: cropped to its box, and on white where the picture is transparent. */
export async function encodeMailPhoto(decoded: DecodedImage): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(decoded.data, { raw: decoded })
    .resize(MAIL_PHOTO_WIDTH, MAIL_PHOTO_HEIGHT, { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: MAIL_PHOTO_QUALITY })
    .toBuffer();
}

/**
 * Every variant (each of PHOTO_WIDTHS, never enlarged, in each of PHOTO_FORMATS), the mail's
 * JPEG and the placeholder, from pixels already decoded, upright and at most the widest width. Nothing of the
 * original file but its pixels reaches them: no EXIF (camera, GPS position), XMP or ICC profile.
 */
export async function encodeVariants(
  decoded: DecodedImage,
  avifEffort = DEFAULT_AVIF_EFFORT,
): Promise<Pick<ProcessedImage, 'variants' | 'placeholder'>> {
  const sharp = await loadSharp();
  const raw = { raw: decoded };
  // A picture narrower than a width is stored there at its own size: widths that come out the
  // same (and are held to the same byte budget) share one encoding instead of repeating it.
  // One after another: an image takes one core at a time, however many variants it has.
  const encodings = new Map<string, Buffer>();
  const variants: EncodedVariant[] = [];
  for (const width of PHOTO_WIDTHS) {
    for (const format of PHOTO_FORMATS) {
      const size = Math.min(width, decoded.width);
      const key = `${format}-${size}-${width === PHOTO_THUMBNAIL_WIDTH}`;
      let data = encodings.get(key);
      if (!data) {
        const resized = sharp(decoded.data, raw).resize({ width, withoutEnlargement: true });
        data = await encodeVariant(resized, width, format, avifEffort);
        encodings.set(key, data);
      }
      variants.push({ width, format, data });
    }
  }
  variants.push({
    width: MAIL_PHOTO_WIDTH,
    format: 'jpg',
    data: await encodeMailPhoto(decoded),
  });
  return { variants, placeholder: await placeholderOf(sharp, decoded) };
}

/** Decodes a file once, upright, to at most the widest variant's width, as 8-bit sRGB pixels. */
export async function decodeImage(input: Buffer, options: SharpOptions): Promise<DecodedImage> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(input, options)
    .resize({ width: PHOTO_LARGE_WIDTH, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

const unreadable = () => new AppError('UNSUPPORTED_MEDIA_TYPE', UNREADABLE_IMAGE_MESSAGE);

/**
 * Checks what the file is from its first bytes and its header alone: the type, a pixel count
 * within the purpose's limit, and for a JPEG how many scans it holds. Nothing is decoded, so a
 * decompression bomb (a small file that decodes to gigabytes) or a JPEG of thousands of scans (a
 * small file that takes minutes to decode) is refused for the price of reading its markers.
 */
async function inspectImage(input: Buffer, purpose: ImagePurpose): Promise<SourceType> {
  const format = detectImageType(input);
  if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.upload.invalidType);
  if (format === 'jpeg' && jpegScanCount(input) > MAX_JPEG_SCANS) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.tooManyScans);
  }
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
 * Decodes an inspected image once and re-encodes it to every variant: whatever else the file
 * carried (metadata, trailing scripts, later frames of an animation) does not survive. The
 * expensive part, so it runs in the queue.
 */
async function processDecodable(
  input: Buffer,
  format: SourceType,
  purpose: ImagePurpose,
  avifEffort: number | undefined,
): Promise<ProcessedImage> {
  const options: SharpOptions = {
    // The header was checked; this also holds if the decoder finds more pixels than it said.
    limitInputPixels: IMAGE_MAX_PIXELS[purpose],
    failOn: 'error',
    autoOrient: true,
    // An animated GIF or WebP becomes a photo of its first frame.
    pages: 1,
    page: 0,
  };
  let decoded: DecodedImage;
  try {
    decoded = await decodeImage(input, options);
  } catch {
    // A truncated or corrupt body only shows when the pixels are decoded.
    throw unreadable();
  }
  const encoded = await encodeVariants(decoded, avifEffort);
  return { ...encoded, width: decoded.width, height: decoded.height, format };
}

export interface ProcessOptions {
  /** Which pixel limit applies; listing photos by default. */
  purpose?: ImagePurpose;
  /** Where decoding waits for its turn; without one it runs at once (seeding, tools). */
  queue?: WorkQueue;
  /** AVIF encoder effort, 0 (fastest) to 9; DEFAULT_AVIF_EFFORT unless said. */
  avifEffort?: number;
  /** The account uploading: its images take their turns in the queue one at a time. */
  ownerId?: string;
}

/**
 * Checks that the bytes are a whole JPG, PNG, GIF or WEBP image of a sane size for its purpose,
 * and re-encodes it to WebP. The header is checked before the image waits in the queue, so a
 * refused file never takes a turn.
 */
async function processImage(
  input: Buffer,
  { purpose = 'listing', queue, avifEffort, ownerId }: ProcessOptions = {},
): Promise<ProcessedImage> {
  const format = await inspectImage(input, purpose);
  const encode = () => processDecodable(input, format, purpose, avifEffort);
  return queue ? queue.run(encode, ownerId) : encode();
}

export interface StoredImage {
  id: string;
  /** The widest WebP: a photo's address everywhere. */
  url: string;
  /** The narrowest WebP. */
  thumbnailUrl: string;
  width: number;
  height: number;
  placeholder: string;
}

/** An upload's variants are stored as `<storageKey>-<width>.<format>`. */
export const variantKey = (storageKey: string, width: number, format: StoredFormat) =>
  `${storageKey}-${width}.${format}`;

/** Every file an upload may have, old uploads' two WebP files and the mail's JPEG included. */
export const allVariantKeys = (storageKey: string) => [
  ...PHOTO_WIDTHS.flatMap((width) =>
    PHOTO_FORMATS.map((format) => variantKey(storageKey, width, format)),
  ),
  mailPhotoKey(storageKey),
];

/** Stores the variants; on any failure removes them all and fails. */
export async function putVariants(
  storage: ImageStorage,
  storageKey: string,
  variants: EncodedVariant[],
): Promise<void> {
  try {
    await Promise.all(
      variants.map(({ width, format, data }) =>
        storage.put(variantKey(storageKey, width, format), data, contentTypeOf(format)),
      ),
    );
  } catch (error) {
    await Promise.allSettled(
      variants.map(({ width, format }) => storage.remove(variantKey(storageKey, width, format))),
    );
    throw error;
  }
}

const contentTypeOf = (format: StoredFormat) =>
  format === 'jpg' ? 'image/jpeg' : `image/${format}`;

/**
 * Processes an image, stores every variant and records the upload. Any failure leaves nothing
 * behind: no file without its row, no row without its files.
 */
export async function saveImage(
  db: Database,
  storage: ImageStorage,
  input: Buffer,
  options: ProcessOptions = {},
): Promise<StoredImage> {
  const image = await processImage(input, options);
  const storageKey = randomBytes(16).toString('hex');
  const id = randomUUID();
  await putVariants(storage, storageKey, image.variants);
  try {
    await db.insert(uploads).values({
      id,
      ownerId: options.ownerId,
      storageKey,
      sourceType: image.format,
      width: image.width,
      height: image.height,
      // What the upload costs in storage, not what was sent.
      bytes: image.variants.reduce((sum, variant) => sum + variant.data.length, 0),
      placeholder: image.placeholder,
      variantSet: 2,
    });
  } catch (error) {
    await Promise.allSettled(allVariantKeys(storageKey).map((key) => storage.remove(key)));
    throw error;
  }
  return {
    id,
    url: storage.urlFor(variantKey(storageKey, PHOTO_LARGE_WIDTH, 'webp')),
    thumbnailUrl: storage.urlFor(variantKey(storageKey, PHOTO_THUMBNAIL_WIDTH, 'webp')),
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
  };
}
