import { PHOTO_LARGE_WIDTH } from '@keyhaven/shared';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { properties, uploads } from '../../db/schema.js';
import type { ImagePipeline } from './image-pipeline.js';
import { readStoredBytes } from './image-storage.js';
import { decodeImage, encodeVariants, putVariants, variantKey } from './uploads.service.js';
import { QueueFullError } from './work-queue.js';

/*
 * Uploads from before photo galleries (variant set 1) have a 1600 px and a 480 px WebP only, and
 * no placeholder. After start, each instance redoes them one at a time in the background, from
 * the stored 1600 px WebP, taking turns with uploads in the image queue. Two instances may redo
 * the same upload at once: they write the same files, and only one of them records it.
 */

const LEGACY_VARIANT_SET = 1;
const CURRENT_VARIANT_SET = 2;
/** How long the upgrade steps aside when the image queue is full of uploads. */
const BUSY_PAUSE_MS = 5000;

export interface UpgradeDependencies {
  db: Database;
  pipeline: ImagePipeline;
  log: { info(data: object, message: string): void; warn(data: object, message: string): void };
  /** Called after listings' photos changed, so cached listing pages are dropped. */
  onListingsChanged: () => void;
  /** Whether to stop (the app is closing). */
  stopped?: () => boolean;
  pauseMs?: number;
}

/** Copies the placeholder into every photo (draft and published) showing `url`. */
async function copyPlaceholderToListings(db: Database, url: string, placeholder: string) {
  const withPlaceholder = (photos: unknown) => sql`coalesce((
      select jsonb_agg(case when photo ->> 'url' = ${url}
                            then jsonb_set(photo, '{placeholder}', to_jsonb(${placeholder}::text))
                            else photo end
                       order by position)
      from jsonb_array_elements(${photos}) with ordinality as listed(photo, position)
    ), '[]'::jsonb)`;
  const shows = (photos: unknown) =>
    sql`${photos} @> jsonb_build_array(jsonb_build_object('url', ${url}::text))`;
  const published = sql`${properties.published} -> 'photos'`;
  const changed = await db
    .update(properties)
    .set({
      photos: withPlaceholder(properties.photos),
      published: sql`case when ${shows(published)}
        then jsonb_set(${properties.published}, '{photos}', ${withPlaceholder(published)})
        else ${properties.published} end`,
    })
    .where(sql`${shows(properties.photos)} or coalesce(${shows(published)}, false)`)
    .returning({ id: properties.id });
  return changed.length;
}

/** Redoes one old upload; answers whether it was this call that recorded it. */
async function upgradeOne(
  deps: UpgradeDependencies,
  upload: { id: string; storageKey: string },
): Promise<boolean> {
  const { storage, queue } = deps.pipeline;
  const largeKey = variantKey(upload.storageKey, PHOTO_LARGE_WIDTH, 'webp');
  const bytes = await readStoredBytes(storage, largeKey);
  if (!bytes) throw new Error(`the stored ${largeKey} is missing`);
  const { variants, placeholder } = await queue.run(async () =>
    encodeVariants(await decodeImage(bytes, { failOn: 'error' })),
  );
  await putVariants(storage, upload.storageKey, variants);
  const [recorded] = await deps.db
    .update(uploads)
    .set({ variantSet: CURRENT_VARIANT_SET, placeholder })
    .where(and(eq(uploads.id, upload.id), eq(uploads.variantSet, LEGACY_VARIANT_SET)))
    .returning({ id: uploads.id });
  if (!recorded) return false;
  const listings = await copyPlaceholderToListings(deps.db, storage.urlFor(largeKey), placeholder);
  if (listings > 0) deps.onListingsChanged();
  return true;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Redoes every old upload, oldest key first, one at a time; answers how many this call recorded.
 * One that cannot be redone (its file is gone) is reported and passed over until the next start.
 */
export async function upgradeOldUploads(deps: UpgradeDependencies): Promise<number> {
  let after = '';
  let upgraded = 0;
  while (!deps.stopped?.()) {
    const [next] = await deps.db
      .select({ id: uploads.id, storageKey: uploads.storageKey })
      .from(uploads)
      .where(and(eq(uploads.variantSet, LEGACY_VARIANT_SET), gt(uploads.storageKey, after)))
      .orderBy(asc(uploads.storageKey))
      .limit(1);
    if (!next) break;
    try {
      if (await upgradeOne(deps, next)) upgraded += 1;
      after = next.storageKey;
    } catch (error) {
      if (error instanceof QueueFullError) {
        // Uploads come first: try the same one again once the queue has room.
        await pause(deps.pauseMs ?? BUSY_PAUSE_MS);
        continue;
      }
      deps.log.warn({ err: error, upload: next.id }, 'old upload not redone');
      after = next.storageKey;
    }
  }
  if (upgraded > 0) deps.log.info({ upgraded }, 'old uploads redone with every variant');
  return upgraded;
}
