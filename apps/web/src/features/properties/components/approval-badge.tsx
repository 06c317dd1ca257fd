import { Badge } from '@/components/ui/badge';
import type { Property } from '@/lib/listing';
import { APPROVAL_LABELS } from '../types';

const APPROVAL_TONES = { pending: 'amber', true: 'green', false: 'red' } as const;

/** Pending, Approved or Rejected. */
export function ApprovalBadge({ adminApproval }: Pick<Property, 'adminApproval'>) {
  return (
    <Badge tone={APPROVAL_TONES[adminApproval]} srPrefix="Approval:">
      {APPROVAL_LABELS[adminApproval]}
    </Badge>
  );
}
