import { ContentLayout } from '@/components/layouts/content-layout';

export function AddPropertyPage() {
  return <ContentLayout heading="Add Property" />;
}
