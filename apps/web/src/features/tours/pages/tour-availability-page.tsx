import { TOUR_MESSAGES, TOUR_SCREEN_MESSAGES } from '@keyhaven/shared/texts';
import { Link, useParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListError } from '@/components/list-states';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { useTourAvailability } from '../api/get-tour-availability';
import { AvailabilityForm } from '../components/availability-form';

/** A listing's viewing availability, for its agent: reached from My Properties and Tours. */
export function TourAvailabilityPage() {
  const { id = '' } = useParams();
  const availability = useTourAvailability(id);
  return (
    <ContentLayout heading={TOUR_MESSAGES.availabilityTitle}>
      <Link
        to={paths.dashboard.tours}
        className="mt-3 inline-block text-sm font-semibold text-teal-800 underline-offset-2 hover:underline"
      >
        <span aria-hidden="true">← </span>
        {TOUR_SCREEN_MESSAGES.backToTours}
      </Link>
      {availability.isPending ? (
        <Spinner label={TOUR_MESSAGES.loading} className="py-16" />
      ) : availability.isError ? (
        <ListError
          className="mt-6"
          error={availability.error}
          message={TOUR_SCREEN_MESSAGES.availabilityLoadFailed}
          onRetry={() => availability.refetch()}
          retrying={availability.isFetching}
        />
      ) : (
        <AvailabilityForm propertyId={id} saved={availability.data} />
      )}
    </ContentLayout>
  );
}
