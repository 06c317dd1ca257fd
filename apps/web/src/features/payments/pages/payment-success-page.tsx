import { ContentLayout } from '@/components/layouts/content-layout';
import { pageTitle } from '@/lib/brand';

export function PaymentSuccessPage() {
  return <ContentLayout heading="Payment" documentTitle={pageTitle('Payment')} />;
}
