import {
  AUDIT_ACTION_LABELS,
  type AuditAction,
  type AuditTargetType,
} from '@keyhaven/shared/constants';

/** How each kind of target reads in the filters and on an entry. */
export const TARGET_TYPE_LABELS: Record<AuditTargetType, string> = {
  user: 'User',
  property: 'Listing',
  review: 'Review',
  offer: 'Offer',
  payment: 'Payment',
  message: 'Message',
  export: 'CSV export',
  job: 'Job',
};

/** An action's label; an action this page does not know yet shows as the server wrote it. */
export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;

export const targetTypeLabel = (type: string) =>
  TARGET_TYPE_LABELS[type as AuditTargetType] ?? type;
