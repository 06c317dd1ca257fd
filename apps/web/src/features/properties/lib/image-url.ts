/*
 * The edit form's Image URL field. Apart from lib/image-renditions.ts, which the home page loads:
 * only the edit form needs these.
 */
const UPLOADS_PREFIX = '/uploads/';

/** An image address for the Image URL field: ours made absolute, so it reads as a URL. */
export function toDisplayUrl(image: string | null | undefined): string {
  if (!image) return '';
  return image.startsWith(UPLOADS_PREFIX) ? `${window.location.origin}${image}` : image;
}

/** The field's address as the API stores it: ours back to `/uploads/...`, empty as null. */
export function toStoredImage(value: string | null | undefined): string | null {
  const url = value?.trim();
  if (!url) return null;
  const ours = `${window.location.origin}${UPLOADS_PREFIX}`;
  return url.startsWith(ours) ? url.slice(window.location.origin.length) : url;
}
