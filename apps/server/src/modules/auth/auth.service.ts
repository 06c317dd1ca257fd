import { AUTH_MESSAGES } from '@keyhaven/shared';
import { eq, sql } from 'drizzle-orm';
import { type Database, preparedPerDatabase } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { conflict } from '../../lib/app-error.js';
import type { SessionUser } from './session-user.js';

const sessionWithUser = preparedPerDatabase((db) =>
  db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_user'),
);

/** A session token's session with its user, in one query (every signed-in request asks). */
export async function findSessionWithUser(
  db: Database,
  token: string,
): Promise<{ user: SessionUser; expiresAt: Date } | undefined> {
  const [found] = await sessionWithUser(db).execute({ token });
  return found;
}

export async function findUserById(db: Database, id: string): Promise<SessionUser | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** E-mails are stored lower-case; callers pass them as validated (trimmed, lower-cased). */
export async function findUserByEmail(
  db: Database,
  email: string,
): Promise<SessionUser | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

/** One account per e-mail: registration says so before creating anything. */
export async function assertEmailFree(db: Database, email: string) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw conflict(AUTH_MESSAGES.emailTaken);
}
