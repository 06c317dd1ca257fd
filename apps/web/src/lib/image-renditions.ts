import type { ListingPhoto } from '@keyhaven/shared';
import {
  isOwnImageUrl,
  PHOTO_WIDTHS,
  type PhotoFormat,
  photoVariantUrl,
} from '@keyhaven/shared/constants';

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
  return {
    large: url,
    thumbnail: photoVariantUrl(url, THUMBNAIL_WIDTH, 'webp'),
    responsive: isOwnImageUrl(url),
  };
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
  if (!isOwnImageUrl(url)) return null;
  const offered = new Map<number, string>();
  for (const width of PHOTO_WIDTHS) {
    const realWidth = Math.min(width, photoWidth);
    if (!offered.has(realWidth)) offered.set(realWidth, photoVariantUrl(url, width, format));
  }
  return [...offered].map(([width, variant]) => `${variant} ${width}w`).join(', ');
}

/** The bytes of a ThumbHash sent as base64, or null when it is not one. */
export function thumbHashBytes(placeholder: string | null | undefined): Uint8Array | null {
  try {
    const bytes = Uint8Array.from(atob(placeholder ?? ''), (char) => char.charCodeAt(0));
    return bytes.length > 4 ? bytes : null;
  } catch {
    return null;
  }
}

/**
 * The average colour of a photo's ThumbHash, as CSS: what cards paint while the photo loads.
 * It is the hash's first three bytes (lightness and two colour differences), read here rather
 * than with the `thumbhash` package, whose decoder would add over a kilobyte to the home page's
 * first download; the listing's page draws the whole placeholder with it.
 */
export function placeholderColour(placeholder: string | null | undefined): string | null {
  const hash = thumbHashBytes(placeholder);
  if (!hash) return null;
  const [first = 0, second = 0, third = 0] = hash;
  const header = first | (second << 8) | (third << 16);
  const lightness = (header & 63) / 63;
  const blueYellow = ((header >> 6) & 63) / 31.5 - 1;
  const redGreen = ((header >> 12) & 63) / 31.5 - 1;
  const blue = lightness - (2 / 3) * blueYellow;
  const red = (3 * lightness - blue + redGreen) / 2;
  const green = red - redGreen;
  const channel = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 255);
  return `rgb(${channel(red)}, ${channel(green)}, ${channel(blue)})`;
}
