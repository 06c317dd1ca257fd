import { MakeOfferButton } from '@/features/offers/components/make-offer-button';
import { PropertyDetailsPage } from '@/features/properties/pages/property-details-page';
import { PropertyReviewsSection } from '@/features/reviews/components/property-reviews-section';
import { AddToWishlistButton } from '@/features/wishlist/components/add-to-wishlist-button';

/** A listing's page, with what a buyer can do with it and what buyers say about it. */
export function PropertyDetailsRoute() {
  return (
    <PropertyDetailsPage
      buyerActions={(property) => (
        <>
          <MakeOfferButton property={property} size="lg" />
          <AddToWishlistButton propertyId={property._id} propertyTitle={property.title} size="lg" />
        </>
      )}
      reviews={(property) => (
        <PropertyReviewsSection propertyId={property._id} propertyTitle={property.title} />
      )}
    />
  );
}
