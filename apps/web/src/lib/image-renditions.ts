/**
 * Our uploads (listing pictures and profile photos alike) are stored in two widths:
 * `/uploads/<key>-1600.webp` and `/uploads/<key>-480.webp`.
 */
const OUR_LARGE_IMAGE = /^(\/uploads\/[a-z0-9][a-z0-9-]*)-1600\.webp$/;

export const LARGE_WIDTH = 1600;
export const THUMBNAIL_WIDTH = 480;

type Renditions = {
  large: string;
  thumbnail: string;
  /** Both widths exist, so the browser may choose with `srcset`. */
  responsive: boolean;
};

/** The large and thumbnail addresses of a listing's image; an outside image is both. */
export function renditionsOf(image: string | null | undefined): Renditions | null {
  const url = image?.trim();
  if (!url) return null;
  const ours = OUR_LARGE_IMAGE.exec(url);
  if (!ours) return { large: url, thumbnail: url, responsive: false };
  return { large: url, thumbnail: `${ours[1]}-${THUMBNAIL_WIDTH}.webp`, responsive: true };
}
