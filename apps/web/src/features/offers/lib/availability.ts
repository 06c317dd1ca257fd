import type { Property } from '../types';

/** Why a listing takes no offers, or `null` when it does. */
export function closedReason(availability: Property['availability']): string | null {
  if (availability === 'Sold') return 'This property has been sold.';
  if (availability === 'Pending') {
    return 'An offer on this property has been accepted, so it is not taking new offers.';
  }
  return null;
}
