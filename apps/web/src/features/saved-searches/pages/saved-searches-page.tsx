import { ContentLayout } from '@/components/layouts/content-layout';

export function SavedSearchesPage() {
  return <ContentLayout heading="Saved Searches">{null}</ContentLayout>;
}
