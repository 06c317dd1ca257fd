import { OFFER_MESSAGES } from '@keyhaven/shared/texts';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListingPicture } from '@/components/listing/listing-picture';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useSignedInUser } from '@/hooks/use-session';
import { coverPhotoOf } from '@/lib/image-renditions';
import { priceRangeText } from '@/lib/listing-format';
import { paths, propertyDetailsPath } from '@/lib/paths';
import type { User } from '@/lib/user';
import { useMyOffers } from '../api/get-my-offers';
import {
  type KeepOnWishlist,
  newOfferTicket,
  type OfferSubmittedState,
  useMakeOffer,
} from '../api/make-offer';
import { MakeOfferForm, type OfferInput } from '../components/make-offer-form';
import { closedReason } from '../lib/availability';
import { ownerName } from '../lib/owner';
import { isLiveOffer, type Property } from '../types';

function Summary({ property }: { property: Property }) {
  return (
    <section
      aria-labelledby="offer-summary-title"
      className="overflow-hidden rounded-2xl border border-sand bg-white shadow-sm"
    >
      <ListingPicture
        photo={coverPhotoOf(property, property.title)}
        sizes="(min-width: 1024px) 20rem, 100vw"
        priority
      />
      <div className="p-5">
        <h2 id="offer-summary-title" className="text-xl font-bold text-stone-900">
          {property.title}
        </h2>
        <p className="mt-1 text-stone-700">{property.location}</p>
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex flex-wrap justify-between gap-2">
            <dt className="text-stone-600">Owner</dt>
            <dd className="font-medium text-stone-900">{ownerName(property)}</dd>
          </div>
          <div className="flex flex-wrap justify-between gap-2">
            <dt className="text-stone-600">Price range</dt>
            <dd className="font-semibold text-teal-900">
              {priceRangeText(property.minPrice, property.maxPrice)}
            </dd>
          </div>
        </dl>
        <Link
          to={propertyDetailsPath(property._id)}
          className="mt-4 inline-block text-sm font-semibold text-teal-800 underline-offset-2 hover:underline"
        >
          View property details
        </Link>
      </div>
    </section>
  );
}

/**
 * Why this user cannot offer on this listing now (`null` when they can), or `undefined` while the
 * buyer's own offers load.
 */
function useBlocker(user: User, property: Property): ReactNode | undefined {
  const isBuyer = user.role === 'user';
  const offers = useMyOffers(user.uid, { enabled: isBuyer });
  if (user.role === 'fraud') {
    return (
      <Notice tone="warning">Your account cannot make offers. Contact support for help.</Notice>
    );
  }
  if (!isBuyer) {
    return <Notice>Only buyers can make offers. Agents and admins can browse listings.</Notice>;
  }
  // A failed check is no reason to stop the buyer: the server refuses a second offer anyway.
  if (offers.isPending) return undefined;
  if (offers.data?.some((offer) => offer._id === property._id && isLiveOffer(offer))) {
    return (
      <Notice title={OFFER_MESSAGES.requested}>
        You already have an offer on this property.{' '}
        <Link to={paths.dashboard.bought} className="font-semibold underline">
          See it in Purchased Properties
        </Link>
        .
      </Notice>
    );
  }
  const reason = closedReason(property.availability);
  return reason ? <Notice tone="warning">{reason}</Notice> : null;
}

type MakeOfferPageProps = {
  property: Property;
  /** Saves the listing to the buyer's wishlist once the offer is made. */
  keepOnWishlist: KeepOnWishlist;
};

/** The listing's summary and the offer form, or why this user cannot offer on it now. */
export function MakeOfferPage({ property, keepOnWishlist }: MakeOfferPageProps) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const makeOffer = useMakeOffer(keepOnWishlist);
  const blocker = useBlocker(user, property);
  /*
   * Once the offer is sent the buyer is on their way to the wishlist, and on a slow phone this page
   * stays up while that page's code arrives. Until it has gone, the form stays as it was sent, busy,
   * rather than show what the offer itself changes: the buyer's own new offer, as if it stood in
   * their way.
   */
  const [sent, setSent] = useState(false);

  // Back one page; straight to the listing when this page was opened directly.
  const cancel = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(propertyDetailsPath(property._id));
  };

  const submit = ({ offerAmount, selectedDate }: OfferInput) => {
    setSent(true);
    const ticket = newOfferTicket();
    makeOffer.mutate({
      propertyId: property._id,
      ticket,
      body: {
        offerAmount,
        selectedDate,
        uid: user.uid,
        _id: user._id,
        email: user.email,
        name: user.name,
        phone: user.phone,
        photo: user.photo,
        role: user.role,
      },
    });
    // On to the wishlist at once, without waiting for the server; the outcome is shown there when it arrives.
    const state: OfferSubmittedState = { offerTicket: ticket };
    navigate(paths.dashboard.wishlist, { state });
  };

  return (
    <ContentLayout heading="Make Offer">
      <div className="mt-8 grid gap-8 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div>
          <Summary property={property} />
        </div>
        <div className="min-w-0">
          {!sent && blocker === undefined ? (
            <Spinner label="Checking your offers" className="py-16" />
          ) : !sent && blocker ? (
            <div className="space-y-4">
              {blocker}
              <Button variant="secondary" onClick={cancel}>
                Go Back
              </Button>
            </div>
          ) : (
            <MakeOfferForm
              property={property}
              user={user}
              pending={sent}
              onSubmit={submit}
              onCancel={cancel}
            />
          )}
        </div>
      </div>
    </ContentLayout>
  );
}
