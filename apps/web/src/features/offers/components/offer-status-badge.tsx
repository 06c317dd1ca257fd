import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { RequestedProperty, RequestStatus } from '../types';

type Look = { label: string; tone: BadgeTone };

/** How an accepted offer that ended unpaid reads, for its buyer and its agent alike. */
const ENDED: Record<'withdrawn' | 'lapsed' | 'released', Look> = {
  withdrawn: { label: 'Withdrawn', tone: 'neutral' },
  lapsed: { label: 'Lapsed', tone: 'neutral' },
  released: { label: 'Released', tone: 'neutral' },
};

const BUYER_STATUS: Record<RequestStatus, Look> = {
  pending: { label: 'Pending', tone: 'amber' },
  accepted: { label: 'Accepted', tone: 'teal' },
  rejected: { label: 'Rejected', tone: 'red' },
  bought: { label: 'Bought', tone: 'green' },
  ...ENDED,
};

/**
 * An offer's state as its buyer reads it: pending, accepted, rejected or bought,
 * or how an accepted offer ended unpaid.
 */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const { label, tone } = BUYER_STATUS[status];
  return (
    <Badge tone={tone} srPrefix="Status:">
      {label}
    </Badge>
  );
}

const AGENT_STATUS: Record<RequestedProperty['offerStatus'], Look> = {
  pending: { label: 'Pending', tone: 'amber' },
  accepted: { label: 'Accepted', tone: 'teal' },
  rejected: { label: 'Rejected', tone: 'red' },
  paid: { label: 'Sold', tone: 'green' },
  ...ENDED,
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
