import { ContentLayout } from '@/components/layouts/content-layout';
import { pageTitle } from '@/lib/brand';

export function AllPropertiesPage() {
  return <ContentLayout heading="All Properties" documentTitle={pageTitle('All Properties')} />;
}
