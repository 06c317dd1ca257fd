import { ContentLayout } from '@/components/layouts/content-layout';

export function MarketplaceDashboardPage() {
  return <ContentLayout heading="Marketplace" />;
}
