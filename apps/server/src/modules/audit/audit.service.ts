import type { AuditAction, AuditTargetType } from '@keyhaven/shared';
import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

export interface AuditEntry {
  actor: { id: string; email: string };
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  details?: Record<string, unknown>;
  /** What the target was before the action and after it (the fields the action changed). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Admin actions leave a trace, written in the same transaction as the action itself. */
export async function recordAudit(db: Executor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? {},
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
