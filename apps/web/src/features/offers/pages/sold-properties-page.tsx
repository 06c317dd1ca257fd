import { formatDollars } from '@keyhaven/shared';
import { Link } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { buttonStyles } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { TableRegion, Td, Th } from '@/components/ui/table';
import { useSignedInUser } from '@/features/auth/api/get-session';
import { detailsPath } from '@/features/properties/components/property-card';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useRequestedProperties } from '../api/get-requested-properties';
import { OfferStatusBadge } from '../components/offer-status-badge';
import type { RequestedProperty } from '../types';

function SaleRow({ sale }: { sale: RequestedProperty }) {
  const sold = sale.offerStatus === 'paid';
  return (
    <tr>
      <Td className="min-w-52">
        <Link
          to={detailsPath(sale._id)}
          className="font-semibold text-teal-900 underline-offset-2 hover:underline"
        >
          {sale.title}
        </Link>
        <p className="text-stone-600">{sale.location}</p>
      </Td>
      <Td className="font-semibold whitespace-nowrap text-teal-900">
        {formatDollars(sale.soldDetails?.price ?? sale.offerAmount)}
      </Td>
      <Td>
        <p>{sale.buyerName}</p>
        <a
          href={`mailto:${sale.buyerEmail}`}
          className="whitespace-nowrap text-teal-800 underline underline-offset-2 hover:text-teal-950"
        >
          {sale.buyerEmail}
        </a>
      </Td>
      <Td className="font-mono text-xs break-all">
        {sale.transactionId ?? (
          <span className="font-sans text-sm text-stone-600">Awaiting payment</span>
        )}
      </Td>
      <Td className="whitespace-nowrap">
        {sold && sale.soldDetails ? formatDate(sale.soldDetails.date) : '—'}
      </Td>
      <Td>
        <OfferStatusBadge status={sale.offerStatus} />
      </Td>
    </tr>
  );
}

/**
 * Sold Properties (agent): offers the agent accepted, awaiting payment or paid, with the sale
 * price, buyer and transaction id, and the total of the completed sales.
 */
export function SoldPropertiesPage() {
  const user = useSignedInUser();
  const sales = useRequestedProperties(user.email, 'accepted');
  const paid = sales.data?.filter((sale) => sale.offerStatus === 'paid') ?? [];
  // Summed in cents: adding dollar fractions in floating point drifts.
  const totalCents = paid.reduce(
    (sum, sale) => sum + Math.round((sale.soldDetails?.price ?? sale.offerAmount) * 100),
    0,
  );
  const total = totalCents / 100;

  return (
    <ContentLayout heading="Sold Properties">
      {sales.isPending ? (
        <Spinner label="Loading sales" className="py-16" />
      ) : sales.isError ? (
        <ErrorState
          title="We couldn't load your sales"
          message="Check your connection and try again."
          onRetry={() => sales.refetch()}
        />
      ) : (
        <>
          <dl className="mt-6 grid gap-4 sm:grid-cols-2">
            <div className="rounded-2xl border border-sand bg-white p-4 shadow-sm">
              <dt className="text-sm font-semibold text-stone-700">Total sold</dt>
              <dd className="mt-1 text-3xl font-bold text-teal-900">{formatDollars(total)}</dd>
            </div>
            <div className="rounded-2xl border border-sand bg-white p-4 shadow-sm">
              <dt className="text-sm font-semibold text-stone-700">Properties sold</dt>
              <dd className="mt-1 text-3xl font-bold text-teal-900">{paid.length}</dd>
            </div>
          </dl>
          <div className="mt-6">
            {sales.data.length === 0 ? (
              <div className="rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center">
                <p className="text-stone-700">
                  No sales yet. Offers you accept appear here until they are paid, then as sold.
                </p>
                <Link
                  to={paths.dashboard.requests}
                  className={buttonStyles({ variant: 'secondary', className: 'mt-4' })}
                >
                  Requested Properties
                </Link>
              </div>
            ) : (
              <TableRegion label="Accepted and sold properties">
                <thead>
                  <tr>
                    <Th>Property</Th>
                    <Th>Sale price</Th>
                    <Th>Buyer</Th>
                    <Th>Transaction ID</Th>
                    <Th>Sold on</Th>
                    <Th>Status</Th>
                  </tr>
                </thead>
                <tbody>
                  {sales.data.map((sale) => (
                    <SaleRow key={sale.offerId} sale={sale} />
                  ))}
                </tbody>
              </TableRegion>
            )}
          </div>
        </>
      )}
    </ContentLayout>
  );
}
