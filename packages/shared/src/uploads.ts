import { z } from 'zod';
import { IMAGE_PURPOSES, OWN_IMAGE_URL, ownImageUrlOrNull } from './images.js';

export const ZUploadResponse = z
  .object({
    success: z.literal(true),
    data: z.object({
      url: z.string(),
      thumbnailUrl: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      /** A ThumbHash (base64) of the image, painted while it loads. */
      placeholder: z.string(),
    }),
  })
  .meta({ id: 'UploadResponse' });
export type UploadResponse = z.infer<typeof ZUploadResponse>;

export const ZUploadQuery = z.object({
  purpose: z
    .enum(IMAGE_PURPOSES, { error: 'purpose must be avatar or listing' })
    .default('listing')
    .describe('What the image is for: `avatar` (a profile photo) or `listing` (the default).'),
});

/**
 * An image address a client may save: one of our uploads, by its address. An empty string means
 * no image (null once parsed). The server also checks that the upload exists.
 */
export const ownImageUrlInput = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(2048, message)
    .refine((value) => value === '' || OWN_IMAGE_URL.test(value), { error: message })
    .nullable()
    .transform((value) => (value === '' ? null : value))
    .optional();

/**
 * An image address as the API serves it: only our own uploads. Rows written before images had
 * to be ours may still hold another host's address; it is dropped here, on the way out, so no
 * browser is ever sent to that host.
 */
export const ZServedImageUrl = z.string().nullable().overwrite(ownImageUrlOrNull);
