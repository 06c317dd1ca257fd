import { TOUR_MESSAGES } from '@keyhaven/shared/texts';
import { ContentLayout } from '@/components/layouts/content-layout';
import { PastTours, UpcomingTours } from '../components/tour-lists';

/** The buyer's My Tours: those still ahead (with a proposed time to accept), then past ones. */
export function MyToursPage() {
  return (
    <ContentLayout heading={TOUR_MESSAGES.buyerPageTitle}>
      <UpcomingTours side="buyer" />
      <PastTours side="buyer" />
    </ContentLayout>
  );
}
