import type { Database } from '../../db/client.js';
import { newsletterSubscribers } from '../../db/schema.js';

/** Adds an e-mail to the newsletter list; one already on it stays as it is. */
export async function subscribe(db: Database, email: string) {
  await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
}
