import type { users } from '../../db/schema.js';

/** The signed-in user as every request sees it: the account's row, read fresh each time. */
export type SessionUser = typeof users.$inferSelect;
