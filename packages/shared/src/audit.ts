import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, BUSINESS_LIMITS } from './business-constants.js';
import { AUDIT_MESSAGES } from './business-messages.js';
import { queryInteger } from './numbers.js';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((value) => value || undefined);

/** The audit trail's filters: all optional, combined; dates are whole UTC days, both included. */
export const ZAuditLogQuery = z
  .object({
    /** An actor's e-mail address (any part of it) or account id. */
    actor: optionalText(254),
    action: z.enum(AUDIT_ACTIONS).optional(),
    targetType: z.enum(AUDIT_TARGET_TYPES).optional(),
    targetId: optionalText(100),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    page: queryInteger(1, 100_000, 1),
    limit: queryInteger(1, 100, BUSINESS_LIMITS.auditLogPageSize),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['from'],
    message: AUDIT_MESSAGES.badDateRange,
  });
export type AuditLogQuery = z.input<typeof ZAuditLogQuery>;

const ZRecord = z.record(z.string(), z.unknown());

export const ZAuditEntry = z
  .object({
    _id: z.uuid(),
    actorId: z.string().nullable(),
    actorEmail: z.string(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    /**
     * The target's name as it is now (a listing's title, a person's name), read beside the
     * entry; null for a target that has none or no longer exists.
     */
    targetName: z.string().nullable(),
    /** What the target was before the action and after it; null where there was nothing. */
    before: ZRecord.nullable(),
    after: ZRecord.nullable(),
    details: ZRecord,
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditLogPage = z
  .object({ items: z.array(ZAuditEntry), total: z.number().int() })
  .meta({ id: 'AuditLogPage' });
export type AuditLogPage = z.infer<typeof ZAuditLogPage>;
