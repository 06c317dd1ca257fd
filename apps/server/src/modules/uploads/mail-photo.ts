import { OWN_IMAGE_URL, PHOTO_LARGE_WIDTH } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import type { ImagePipeline } from './image-pipeline.js';
import { readStoredBytes } from './image-storage.js';
import { decodeImage, encodeMailPhoto, mailPhotoKey, variantKey } from './uploads.service.js';

/**
 * The address of the JPEG a mail shows for one of our photo addresses (`/uploads/<key>-<width>
 * .webp`), or undefined when that upload is gone. Uploads from before mails had their JPEG get
 * it here, made from the widest WebP while the mail is built, so no mail shows a WebP.
 */
export async function mailPhotoFor(
  db: Database,
  { storage, queue }: ImagePipeline,
  address: string,
): Promise<string | undefined> {
  const storageKey = OWN_IMAGE_URL.exec(address)?.[1];
  if (!storageKey) return undefined;
  const key = mailPhotoKey(storageKey);
  const existing = await storage.read(key);
  if (existing) {
    existing.body.destroy();
    return storage.urlFor(key);
  }
  const source = await readStoredBytes(storage, variantKey(storageKey, PHOTO_LARGE_WIDTH, 'webp'));
  if (!source) return undefined;
  // A full image queue fails the mail's job, which is tried again later.
  const data = await queue.run(async () =>
    encodeMailPhoto(await decodeImage(source, { failOn: 'error' })),
  );
  await storage.put(key, data, 'image/jpeg');
  // The sweep deletes an upload's row before its files. The row still there after the put means
  // a sweep removing it later removes this file too; the row already gone means the sweep may
  // have removed the files before this one came, so it goes now instead of staying orphaned.
  const [kept] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(eq(uploads.storageKey, storageKey));
  if (!kept) {
    await storage.remove(key);
    return undefined;
  }
  return storage.urlFor(key);
}
