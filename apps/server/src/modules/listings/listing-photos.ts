import {
  IMAGE_MESSAGES,
  OWN_IMAGE_URL,
  PHOTO_LARGE_WIDTH,
  PHOTO_MESSAGES,
  type ZPropertyAddRequest,
  type ZPropertyEditRequest,
} from '@keyhaven/shared';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { type StoredPhoto, uploads } from '../../db/schema.js';
import { AppError, invalidField } from '../../lib/app-error.js';
import type { SessionUser } from '../auth/session-user.js';
import type { ListingRow } from '../listing-views/property-view.js';

type AddInput = z.output<typeof ZPropertyAddRequest>;
type EditInput = z.output<typeof ZPropertyEditRequest>;

/** One photo a request asks for, and the field that names it in a refusal. */
interface RequestedPhoto {
  url: string;
  alt: string | null;
  caption: string | null;
  field: string;
  notOurs: string;
}

/** The storage key behind one of our image addresses (any of its widths). */
const storageKeyOf = (url: string) => OWN_IMAGE_URL.exec(url)?.[1];

/** A stored photo's address: always its upload's widest WebP, whichever width was sent. */
const largeUrlOf = (key: string) => `/uploads/${key}-${PHOTO_LARGE_WIDTH}.webp`;

const fromList = (photos: NonNullable<AddInput['photos']>): RequestedPhoto[] =>
  photos.map((photo, index) => ({
    url: photo.url,
    alt: photo.alt,
    caption: photo.caption,
    field: `photos.${index}.url`,
    notOurs: PHOTO_MESSAGES.notOurs,
  }));

/** A request's Image URL alone (older clients): one photo, described from the title. */
const fromImage = (image: string): RequestedPhoto => ({
  url: image,
  alt: null,
  caption: null,
  field: 'image',
  notOurs: IMAGE_MESSAGES.imageUrlNotOurs,
});

/**
 * The photos to store for a request, read from our uploads in one query: each must be an upload
 * that exists and that the caller made, or an unowned one (the demo pictures), or one this
 * listing already shows (`onListing`: an admin editing an agent's listing keeps the agent's
 * photos). Size and placeholder come from the upload, so no listing answer reads the uploads.
 * Anything else is refused, naming each photo's field.
 */
async function resolvePhotos(
  tx: Executor,
  caller: SessionUser,
  requested: RequestedPhoto[],
  onListing: StoredPhoto[] = [],
): Promise<StoredPhoto[]> {
  const keys = requested.map((photo) => storageKeyOf(photo.url) ?? '');
  const known = new Set(onListing.map((photo) => storageKeyOf(photo.url)));
  const rows = await tx
    .select({
      storageKey: uploads.storageKey,
      ownerId: uploads.ownerId,
      width: uploads.width,
      height: uploads.height,
      placeholder: uploads.placeholder,
    })
    .from(uploads)
    .where(inArray(uploads.storageKey, keys));
  const byKey = new Map(rows.map((row) => [row.storageKey, row]));
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  const photos = requested.map((photo, index) => {
    const key = keys[index] as string;
    const upload = byKey.get(key);
    const usable =
      upload && (upload.ownerId === null || upload.ownerId === caller.id || known.has(key));
    if (!usable) fields[photo.field] = photo.notOurs;
    // Two widths of one upload are the same photo.
    else if (seen.has(key)) fields[photo.field] = PHOTO_MESSAGES.duplicate;
    seen.add(key);
    return {
      url: largeUrlOf(key),
      alt: photo.alt,
      caption: photo.caption,
      width: upload?.width ?? 0,
      height: upload?.height ?? 0,
      placeholder: upload?.placeholder ?? null,
    };
  });
  const [first] = Object.values(fields);
  if (first !== undefined) throw new AppError('VALIDATION_FAILED', first, fields);
  return photos;
}

/** A new listing's photos: the list, or its Image URL alone. */
export function photosToAdd(tx: Executor, agent: SessionUser, input: AddInput) {
  const requested = input.photos ? fromList(input.photos) : [fromImage(input.image as string)];
  return resolvePhotos(tx, agent, requested);
}

/**
 * An edited listing's photos. Photos that are sent replace them all; without them, an Image URL
 * makes that upload the cover (moved first if the listing shows it, else in place of the
 * cover), and no Image URL keeps them. An edit may not leave a listing with photos without any;
 * one from before photos were required, which has none, can be edited without adding one.
 */
export async function photosAfterEdit(
  tx: Executor,
  caller: SessionUser,
  current: ListingRow,
  input: EditInput,
): Promise<StoredPhoto[]> {
  const onListing = [...current.photos, ...(current.published?.photos ?? [])];
  if (input.photos) return resolvePhotos(tx, caller, fromList(input.photos), onListing);
  if (input.image === undefined) return current.photos;
  if (input.image === null) {
    if (current.photos.length > 0) throw invalidField('image', PHOTO_MESSAGES.lastPhoto);
    return current.photos;
  }
  const coverKey = storageKeyOf(input.image);
  const shown = current.photos.find((photo) => storageKeyOf(photo.url) === coverKey);
  const requested = fromImage(input.image);
  // A photo moved to the front keeps what its agent wrote about it.
  const asked = shown ? { ...requested, alt: shown.alt, caption: shown.caption } : requested;
  const [cover] = await resolvePhotos(tx, caller, [asked], onListing);
  const others = shown
    ? current.photos.filter((photo) => photo !== shown)
    : current.photos.slice(1);
  return [cover as StoredPhoto, ...others];
}

/** The photos that a buyer reads, compared: their order, what they show and what they say. */
export function samePhotos(before: StoredPhoto[], after: StoredPhoto[]) {
  return (
    before.length === after.length &&
    before.every((photo, index) => {
      const other = after[index];
      return (
        other !== undefined &&
        photo.url === other.url &&
        photo.alt === other.alt &&
        photo.caption === other.caption
      );
    })
  );
}
