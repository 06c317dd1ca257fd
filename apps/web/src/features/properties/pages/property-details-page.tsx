import type { ReactNode } from 'react';
import { generatePath, Link, useParams } from 'react-router';
import { CompareToggle } from '@/components/listing/compare-toggle';
import { buttonStyles } from '@/components/ui/button';
import { useSignedInUser } from '@/hooks/use-session';
import type { Property } from '@/lib/listing';
import { paths } from '@/lib/paths';
import { LoadedProperty } from '../components/loaded-property';
import { PropertyDetails } from '../components/property-details';

type PropertyDetailsPageProps = {
  /** What a buyer can do with the listing, under its price (offer, wishlist). */
  buyerActions?: (property: Property) => ReactNode;
  /** Under the listing, full width: what the home would cost a month. */
  calculator?: (property: Property) => ReactNode;
  /** Under the listing, full width: what buyers say about it. */
  reviews?: (property: Property) => ReactNode;
  /** Under the listing, before the calculator: when the home is open to walk in. */
  openHouses?: (property: Property) => ReactNode;
  /** After the open houses: what the home may be worth, from the sales of homes like it. */
  estimate?: (property: Property) => ReactNode;
  /** Right under the photos: a buyer's way to see the home (Request a tour). */
  tour?: (property: Property) => ReactNode;
  /** Under the open houses: its price and status history. */
  history?: (property: Property) => ReactNode;
};

/** A listing's page; its agent also gets Edit Property. */
export function PropertyDetailsPage({
  buyerActions,
  calculator,
  reviews,
  openHouses,
  estimate,
  tour,
  history,
}: PropertyDetailsPageProps) {
  const { id = '' } = useParams();
  const user = useSignedInUser();

  return (
    <LoadedProperty id={id}>
      {(property) => (
        <PropertyDetails
          property={property}
          underPhotos={tour?.(property)}
          actions={
            <>
              {buyerActions?.(property)}
              <CompareToggle
                listing={{ id: property._id, title: property.title, image: property.image }}
                size="lg"
              />
              {user.role === 'agent' && user.uid === property.creatorUID && (
                <Link
                  to={generatePath(paths.editProperty, { id: property._id })}
                  className={buttonStyles({ variant: 'secondary' })}
                >
                  Edit Property
                </Link>
              )}
            </>
          }
        >
          {openHouses?.(property)}
          {history?.(property)}
          {estimate?.(property)}
          {calculator?.(property)}
          {reviews?.(property)}
        </PropertyDetails>
      )}
    </LoadedProperty>
  );
}
