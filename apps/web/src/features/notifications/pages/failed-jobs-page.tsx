import { ContentLayout } from '@/components/layouts/content-layout';

export function FailedJobsPage() {
  return <ContentLayout heading="Failed jobs">{null}</ContentLayout>;
}
