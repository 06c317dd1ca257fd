import { LISTING_UNDER_REVIEW } from '@keyhaven/shared/texts';
import { Badge } from '@/components/ui/badge';
import type { Property } from '@/lib/listing';

/** 'Sold' or 'Pending' when a listing is no longer simply available. */
export function AvailabilityBadge({
  availability,
  labelled = false,
}: Pick<Property, 'availability'> & {
  /** Says "Availability:" to everyone, where an approval badge sits beside it. */
  labelled?: boolean;
}) {
  if (availability === 'Available') return null;
  return (
    <Badge
      tone={availability === 'Sold' ? 'dark' : 'amberSolid'}
      srPrefix="Availability:"
      prefixShown={labelled}
    >
      {availability}
    </Badge>
  );
}

/**
 * Whether buyers are looking at a listing that waits for an admin: an edit not yet checked, or a
 * rejection. They see its last approved version (or a placeholder) and cannot offer or pay.
 */
export const isUnderReview = (listing: Pick<Property, 'adminApproval'>) =>
  listing.adminApproval !== 'true';

/** 'Under review', over a listing buyers see as it was last approved. */
export function UnderReviewBadge({ className }: { className?: string }) {
  return (
    <Badge tone="amberSolid" srPrefix="Listing:" className={className}>
      {LISTING_UNDER_REVIEW.title}
    </Badge>
  );
}
