import { ContentLayout } from '@/components/layouts/content-layout';

export function SoldPropertiesPage() {
  return <ContentLayout heading="Sold Properties" />;
}
