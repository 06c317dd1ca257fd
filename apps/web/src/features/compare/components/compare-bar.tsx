import { Link, useLocation } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import {
  COMPARE_LIMIT,
  type ComparedListing,
  clearCompare,
  removeFromCompare,
  useComparedListings,
} from '@/lib/compare-list';
import { renditionsOf } from '@/lib/image-renditions';
import { comparePath, paths } from '@/lib/paths';

function Thumbnail({ image }: { image: string | null }) {
  const thumbnail = renditionsOf(image)?.thumbnail;
  if (!thumbnail) return <span aria-hidden="true" className="size-9 shrink-0 rounded bg-sand" />;
  return (
    <img
      src={thumbnail}
      alt=""
      width={36}
      height={36}
      loading="lazy"
      className="size-9 shrink-0 rounded object-cover"
    />
  );
}

function ChosenListing({ listing }: { listing: ComparedListing }) {
  return (
    <li className="flex max-w-56 shrink-0 items-center gap-2 rounded-lg border border-sand bg-cream py-1 pr-1 pl-1">
      <Thumbnail image={listing.image} />
      <span className="truncate text-sm font-medium text-stone-900">{listing.title}</span>
      <button
        type="button"
        onClick={() => removeFromCompare(listing.id)}
        aria-label={`Remove ${listing.title} from compare`}
        className="grid size-8 shrink-0 cursor-pointer place-items-center rounded-md text-stone-700 hover:bg-sand hover:text-stone-950"
      >
        <CloseIcon className="size-4" />
      </button>
    </li>
  );
}

/**
 * The homes a buyer has picked to compare, at the foot of every page but the comparison itself.
 * It sticks to the bottom of the screen yet keeps its own place after the footer, so on a phone
 * the end of a page can always be scrolled clear of it.
 */
export function CompareBar() {
  const listings = useComparedListings();
  const { pathname } = useLocation();
  if (listings.length === 0 || pathname === paths.compare) return null;
  return (
    <section
      aria-label="Homes to compare"
      className="sticky bottom-0 z-30 border-t border-sand bg-white/95 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4 sm:px-6 lg:px-8">
        <p className="shrink-0 text-sm font-semibold text-teal-900">
          {listings.length} of {COMPARE_LIMIT} homes to compare
        </p>
        <ul className="flex min-w-0 flex-1 gap-2 overflow-x-auto">
          {listings.map((listing) => (
            <ChosenListing key={listing.id} listing={listing} />
          ))}
        </ul>
        <div className="flex shrink-0 gap-2">
          <Button variant="ghost" size="sm" onClick={clearCompare}>
            Clear
          </Button>
          <Link
            to={comparePath(listings.map(({ id }) => id))}
            className={buttonStyles({ size: 'sm', className: 'flex-1 sm:flex-none' })}
          >
            Compare ({listings.length})
          </Link>
        </div>
      </div>
    </section>
  );
}
