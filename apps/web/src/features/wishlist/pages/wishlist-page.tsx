import { OFFER_MESSAGES } from '@keyhaven/shared/texts';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import {
  AvailabilityBadge,
  isUnderReview,
  UnderReviewBadge,
} from '@/components/listing/listing-badges';
import { PropertyCard } from '@/components/listing/property-card';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button, buttonStyles } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { useSignedInUser } from '@/hooks/use-session';
import type { Property } from '@/lib/listing';
import { paths, propertyDetailsPath } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useWishlist } from '../api/get-wishlist';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';

function EmptyWishlist() {
  return (
    <div className="mt-8 rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center">
      <p className="text-lg font-semibold text-stone-900">{OFFER_MESSAGES.wishlistEmpty}</p>
      <p className="mt-2 text-stone-700">Save listings you like and they will wait for you here.</p>
      <Link to={paths.allProperties} className={buttonStyles({ className: 'mt-5' })}>
        Browse Properties
      </Link>
    </div>
  );
}

type SavedCardProps = {
  property: Property;
  offerButton: (property: Property) => ReactNode;
  onRemove: (property: Property) => void;
};

/**
 * One saved listing. While it waits for review, buyers see it as it was last approved (or a
 * placeholder), marked 'Under review', with no way to offer and no details page to open.
 */
function SavedCard({ property, offerButton, onRemove }: SavedCardProps) {
  const underReview = isUnderReview(property);
  const noteId = useId();
  const remove = (
    <Button
      variant="dangerOutline"
      onClick={() => onRemove(property)}
      aria-describedby={underReview ? noteId : undefined}
    >
      Remove<span className="sr-only">: {property.title}</span>
    </Button>
  );
  return (
    <PropertyCard
      property={property}
      badges={
        <>
          {underReview && <UnderReviewBadge />}
          <AvailabilityBadge availability={property.availability} />
        </>
      }
      actions={
        underReview ? (
          <div className="flex flex-col gap-2">
            <p id={noteId} className="text-sm text-stone-700">
              Our team is checking changes to this listing. You can make an offer once it is
              approved again.
            </p>
            {remove}
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            {offerButton(property)}
            <div className="grid grid-cols-2 gap-2">
              <Link
                to={propertyDetailsPath(property._id)}
                className={buttonStyles({ variant: 'secondary' })}
              >
                Details<span className="sr-only">: {property.title}</span>
              </Link>
              {remove}
            </div>
          </div>
        )
      }
    />
  );
}

/**
 * My Wish List: the buyer's saved listings, each with Make Offer and Remove;
 * one under review shows its last approved version and cannot take an offer.
 */
type WishlistPageProps = {
  /** Make Offer for a saved listing. */
  offerButton: (property: Property) => ReactNode;
  /** Over the list: how the offer the buyer was just sent here from went. */
  offerOutcome?: ReactNode;
  /** That offer is still on its way, and saves its listing here when it arrives. */
  offerPending?: boolean;
  /** Under the list: the wishlist the buyer shares with others (Shopping together). */
  together?: ReactNode;
};

export function WishlistPage({
  offerButton,
  offerOutcome,
  offerPending = false,
  together,
}: WishlistPageProps) {
  const user = useSignedInUser();
  const wishlist = useWishlist(user.uid);
  const remove = useRemoveFromWishlist();
  const [removing, setRemoving] = useState<Property | null>(null);
  // A removed card takes its Remove button along: focus moves to the list's summary instead.
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const removedRef = useRef(false);
  const focus = useReturnFocus();

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { propertyId: removing._id, uid: user.uid },
      {
        onSuccess: () => {
          removedRef.current = true;
          toast.success(OFFER_MESSAGES.removed);
        },
        onError: () => toast.error(OFFER_MESSAGES.removeFailed),
        onSettled: () => setRemoving(null),
      },
    );
  };

  return (
    <ContentLayout heading="Saved Properties">
      {offerOutcome}
      {wishlist.isPending ? (
        <Spinner label="Loading your wishlist" className="py-16" />
      ) : wishlist.isError ? (
        <ErrorState
          inline
          error={wishlist.error}
          message="We couldn't load your wishlist. Please try again."
          onRetry={() => wishlist.refetch()}
          retrying={wishlist.isFetching}
          className="mt-6"
        />
      ) : wishlist.data.length === 0 ? (
        // An offer on its way saves its listing here: wait for it rather than say 'empty'.
        offerPending || wishlist.isFetching ? (
          <Spinner label="Loading your wishlist" className="py-16" />
        ) : (
          <EmptyWishlist />
        )
      ) : (
        <>
          <p ref={summaryRef} tabIndex={-1} className="mt-2 text-stone-700">
            {wishlist.data.length === 1
              ? '1 saved property'
              : `${wishlist.data.length} saved properties`}
          </p>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {wishlist.data.map((property) => (
              <li key={property._id}>
                <SavedCard
                  property={property}
                  offerButton={offerButton}
                  onRemove={(chosen) => {
                    focus.remember();
                    setRemoving(chosen);
                  }}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      {together}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove from wishlist?"
        description={
          <p>
            <strong>{removing?.title}</strong> will no longer be in your saved properties.
          </p>
        }
        confirmLabel="Remove"
        pendingLabel="Removing..."
        tone="danger"
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onCloseAutoFocus={(event) => {
          if (removedRef.current) {
            removedRef.current = false;
            event.preventDefault();
            summaryRef.current?.focus();
          } else {
            focus.restore(event, summaryRef.current);
          }
        }}
      />
    </ContentLayout>
  );
}
