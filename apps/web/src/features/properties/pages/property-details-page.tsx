import { generatePath, Link, useParams } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { PageSpinner } from '@/components/ui/spinner';
import { useSignedInUser } from '@/features/auth/api/get-session';
import { MakeOfferButton } from '@/features/offers/components/make-offer-button';
import { PropertyReviewsSection } from '@/features/reviews/components/property-reviews-section';
import { AddToWishlistButton } from '@/features/wishlist/components/add-to-wishlist-button';
import { paths } from '@/lib/paths';
import { isMissingProperty, useProperty } from '../api/get-property';
import { PropertyDetails } from '../components/property-details';
import { LISTING_TEXTS } from '../texts';

/** Spec section 8: 'Property Not Found' for a listing that is missing or not visible. */
export function PropertyNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-teal-900">{LISTING_TEXTS.notFound}</h1>
      <p className="mt-3 text-stone-700">
        This listing doesn't exist, or it is no longer available.
      </p>
      <Link to={paths.allProperties} className={buttonStyles({ size: 'lg', className: 'mt-8' })}>
        Browse Properties
      </Link>
    </div>
  );
}

export function PropertyDetailsPage() {
  const { id = '' } = useParams();
  const user = useSignedInUser();
  const result = useProperty(id);

  if (result.isPending) return <PageSpinner label="Loading property" />;
  if (result.isError) {
    if (isMissingProperty(result.error)) return <PropertyNotFound />;
    return (
      <ErrorState
        title="We couldn't load this property"
        error={result.error}
        message="Something went wrong on our side. Please try again."
        onRetry={() => result.refetch()}
        retrying={result.isFetching}
      />
    );
  }

  const property = result.data;
  const isOwner = user.role === 'agent' && user.uid === property.creatorUID;
  return (
    <PropertyDetails
      property={property}
      actions={
        <>
          <MakeOfferButton property={property} size="lg" />
          <AddToWishlistButton propertyId={property._id} propertyTitle={property.title} size="lg" />
          {isOwner && (
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
      <PropertyReviewsSection propertyId={property._id} propertyTitle={property.title} />
    </PropertyDetails>
  );
}
