import { ContentLayout } from '@/components/layouts/content-layout';

export function ForgotPasswordPage() {
  return <ContentLayout heading="Forgot your password?">{null}</ContentLayout>;
}
