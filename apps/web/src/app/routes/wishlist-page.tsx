import { useOfferOnItsWay } from '@/features/offers/api/make-offer';
import { MakeOfferButton } from '@/features/offers/components/make-offer-button';
import { OfferOutcomeDialog } from '@/features/offers/components/offer-outcome-dialog';
import { ShoppingTogetherSection } from '@/features/shopping-together/components/shopping-together-section';
import { WishlistPage } from '@/features/wishlist/pages/wishlist-page';

/**
 * My Wish List, where a buyer lands after making an offer and sees how it went, and shops
 * together with the people they invite.
 */
export function WishlistRoute() {
  const offerPending = useOfferOnItsWay();
  return (
    <WishlistPage
      offerButton={(property) => <MakeOfferButton property={property} srContext={property.title} />}
      offerOutcome={<OfferOutcomeDialog />}
      offerPending={offerPending}
      together={<ShoppingTogetherSection />}
    />
  );
}
