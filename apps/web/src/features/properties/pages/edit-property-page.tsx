import { ContentLayout } from '@/components/layouts/content-layout';
import { pageTitle } from '@/lib/brand';

export function EditPropertyPage() {
  return <ContentLayout heading="Edit Property" documentTitle={pageTitle('Edit Property')} />;
}
