import { PurchasedPropertiesPage } from '@/features/offers/pages/purchased-properties-page';
import { CompletePaymentButton } from '@/features/payments/components/complete-payment-button';

/** My Bought Properties, where an accepted offer is paid. */
export function PurchasedPropertiesRoute() {
  return <PurchasedPropertiesPage payButton={(offer) => <CompletePaymentButton offer={offer} />} />;
}
