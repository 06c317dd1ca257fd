/*
 * Images we host: what they are for, how big they may be, and how their addresses look. Free of
 * zod, so the web pages can import it at no cost.
 */

/** What an upload is for: a profile photo (`avatar`) or a listing's picture (`listing`). */
export const IMAGE_PURPOSES = ['avatar', 'listing'] as const;
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];

/**
 * The most pixels an upload may decode to, read from the file's header before any decoding.
 * A profile photo is shown a few dozen pixels wide, so 4 megapixels (2000 x 2000) is plenty; a
 * listing photo may come from a 24-megapixel camera (6000 x 4000). The browser scales a larger
 * picture down before sending it, so people rarely meet these limits.
 */
export const IMAGE_MAX_PIXELS: Record<ImagePurpose, number> = {
  avatar: 4_000_000,
  listing: 25_000_000,
};

/**
 * The address of an image we store: `/uploads/<key>-<width>.webp`, on our own origin. Anything
 * else (another host, a data: URL) is never shown to browsers, because fetching it would tell
 * that host who looked, and when.
 */
export const OWN_IMAGE_URL = /^\/uploads\/([a-z0-9]+)-(\d+)\.webp$/;

export const isOwnImageUrl = (value: string | null | undefined): value is string =>
  typeof value === 'string' && OWN_IMAGE_URL.test(value);

/** Our own image address, or null for anything else: what the API serves. */
export const ownImageUrlOrNull = (value: string | null | undefined): string | null =>
  isOwnImageUrl(value) ? value : null;
