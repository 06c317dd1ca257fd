import { ContentLayout } from '@/components/layouts/content-layout';

export function VerifyEmailPage() {
  return <ContentLayout heading="Confirm your e-mail">{null}</ContentLayout>;
}
