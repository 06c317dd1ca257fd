import { ContentLayout } from '@/components/layouts/content-layout';

export function ManagePropertiesPage() {
  return <ContentLayout heading="Manage Properties" />;
}
