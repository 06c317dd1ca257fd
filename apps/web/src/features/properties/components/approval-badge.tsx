import { Badge } from '@/components/ui/badge';
import type { Property } from '@/lib/listing';
import { APPROVAL_LABELS } from '../types';

const APPROVAL_TONES = { pending: 'amber', true: 'green', false: 'red' } as const;

/**
 * Pending, Approved or Rejected, said as "Approval: Pending" to everyone: it sits beside the
 * availability badge, which may read Pending too.
 */
export function ApprovalBadge({ adminApproval }: Pick<Property, 'adminApproval'>) {
  return (
    <Badge tone={APPROVAL_TONES[adminApproval]} srPrefix="Approval:" prefixShown>
      {APPROVAL_LABELS[adminApproval]}
    </Badge>
  );
}
