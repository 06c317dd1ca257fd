import { z } from 'zod';
import { OWN_IMAGE_URL, PHOTO_LIMITS } from './images.js';
import { PHOTO_MESSAGES } from './photo-messages.js';

/**
 * A listing's photo as the API shows it. `url` is the widest WebP of one of our uploads; pages
 * derive its other widths and formats from it (see `photoVariantUrl`). `width` and `height` are
 * that widest variant's, so pages reserve the photo's space before it loads; `placeholder` is a
 * ThumbHash (base64) painted meanwhile, null for a photo stored before placeholders existed.
 */
export const ZListingPhoto = z
  .object({
    url: z.string(),
    alt: z.string(),
    caption: z.string().nullable(),
    width: z.number().int(),
    height: z.number().int(),
    placeholder: z.string().nullable(),
  })
  .meta({ id: 'ListingPhoto' });
export type ListingPhoto = z.infer<typeof ZListingPhoto>;

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

/** One photo of an add or edit request: an upload of ours, what it shows, and a caption. */
export const ZListingPhotoInput = z
  .object({
    url: z
      .string({ error: PHOTO_MESSAGES.notOurs })
      .trim()
      .max(2048, PHOTO_MESSAGES.notOurs)
      .regex(OWN_IMAGE_URL, PHOTO_MESSAGES.notOurs),
    /** Required for the cover; a photo without one is described from the listing's title. */
    alt: optionalText(PHOTO_LIMITS.altMaxLength, PHOTO_MESSAGES.altTooLong),
    caption: optionalText(PHOTO_LIMITS.captionMaxLength, PHOTO_MESSAGES.captionTooLong),
  })
  .meta({ id: 'ListingPhotoRequest' });
export type ListingPhotoInput = z.input<typeof ZListingPhotoInput>;

/**
 * A listing's photos in order, the cover first: 1 to 30, each upload once, the cover described.
 * Whether each is one of our stored uploads is checked by the server.
 */
export const ZListingPhotosInput = z
  .array(ZListingPhotoInput, { error: PHOTO_MESSAGES.required })
  .min(1, PHOTO_MESSAGES.required)
  .max(PHOTO_LIMITS.maxPerListing, PHOTO_MESSAGES.tooMany)
  .superRefine((photos, ctx) => {
    const seen = new Set<string>();
    photos.forEach((photo, index) => {
      if (seen.has(photo.url)) {
        ctx.addIssue({ code: 'custom', path: [index, 'url'], message: PHOTO_MESSAGES.duplicate });
      }
      seen.add(photo.url);
    });
    if (photos[0] && !photos[0].alt) {
      ctx.addIssue({ code: 'custom', path: [0, 'alt'], message: PHOTO_MESSAGES.coverAltRequired });
    }
  });
