/*
 * The edit form's Image URL field, which shows the cover's address. Apart from
 * lib/image-renditions.ts, which the home page loads: only the edit form needs it.
 */
const UPLOADS_PREFIX = '/uploads/';

/** An image address for the Image URL field: ours made absolute, so it reads as a URL. */
export function toDisplayUrl(image: string | null | undefined): string {
  if (!image) return '';
  return image.startsWith(UPLOADS_PREFIX) ? `${window.location.origin}${image}` : image;
}
