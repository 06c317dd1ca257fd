import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import {
  addToCompare,
  COMPARE_LIMIT_MESSAGE,
  type ComparedListing,
  removeFromCompare,
  useComparedListings,
} from '@/lib/compare-list';
import { toast } from '@/lib/toast';

type CompareToggleProps = {
  listing: ComparedListing;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

/**
 * Puts a listing beside others on the compare page, or takes it off. Pressed while the listing is
 * chosen; a fifth listing is refused out loud (the toast is a live region), so nothing is dropped
 * silently.
 */
export function CompareToggle({ listing, size = 'md', className }: CompareToggleProps) {
  const chosen = useComparedListings().some(({ id }) => id === listing.id);
  const toggle = () => {
    if (chosen) {
      removeFromCompare(listing.id);
      return;
    }
    if (addToCompare(listing) === 'full') toast.error(COMPARE_LIMIT_MESSAGE);
  };
  return (
    <Button
      variant={chosen ? 'primary' : 'secondary'}
      size={size}
      aria-pressed={chosen}
      onClick={toggle}
      className={className}
    >
      {chosen && <CheckIcon className="size-4" />}
      {chosen ? 'Remove from compare' : 'Compare'}
      <span className="sr-only">: {listing.title}</span>
    </Button>
  );
}
