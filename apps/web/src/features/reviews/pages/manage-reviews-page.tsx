import { ContentLayout } from '@/components/layouts/content-layout';

export function ManageReviewsPage() {
  return <ContentLayout heading="Manage User Reviews" />;
}
