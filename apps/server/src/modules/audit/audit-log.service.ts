import type { AuditEntry, AuditLogPage } from '@keyhaven/shared';
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { auditLog, properties, users } from '../../db/schema.js';

export interface AuditLogFilters {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** Whole UTC days (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
}

/** `%text%` for ILIKE, with the text's own `%`, `_` and `\` matched as themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);
const startOfNextDay = (day: string) => new Date(startOfDay(day).getTime() + 86_400_000);

function conditions(filters: AuditLogFilters): SQL | undefined {
  const where: Array<SQL | undefined> = [];
  // An admin pastes an account id or types part of an address; either finds the actor, even
  // once their account is gone (the entry keeps both).
  if (filters.actor) {
    where.push(
      or(
        eq(auditLog.actorId, filters.actor),
        ilike(auditLog.actorEmail, containing(filters.actor)),
      ),
    );
  }
  if (filters.action) where.push(eq(auditLog.action, filters.action));
  if (filters.targetType) where.push(eq(auditLog.targetType, filters.targetType));
  if (filters.targetId) where.push(eq(auditLog.targetId, filters.targetId));
  if (filters.from) where.push(gte(auditLog.createdAt, startOfDay(filters.from)));
  if (filters.to) where.push(lt(auditLog.createdAt, startOfNextDay(filters.to)));
  return and(...where);
}

type AuditRow = typeof auditLog.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const idsOf = (rows: AuditRow[], type: string) => [
  ...new Set(rows.filter((row) => row.targetType === type).map((row) => row.targetId)),
];

/**
 * The names of the page's targets as they are now, by type and id: listings' titles and people's
 * names, read beside the trail (which stays as it was written) in one query each.
 */
async function targetNames(db: Database, rows: AuditRow[]) {
  const names = new Map<string, string>();
  const listingIds = idsOf(rows, 'property').filter((id) => UUID.test(id));
  const userIds = idsOf(rows, 'user');
  const [listings, people] = await Promise.all([
    listingIds.length === 0
      ? []
      : db
          .select({ id: properties.id, name: properties.title })
          .from(properties)
          .where(inArray(properties.id, listingIds)),
    userIds.length === 0
      ? []
      : db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)),
  ]);
  for (const { id, name } of listings) names.set(`property:${id}`, name);
  for (const { id, name } of people) names.set(`user:${id}`, name);
  return names;
}

const toEntry = (row: AuditRow, names: Map<string, string>): AuditEntry => ({
  _id: row.id,
  actorId: row.actorId,
  actorEmail: row.actorEmail,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  targetName: names.get(`${row.targetType}:${row.targetId}`) || null,
  before: row.before ?? null,
  after: row.after ?? null,
  details: row.details,
  createdAt: row.createdAt.toISOString(),
});

/** The trail as an admin reads it: newest first, filtered, a page at a time, with the total. */
export async function listAuditLog(
  db: Database,
  filters: AuditLogFilters,
  page: number,
  limit: number,
): Promise<AuditLogPage> {
  const where = conditions(filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  const names = await targetNames(db, rows);
  return { items: rows.map((row) => toEntry(row, names)), total: totals?.total ?? 0 };
}
