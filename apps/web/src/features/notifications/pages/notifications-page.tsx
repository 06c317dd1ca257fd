import { ContentLayout } from '@/components/layouts/content-layout';

export function NotificationsPage() {
  return <ContentLayout heading="Notifications">{null}</ContentLayout>;
}
