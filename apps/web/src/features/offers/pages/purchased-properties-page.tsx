import { ContentLayout } from '@/components/layouts/content-layout';

export function PurchasedPropertiesPage() {
  return <ContentLayout heading="Purchased Properties" />;
}
