import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

export interface AuditEntry {
  actor: { id: string; email: string };
  action:
    | 'user.role_changed'
    | 'user.deleted'
    | 'property.approval_changed'
    | 'review.deleted'
    | 'property.deleted'
    | 'offer.released'
    | 'payment.refunded'
    | 'message.removed';
  targetType: 'user' | 'property' | 'review' | 'offer' | 'payment' | 'message';
  targetId: string;
  details?: Record<string, unknown>;
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
  });
}
