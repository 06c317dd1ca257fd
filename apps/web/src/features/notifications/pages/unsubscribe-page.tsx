import { ContentLayout } from '@/components/layouts/content-layout';

export function UnsubscribePage() {
  return <ContentLayout heading="Unsubscribe">{null}</ContentLayout>;
}
