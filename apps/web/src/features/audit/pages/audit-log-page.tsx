import { ContentLayout } from '@/components/layouts/content-layout';

export function AuditLogPage() {
  return <ContentLayout heading="Audit Log" />;
}
