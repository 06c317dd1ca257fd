import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import type { SessionUser } from '../auth/session-user.js';
import { claimUpload } from '../uploads/upload-references.js';

/** Sets (or, with null, removes) the user's own photo; the upload becomes theirs if unowned. */
export async function setOwnPhoto(
  db: Database,
  user: SessionUser,
  photo: string | null,
): Promise<SessionUser> {
  const [updated] = await db
    .update(users)
    .set({ image: photo })
    .where(eq(users.id, user.id))
    .returning();
  if (!updated) throw notFound('User not found');
  await claimUpload(db, photo, user.id);
  return updated;
}
