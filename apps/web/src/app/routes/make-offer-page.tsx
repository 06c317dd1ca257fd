import { OFFER_MESSAGES } from '@keyhaven/shared/texts';
import { useParams } from 'react-router';
import { MakeOfferPage } from '@/features/offers/pages/make-offer-page';
import { LoadedProperty } from '@/features/properties/components/loaded-property';
import { addToWishlist } from '@/features/wishlist/api/add-to-wishlist';

/**
 * Make Offer for the listing in the address; an offer keeps the listing on the buyer's wishlist,
 * where the buyer is sent at once.
 */
export function MakeOfferRoute() {
  const { id = '' } = useParams();
  return (
    <LoadedProperty id={id} notFoundText={OFFER_MESSAGES.notFoundText}>
      {(property) => <MakeOfferPage property={property} keepOnWishlist={addToWishlist} />}
    </LoadedProperty>
  );
}
