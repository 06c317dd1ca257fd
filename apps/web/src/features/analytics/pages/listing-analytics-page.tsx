import { ContentLayout } from '@/components/layouts/content-layout';

export function ListingAnalyticsPage() {
  return <ContentLayout heading="Analytics" />;
}
