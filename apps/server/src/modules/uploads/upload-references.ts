import { IMAGE_MESSAGES, OWN_IMAGE_URL, PHOTO_WIDTHS } from '@keyhaven/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';
import { properties, uploads, users } from '../../db/schema.js';
import { AppError, invalidField } from '../../lib/app-error.js';
import type { ImageStorage } from './image-storage.js';
import { allVariantKeys } from './uploads.service.js';

/*
 * What refers to an upload: a listing (its picture and photos, and the picture and photos of its
 * last approved version that buyers see while an edit waits for review) or a user (their photo),
 * by the address of one of its variants, `/uploads/<storage key>-<width>.<format>`. An upload
 * nothing refers to a day after it was made was abandoned (a form never sent, a photo replaced or
 * removed, a listing deleted) and is removed with all its files.
 */

const VARIANT_WIDTHS: readonly number[] = PHOTO_WIDTHS;

/** The storage key behind one of our image addresses, or undefined for any other address. */
function storageKeyOf(url: string): string | undefined {
  const match = OWN_IMAGE_URL.exec(url);
  if (!match || !VARIANT_WIDTHS.includes(Number(match[2]))) return undefined;
  return match[1];
}

/**
 * Refuses (400, naming the field) any image address that is not one of our stored uploads: a
 * listing or profile can only show what this server holds. Null and absent values pass.
 */
export async function requireStoredUploads(
  db: Database,
  checks: Record<string, { url: string | null | undefined; message: string }>,
): Promise<void> {
  const fields: Record<string, string> = {};
  for (const [field, { url, message }] of Object.entries(checks)) {
    if (url === null || url === undefined) continue;
    const key = storageKeyOf(url);
    const [found] = key
      ? await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.storageKey, key))
      : [];
    if (!found) fields[field] = message;
  }
  const [first] = Object.values(fields);
  if (first !== undefined) throw new AppError('VALIDATION_FAILED', first, fields);
}

/**
 * Refuses (400 on `photo`) a profile photo that is not one of `ownerId`'s own uploads: an upload
 * belongs to whoever made it, so nobody shows another person's face as theirs. The photo the
 * person already shows may be sent again; null and absent values pass. Without an owner (a
 * visitor registering signed out, who can have uploaded nothing) every photo is refused.
 */
export async function requireOwnPhoto(
  db: Database,
  photo: { url: string | null | undefined; ownerId: string | undefined; current?: string | null },
): Promise<void> {
  const { url, ownerId, current } = photo;
  if (url === null || url === undefined) return;
  await requireStoredUploads(db, { photo: { url, message: IMAGE_MESSAGES.photoNotUploaded } });
  const key = storageKeyOf(url);
  if (key && current && storageKeyOf(current) === key) return;
  const [own] =
    key && ownerId
      ? await db
          .select({ id: uploads.id })
          .from(uploads)
          .where(and(eq(uploads.storageKey, key), eq(uploads.ownerId, ownerId)))
      : [];
  if (!own) throw invalidField('photo', IMAGE_MESSAGES.photoNotUploaded);
}

/** Records who an upload belongs to, unless it already belongs to someone. */
export async function claimUpload(db: Database, url: string | null | undefined, ownerId: string) {
  const key = url ? storageKeyOf(url) : undefined;
  if (!key) return;
  await db
    .update(uploads)
    .set({ ownerId })
    .where(and(eq(uploads.storageKey, key), isNull(uploads.ownerId)));
}

/** An upload nothing refers to is kept this long, so a form being filled in can still use it. */
export const UNREFERENCED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 200;

/** Pulls the storage key out of an image address, in SQL; null for other addresses. */
const keyIn = (address: SQL) =>
  sql`substring(${address} from '^/uploads/([a-z0-9]+)-[0-9]+\\.(webp|avif)$')`;
const publishedImage = sql`(${properties.published} ->> 'image')`;
const publishedPhotos = sql`coalesce(${properties.published} -> 'photos', '[]'::jsonb)`;

export interface SweepOptions {
  now?: Date;
  ttlMs?: number;
  batchSize?: number;
}

/**
 * Deletes the uploads (rows and files) that were made more than `ttlMs` ago and that no listing
 * and no user refers to; answers how many went. The check and the delete are one statement, so
 * an upload that became referenced meanwhile stays. Rows go before files: a crash in between
 * leaves a file that costs disk space, never a row that could be attached to a listing and then
 * show nothing.
 */
export async function sweepUnreferencedUploads(
  db: Database,
  storage: ImageStorage,
  {
    now = new Date(),
    ttlMs = UNREFERENCED_UPLOAD_TTL_MS,
    batchSize = SWEEP_BATCH,
  }: SweepOptions = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - ttlMs);
  let removed = 0;
  for (;;) {
    // One pass over the image columns per batch (a hash anti-join), not one per upload.
    const gone = await queryRows<{ storage_key: string }>(
      db,
      sql`with referenced as (
            select ${keyIn(sql`${properties.image}`)} as key from ${properties}
              where ${properties.image} like '/uploads/%'
            union
            select ${keyIn(publishedImage)} from ${properties}
              where ${publishedImage} like '/uploads/%'
            union
            select ${keyIn(sql`photo ->> 'url'`)}
              from ${properties}, jsonb_array_elements(${properties.photos}) as photo
            union
            select ${keyIn(sql`photo ->> 'url'`)}
              from ${properties}, jsonb_array_elements(${publishedPhotos}) as photo
            union
            select ${keyIn(sql`${users.image}`)} from ${users}
              where ${users.image} like '/uploads/%'
          ),
          abandoned as (
            select ${uploads.id} as id from ${uploads}
            where ${uploads.createdAt} < ${cutoff.toISOString()}
              and not exists (select 1 from referenced where referenced.key = ${uploads.storageKey})
            order by ${uploads.createdAt}
            limit ${batchSize}
          )
          delete from ${uploads} where ${uploads.id} in (select id from abandoned)
          returning ${uploads.storageKey} as storage_key`,
    );
    for (const { storage_key: key } of gone) {
      await Promise.all(allVariantKeys(key).map((file) => storage.remove(file)));
    }
    removed += gone.length;
    if (gone.length < batchSize) return removed;
  }
}
