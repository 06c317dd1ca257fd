import { ContentLayout } from '@/components/layouts/content-layout';
import { pageTitle } from '@/lib/brand';

export function PropertyDetailsPage() {
  return <ContentLayout heading="Property Details" documentTitle={pageTitle('Property Details')} />;
}
