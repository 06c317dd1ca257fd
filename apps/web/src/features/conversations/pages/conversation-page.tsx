import { ContentLayout } from '@/components/layouts/content-layout';

export function ConversationPage() {
  return <ContentLayout heading="Messages">{null}</ContentLayout>;
}
