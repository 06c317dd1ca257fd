import { ContentLayout } from '@/components/layouts/content-layout';

export function NotificationSettingsPage() {
  return <ContentLayout heading="Notification settings">{null}</ContentLayout>;
}
