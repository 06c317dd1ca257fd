import { ContentLayout } from '@/components/layouts/content-layout';
import { brandTitle } from '@/lib/brand';

export function MakeOfferPage() {
  return <ContentLayout heading="Make Offer" documentTitle={brandTitle('Make Offer')} />;
}
