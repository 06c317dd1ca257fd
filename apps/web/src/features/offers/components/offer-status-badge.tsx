import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { RequestedProperty, RequestStatus } from '../types';

const BUYER_STATUS: Record<RequestStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'amber' },
  accepted: { label: 'Accepted', tone: 'teal' },
  rejected: { label: 'Rejected', tone: 'red' },
  bought: { label: 'Bought', tone: 'green' },
};

/** An offer's state as its buyer reads it: pending, accepted, rejected or bought (spec section 4). */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const { label, tone } = BUYER_STATUS[status];
  return (
    <Badge tone={tone} srPrefix="Status:">
      {label}
    </Badge>
  );
}

const AGENT_STATUS: Record<RequestedProperty['offerStatus'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'amber' },
  accepted: { label: 'Accepted', tone: 'teal' },
  rejected: { label: 'Rejected', tone: 'red' },
  paid: { label: 'Sold', tone: 'green' },
};

/** An offer's state as the agent reads it: a paid offer is a sale. */
export function OfferStatusBadge({ status }: { status: RequestedProperty['offerStatus'] }) {
  const { label, tone } = AGENT_STATUS[status];
  return (
    <Badge tone={tone} srPrefix="Status:">
      {label}
    </Badge>
  );
}
