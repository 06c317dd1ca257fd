import type { ListingPhoto } from '@keyhaven/shared';
// Types only: the home page's first download carries none of the shared image module. The
// widths below are checked against it, so they cannot drift apart.
import type { PHOTO_WIDTHS, PhotoFormat } from '@keyhaven/shared/constants';

/**
 * Our uploads are stored as `/uploads/<key>-<width>.<format>` at each of these widths, in AVIF
 * and WebP; the address the API gives is the widest WebP (see `photoVariantUrl` in
 * @keyhaven/shared, which this follows).
 */
const OUR_LARGE_IMAGE = /^(\/uploads\/[a-z0-9]+)-1600\.webp$/;
const STORED_WIDTHS: typeof PHOTO_WIDTHS = [480, 960, 1600];

export const LARGE_WIDTH = 1600;
export const THUMBNAIL_WIDTH = 480;

type Renditions = {
  large: string;
  thumbnail: string;
  /** Both widths exist, so the browser may choose with `srcset`. */
  responsive: boolean;
};

/** The large and thumbnail addresses of an upload (a profile photo); an outside image is both. */
export function renditionsOf(image: string | null | undefined): Renditions | null {
  const url = image?.trim();
  if (!url) return null;
  const ours = OUR_LARGE_IMAGE.exec(url);
  if (!ours) return { large: url, thumbnail: url, responsive: false };
  return { large: url, thumbnail: `${ours[1]}-${THUMBNAIL_WIDTH}.webp`, responsive: true };
}

/** A photo as pages show it: the API's, or one made from a listing's picture address alone. */
export type ShownPhoto = Pick<ListingPhoto, 'url' | 'alt' | 'width' | 'height' | 'placeholder'>;

// Listing pictures from before photos had sizes were 3:2 (the seeds are 1200 x 800).
const ADDRESS_ONLY_HEIGHT = Math.round((LARGE_WIDTH * 2) / 3);

/** A photo known only by its address: 3:2, nothing to paint while it loads. */
export function photoFromAddress(url: string | null | undefined, alt: string): ShownPhoto | null {
  const address = url?.trim();
  if (!address) return null;
  return { url: address, alt, width: LARGE_WIDTH, height: ADDRESS_ONLY_HEIGHT, placeholder: null };
}

/** What a card shows: the cover photo, else the listing's picture, else nothing. */
export function coverPhotoOf(
  listing: { photos?: ShownPhoto[]; image?: string | null },
  alt: string,
): ShownPhoto | null {
  return listing.photos?.[0] ?? photoFromAddress(listing.image, alt);
}

/**
 * `srcset` of one format of our upload at `url`: each stored width, described by the width it
 * really has (a photo narrower than a width was stored at its own size, so those variants are the
 * same picture and only the first is offered). Null for an address that is not ours.
 */
export function photoSrcSet(url: string, photoWidth: number, format: PhotoFormat): string | null {
  const base = OUR_LARGE_IMAGE.exec(url)?.[1];
  if (!base) return null;
  const offered = new Map<number, string>();
  for (const width of STORED_WIDTHS) {
    const realWidth = Math.min(width, photoWidth);
    if (!offered.has(realWidth)) offered.set(realWidth, `${base}-${width}.${format}`);
  }
  return [...offered].map(([width, variant]) => `${variant} ${width}w`).join(', ');
}

/**
 * The average colour of a photo's ThumbHash, as CSS: what cards paint while the photo loads.
 * It is in the hash's first three bytes (lightness and two colour differences), the first four
 * characters of its base64, read here rather than with the `thumbhash` package, whose decoder
 * would add over a kilobyte to the home page's first download; the listing's page draws the
 * whole placeholder with it.
 */
export function placeholderColour(placeholder: string | null | undefined): string | null {
  if (!placeholder || placeholder.length < 8) return null;
  let header: number;
  try {
    const bytes = atob(placeholder.slice(0, 4));
    header = bytes.charCodeAt(0) | (bytes.charCodeAt(1) << 8) | (bytes.charCodeAt(2) << 16);
  } catch {
    return null;
  }
  const lightness = (header & 63) / 63;
  const blueYellow = ((header >> 6) & 63) / 31.5 - 1;
  const redGreen = ((header >> 12) & 63) / 31.5 - 1;
  const blue = lightness - (2 / 3) * blueYellow;
  const red = (3 * lightness - blue + redGreen) / 2;
  const green = red - redGreen;
  const channel = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 255);
  return `rgb(${channel(red)}, ${channel(green)}, ${channel(blue)})`;
}
