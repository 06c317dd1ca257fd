import { Badge } from '@/components/ui/badge';
import { APPROVAL_LABELS, type Property } from '../types';

/** 'Sold' or 'Pending' when a listing is no longer simply available (spec section 4). */
export function AvailabilityBadge({ availability }: Pick<Property, 'availability'>) {
  if (availability === 'Available') return null;
  return (
    <Badge tone={availability === 'Sold' ? 'dark' : 'amberSolid'} srPrefix="Availability:">
      {availability}
    </Badge>
  );
}

const APPROVAL_TONES = { pending: 'amber', true: 'green', false: 'red' } as const;

/** Pending, Approved or Rejected. */
export function ApprovalBadge({ adminApproval }: Pick<Property, 'adminApproval'>) {
  return (
    <Badge tone={APPROVAL_TONES[adminApproval]} srPrefix="Approval:">
      {APPROVAL_LABELS[adminApproval]}
    </Badge>
  );
}
