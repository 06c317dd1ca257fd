import type { ListingPhoto } from '@keyhaven/shared';
import { PHOTO_THUMBNAIL_WIDTH, photoVariantUrl } from '@keyhaven/shared/constants';
import { PHOTO_MESSAGES } from '@keyhaven/shared/texts';

/**
 * One photo of a listing form, from the moment its file is chosen: `url` is its address once
 * uploaded ('' until then), `preview` what its tile shows meanwhile (the file itself, then the
 * uploaded thumbnail), `alt` and `caption` as the agent types them.
 */
export type PhotoDraft = {
  /** Names the photo while it moves around the list, before it has an address. */
  key: string;
  url: string;
  alt: string;
  caption: string;
  preview: string;
  upload: 'sending' | 'failed' | 'done';
};

/** What holds the form back while photos are not all uploaded; null once they are. */
export function photosNotReady(photos: readonly PhotoDraft[]): string | null {
  if (photos.some((photo) => photo.upload === 'sending')) return PHOTO_MESSAGES.stillUploading;
  if (photos.some((photo) => photo.upload === 'failed')) return PHOTO_MESSAGES.uploadFailed;
  return null;
}

/** A photo the listing already has, as its form starts. */
export const draftOfListingPhoto = (photo: ListingPhoto): PhotoDraft => ({
  key: photo.url,
  url: photo.url,
  alt: photo.alt,
  caption: photo.caption ?? '',
  preview: photoVariantUrl(photo.url, PHOTO_THUMBNAIL_WIDTH, 'webp'),
  upload: 'done',
});

let chosen = 0;

/** A photo just chosen, shown from its own file until its upload is done. */
export const draftOfFile = (file: File): PhotoDraft => ({
  key: `chosen-${++chosen}`,
  url: '',
  alt: '',
  caption: '',
  preview: URL.createObjectURL(file),
  upload: 'sending',
});

/** The request's photos: each uploaded photo's address with its words, in the form's order. */
export const photoInputs = (photos: readonly PhotoDraft[]) =>
  photos.map(({ url, alt, caption }) => ({ url, alt, caption }));
