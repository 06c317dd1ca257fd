import { LISTING_BADGE_DAYS } from '@keyhaven/shared/constants';
import { LISTING_HISTORY_MESSAGES, priceCutBadge } from '@keyhaven/shared/texts';
import { Badge } from '@/components/ui/badge';
import type { PropertyCard } from '@/lib/listing';

const DAY_MS = 86_400_000;
const within = (at: string, days: number, now: number) => now - Date.parse(at) <= days * DAY_MS;

/**
 * "Price cut $15k" for a home for sale whose price came down lately, else "New" for one listed
 * lately: on the cards of the search, its map popups and the wishlist.
 */
export function MarketChangeBadge({
  listing,
  className,
}: {
  listing: Pick<PropertyCard, 'availability' | 'listedAt' | 'priceCut'>;
  className?: string;
}) {
  if (listing.availability !== 'Available') return null;
  const now = Date.now();
  const { priceCut, listedAt } = listing;
  if (priceCut && within(priceCut.at, LISTING_BADGE_DAYS.priceCut, now)) {
    return (
      <Badge tone="red" className={className}>
        {priceCutBadge(priceCut.amount)}
      </Badge>
    );
  }
  if (listedAt && within(listedAt, LISTING_BADGE_DAYS.new, now)) {
    return (
      <Badge tone="green" className={className}>
        <span aria-hidden="true">{LISTING_HISTORY_MESSAGES.newBadge}</span>
        <span className="sr-only">
          {LISTING_HISTORY_MESSAGES.newBadgeLabel(LISTING_BADGE_DAYS.new)}
        </span>
      </Badge>
    );
  }
  return null;
}
