import { ContentLayout } from '@/components/layouts/content-layout';

export function RequestedPropertiesPage() {
  return <ContentLayout heading="Requested Properties" />;
}
