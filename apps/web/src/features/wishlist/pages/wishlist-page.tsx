import { ContentLayout } from '@/components/layouts/content-layout';

export function WishlistPage() {
  return <ContentLayout heading="Saved Properties" />;
}
