import { ContentLayout } from '@/components/layouts/content-layout';

export function MessagesPage() {
  return <ContentLayout heading="Messages">{null}</ContentLayout>;
}
