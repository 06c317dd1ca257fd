import { TOUR_MESSAGES, TOUR_SCREEN_MESSAGES } from '@keyhaven/shared/texts';
import { Link } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/lib/paths';
import { PastTours, UpcomingTours } from '../components/tour-lists';

/**
 * The agent's Tours: requests waiting for an answer, upcoming tours by day, then past ones. Each
 * listing's viewing times are set from My Properties (and from a tour's own card).
 */
export function ToursPage() {
  return (
    <ContentLayout heading={TOUR_MESSAGES.agentPageTitle}>
      <p className="mt-4 text-stone-700">
        {TOUR_SCREEN_MESSAGES.listingsIntro}{' '}
        <Link
          to={paths.dashboard.myProperties}
          className="font-semibold text-teal-800 underline underline-offset-2"
        >
          {TOUR_SCREEN_MESSAGES.viewingTimes}
        </Link>
      </p>
      <UpcomingTours side="agent" />
      <PastTours side="agent" />
    </ContentLayout>
  );
}
