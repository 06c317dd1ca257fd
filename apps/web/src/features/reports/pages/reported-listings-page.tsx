import { ContentLayout } from '@/components/layouts/content-layout';

export function ReportedListingsPage() {
  return <ContentLayout heading="Reported Listings" />;
}
