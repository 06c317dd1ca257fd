import { ContentLayout } from '@/components/layouts/content-layout';

export function ResetPasswordPage() {
  return <ContentLayout heading="Set a new password">{null}</ContentLayout>;
}
