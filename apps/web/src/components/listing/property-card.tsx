import { PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { coverPhotoOf } from '@/lib/image-renditions';
import type { Property } from '@/lib/listing';
import { areaText, plural, priceRangeText, roomCount } from '@/lib/listing-format';
import { propertyDetailsPath } from '@/lib/paths';
import { AgentLink } from './agent-link';
import { CompareToggle } from './compare-toggle';
import { CARD_SIZES, ListingPicture } from './listing-picture';
import { OpenHouseBadge } from './open-house-badge';

type CardProperty = Partial<Property> & Pick<Property, '_id'>;

type PropertyCardProps = {
  property: CardProperty;
  /** Status labels over the picture (Sold, Pending, approval). */
  badges?: ReactNode;
  /** In place of the price range (a sold home's sale, say). */
  price?: ReactNode;
  /** Replaces the View Details link (the dashboard lists add Edit and Delete). */
  actions?: ReactNode;
  /** The card a phone shows first may load its picture at once. */
  imageLoading?: 'lazy' | 'eager';
  /** h2 on a page of listings under its h1; h3 inside a titled section. */
  headingLevel?: 'h2' | 'h3';
  /** Off where every card is the same agent's (their profile, their own dashboard). */
  showAgent?: boolean;
};

/** A listing in a grid, with a fallback for every missing field, so a sparse listing still reads well. */
export function PropertyCard({
  property,
  badges,
  price,
  actions,
  imageLoading = 'lazy',
  headingLevel: Heading = 'h2',
  showAgent = true,
}: PropertyCardProps) {
  const title = property.title?.trim() || PROPERTY_MESSAGES.untitled;
  const location = property.location?.trim() || PROPERTY_MESSAGES.noLocation;
  const beds = roomCount(property.bedrooms);
  const baths = roomCount(property.bathrooms);

  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-sand bg-white shadow-sm">
      <div className="relative">
        <ListingPicture
          photo={coverPhotoOf(property, title)}
          sizes={CARD_SIZES}
          loading={imageLoading}
        />
        {badges && <div className="absolute top-3 left-3 flex flex-wrap gap-2">{badges}</div>}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold tracking-wide text-teal-800 uppercase">
          {property.propertyType || PROPERTY_MESSAGES.unknownType}
        </p>
        <Heading className="mt-1 text-lg font-bold text-stone-900">{title}</Heading>
        <p className="mt-1 text-sm text-stone-700">{location}</p>
        <OpenHouseBadge openHouses={property.openHouses} className="mt-2 self-start" />
        <p className="mt-3 text-lg font-bold text-teal-900">
          {price ?? priceRangeText(property.minPrice, property.maxPrice)}
        </p>
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
          <li>{plural(beds, 'bed', 'beds')}</li>
          <li>{plural(baths, 'bath', 'baths')}</li>
          <li>{areaText(property.areaSize)}</li>
        </ul>
        {showAgent && property.creatorUID && property.agentName && (
          <p className="mt-3 text-sm text-stone-700">
            {PROPERTY_MESSAGES.listedBy}{' '}
            <AgentLink agentId={property.creatorUID} name={property.agentName} />
          </p>
        )}
        <div className="mt-auto pt-5">
          {actions ?? (
            <Link
              to={propertyDetailsPath(property._id)}
              className={buttonStyles({ variant: 'secondary', className: 'w-full' })}
            >
              View Details<span className="sr-only">: {title}</span>
            </Link>
          )}
          {/* Every card offers Compare, so a buyer can pick homes wherever they meet them. */}
          {property._id && (
            <CompareToggle
              listing={{ id: property._id, title, image: property.image ?? null }}
              className="mt-2 w-full"
            />
          )}
        </div>
      </div>
    </article>
  );
}

/** Grey cards in the shape of the real ones while a list loads. */
export function PropertyCardSkeletons({ count, className }: { count: number; className?: string }) {
  return (
    <div role="status" aria-label="Loading properties" className={className}>
      {Array.from({ length: count }, (_, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          key={i}
          aria-hidden="true"
          className={cn(
            'overflow-hidden rounded-2xl border border-sand bg-white shadow-sm',
            'motion-safe:animate-pulse',
          )}
        >
          <div className="aspect-[3/2] bg-sand" />
          <div className="space-y-3 p-5">
            <div className="h-3 w-1/4 rounded bg-stone-200" />
            <div className="h-5 w-3/4 rounded bg-stone-200" />
            <div className="h-4 w-1/2 rounded bg-stone-200" />
            <div className="h-10 rounded-lg bg-stone-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
