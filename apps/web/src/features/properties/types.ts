import type { Property } from '@/lib/listing';

/** How approval reads on screen. */
export const APPROVAL_LABELS: Record<Property['adminApproval'], string> = {
  pending: 'Pending',
  true: 'Approved',
  false: 'Rejected',
};

/** The `status` filter of the managed lists, and the approval each value stands for. */
export const APPROVAL_FILTERS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const;
export type ApprovalFilter = (typeof APPROVAL_FILTERS)[number]['value'];
