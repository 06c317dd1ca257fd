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

/*
 * Every upload is stored at each of these widths (an image narrower than a width keeps its own
 * size) in each of these formats, as `/uploads/<key>-<width>.<format>`. Its address in the API
 * is always the widest WebP; pages derive the others from it for `srcset` and `<picture>`.
 */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
/** Best first: a browser takes the first `<source>` it can decode. */
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
export const PHOTO_LARGE_WIDTH = 1600;
export const PHOTO_THUMBNAIL_WIDTH = 480;

/** The address of one stored variant of the upload whose address (its widest WebP) is `url`. */
export function photoVariantUrl(url: string, width: PhotoWidth, format: PhotoFormat): string {
  const match = OWN_IMAGE_URL.exec(url);
  if (!match) return url;
  return `/uploads/${match[1]}-${width}.${format}`;
}

/** A listing shows 1 to 30 photos; each says what it shows for people who cannot see it. */
export const PHOTO_LIMITS = {
  maxPerListing: 30,
  altMaxLength: 250,
  captionMaxLength: 200,
  /**
   * What a listing's photos may weigh together when its form posts them to its page without the
   * app (the app uploads each on its own as it is chosen): the server holds them while it uploads
   * them one by one. Eight photos at the largest size, more as phones save them.
   */
  postedTogetherMaxBytes: 40 * 1024 * 1024,
} as const;

export const isOwnImageUrl = (value: string | null | undefined): value is string =>
  typeof value === 'string' && OWN_IMAGE_URL.test(value);

/** Our own image address, or null for anything else: what the API serves. */
export const ownImageUrlOrNull = (value: string | null | undefined): string | null =>
  isOwnImageUrl(value) ? value : null;

/** A map pin's title at most this long: enough to name a home, and a thousand pins stay small. */
export const PIN_TITLE_MAX = 60;

/**
 * What a map pin carries of a listing's title and cover: the title trimmed and cut to
 * PIN_TITLE_MAX (an ellipsis ending a cut one), and the cover's smallest stored rendition (an
 * outside picture's own address), or null without a cover.
 */
export function pinTextOf(title: string, image: string | null) {
  const trimmed = title.trim();
  return {
    title:
      trimmed.length <= PIN_TITLE_MAX
        ? trimmed
        : `${trimmed.slice(0, PIN_TITLE_MAX - 1).trimEnd()}…`,
    image: image ? photoVariantUrl(image, PHOTO_THUMBNAIL_WIDTH, 'webp') : null,
  };
}
