import { ContentLayout } from '@/components/layouts/content-layout';

export function MyPropertiesPage() {
  return <ContentLayout heading="My Properties" />;
}
