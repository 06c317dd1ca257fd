import { ContentLayout } from '@/components/layouts/content-layout';

export function ManageUsersPage() {
  return <ContentLayout heading="Manage Users" />;
}
