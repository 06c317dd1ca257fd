import { ContentLayout } from '@/components/layouts/content-layout';

export function MyReviewsPage() {
  return <ContentLayout heading="My Reviews" />;
}
