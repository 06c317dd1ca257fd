import type { PaymentHold } from '@keyhaven/shared';

/**
 * Money moves only for a listing buyers can trust right now: approved by an admin, from an agent
 * not marked as fraud. Anything else holds the payment; the buyer is told why.
 */
export function paymentHoldOf(listing: {
  approval: string;
  agentRole: string;
}): PaymentHold | null {
  if (listing.agentRole === 'fraud') return 'agent-suspended';
  if (listing.approval !== 'approved') return 'under-review';
  return null;
}
