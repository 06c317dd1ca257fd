import { and, eq, like } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { verifications } from '../../db/schema.js';

/** How better-auth names a reset link's verification row: this prefix, then the token. */
export const RESET_LINK_PREFIX = 'reset-password:';

/** Every reset link an account was sent stops working (its password has just changed). */
export async function forgetResetLinks(db: Database, userId: string) {
  await db
    .delete(verifications)
    .where(
      and(eq(verifications.value, userId), like(verifications.identifier, `${RESET_LINK_PREFIX}%`)),
    );
}
