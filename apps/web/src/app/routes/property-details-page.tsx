import { useParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { useRecordView } from '@/features/analytics/api/record-view';
import { AskAgentButton } from '@/features/conversations/components/ask-agent-button';
import { EstimateSection } from '@/features/estimates/components/estimate-section';
import { PriceHistorySection } from '@/features/listing-history/components/price-history-section';
import { MortgageCalculator } from '@/features/mortgage/components/mortgage-calculator';
import { MakeOfferButton } from '@/features/offers/components/make-offer-button';
import { OpenHousesSection } from '@/features/open-houses/components/open-houses-section';
import { useProperty } from '@/features/properties/api/get-property';
import { PropertyDetailsPage } from '@/features/properties/pages/property-details-page';
import { ReportListingButton } from '@/features/reports/components/report-listing-button';
import { PropertyReviewsSection } from '@/features/reviews/components/property-reviews-section';
import { ShareListingButton } from '@/features/shopping-together/components/share-listing-button';
import { RequestTourSection } from '@/features/tours/components/request-tour-section';
import { AddToWishlistButton } from '@/features/wishlist/components/add-to-wishlist-button';
import type { Property } from '@/lib/listing';
import { priceRangeText } from '@/lib/listing-format';
import { propertyDetailsPath } from '@/lib/paths';

/** What search engines and link previews say about a listing: what, where, and for how much. */
const listingDescription = (property: Property) =>
  `${property.title}: ${property.propertyType} in ${property.location}, ${priceRangeText(property.minPrice, property.maxPrice)}.`;

/** The listing's description and picture for link previews, once the page has it. */
function ListingMeta({ id }: { id: string }) {
  // The same query the page shows the listing from: no second request.
  const { data: property } = useProperty(id);
  if (!property) return null;
  return (
    <PageMeta
      title="Property Details"
      description={listingDescription(property)}
      path={propertyDetailsPath(property._id)}
      image={property.image}
      type="article"
    />
  );
}

/** A listing's page, with what a buyer can do with it and what buyers say about it. */
export function PropertyDetailsRoute() {
  const { id = '' } = useParams();
  // Counted for the listing's analytics once the page is up; nothing here waits for it.
  useRecordView(id);
  return (
    <>
      <ListingMeta id={id} />
      <PropertyDetailsPage
        buyerActions={(property) => (
          <>
            <MakeOfferButton property={property} size="lg" />
            <AddToWishlistButton
              propertyId={property._id}
              propertyTitle={property.title}
              size="lg"
            />
            <AskAgentButton property={property} size="lg" />
            <ShareListingButton property={property} />
            <ReportListingButton property={property} />
          </>
        )}
        tour={(property) => <RequestTourSection property={property} />}
        openHouses={(property) => <OpenHousesSection property={property} />}
        history={(property) => <PriceHistorySection property={property} />}
        estimate={(property) => <EstimateSection propertyId={property._id} />}
        calculator={(property) => <MortgageCalculator price={property.minPrice} />}
        reviews={(property) => (
          <PropertyReviewsSection propertyId={property._id} propertyTitle={property.title} />
        )}
      />
    </>
  );
}
