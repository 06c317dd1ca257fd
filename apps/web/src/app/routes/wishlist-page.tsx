import { useOfferOnItsWay } from '@/features/offers/api/make-offer';
import { MakeOfferButton } from '@/features/offers/components/make-offer-button';
import { OfferOutcomeDialog } from '@/features/offers/components/offer-outcome-dialog';
import { WishlistPage } from '@/features/wishlist/pages/wishlist-page';

/** My Wish List, where a buyer lands after making an offer and sees how it went. */
export function WishlistRoute() {
  const offerPending = useOfferOnItsWay();
  return (
    <WishlistPage
      offerButton={(property) => <MakeOfferButton property={property} srContext={property.title} />}
      offerOutcome={<OfferOutcomeDialog />}
      offerPending={offerPending}
    />
  );
}
