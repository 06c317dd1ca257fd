import {
  ADMIN_APPROVAL_STORED,
  type AdminApprovalStored,
  APPROVAL_TO_WIRE,
} from '@keyhaven/shared/constants';
import type { Property } from '@/lib/listing';

/** How approval reads on screen. */
export const APPROVAL_LABELS: Record<Property['adminApproval'], string> = {
  pending: 'Pending',
  true: 'Approved',
  false: 'Rejected',
};

/** The `status` filter of the managed lists: each stored approval, named as its badge reads. */
export const APPROVAL_FILTERS = ADMIN_APPROVAL_STORED.map((value) => ({
  value,
  label: APPROVAL_LABELS[APPROVAL_TO_WIRE[value]],
}));
export type ApprovalFilter = AdminApprovalStored;
