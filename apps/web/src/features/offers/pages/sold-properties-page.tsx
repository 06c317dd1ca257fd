import { formatDollars } from '@keyhaven/shared/constants';
import { Link } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { buttonStyles } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { TableRegion, Td, Th } from '@/components/ui/table';
import { useMediaQuery, WIDE_DASHBOARD } from '@/hooks/use-media-query';
import { useSignedInUser } from '@/hooks/use-session';
import { formatDate } from '@/lib/format';
import { paths, propertyDetailsPath } from '@/lib/paths';
import { useRequestedProperties } from '../api/get-requested-properties';
import { OfferStatusBadge } from '../components/offer-status-badge';
import type { RequestedProperty } from '../types';

const salePrice = (sale: RequestedProperty) => sale.soldDetails?.price ?? sale.offerAmount;

function SaleTitle({ sale }: { sale: RequestedProperty }) {
  return (
    <>
      <Link
        to={propertyDetailsPath(sale._id)}
        className="font-semibold break-words text-teal-900 underline-offset-2 hover:underline"
      >
        {sale.title}
      </Link>
      <p className="break-words text-stone-600">{sale.location}</p>
    </>
  );
}

function SaleBuyer({ sale }: { sale: RequestedProperty }) {
  return (
    <>
      <p className="break-words">{sale.buyerName}</p>
      <a
        href={`mailto:${sale.buyerEmail}`}
        className="break-all text-teal-800 underline underline-offset-2 hover:text-teal-950"
      >
        {sale.buyerEmail}
      </a>
    </>
  );
}

function Transaction({ sale }: { sale: RequestedProperty }) {
  return sale.transactionId ? (
    <span className="font-mono text-xs break-all">{sale.transactionId}</span>
  ) : (
    <span className="text-stone-600">Awaiting payment</span>
  );
}

const soldOn = (sale: RequestedProperty) =>
  sale.offerStatus === 'paid' && sale.soldDetails ? formatDate(sale.soldDetails.date) : '—';

function SaleRow({ sale }: { sale: RequestedProperty }) {
  return (
    <tr>
      <Td>
        <SaleTitle sale={sale} />
      </Td>
      <Td className="font-semibold whitespace-nowrap text-teal-900">
        {formatDollars(salePrice(sale))}
      </Td>
      <Td>
        <SaleBuyer sale={sale} />
      </Td>
      <Td>
        <Transaction sale={sale} />
      </Td>
      <Td>{soldOn(sale)}</Td>
      <Td>
        <OfferStatusBadge status={sale.offerStatus} />
      </Td>
    </tr>
  );
}

/** One sale as a card, where the table would not fit. */
function SaleCard({ sale }: { sale: RequestedProperty }) {
  return (
    <li className="rounded-2xl border border-sand bg-white p-4 text-sm shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <SaleTitle sale={sale} />
        </div>
        <OfferStatusBadge status={sale.offerStatus} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        <div>
          <dt className="text-stone-600">Sale price</dt>
          <dd className="font-semibold text-teal-900">{formatDollars(salePrice(sale))}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Sold on</dt>
          <dd>{soldOn(sale)}</dd>
        </div>
        <div className="col-span-2 min-w-0">
          <dt className="text-stone-600">Buyer</dt>
          <dd>
            <SaleBuyer sale={sale} />
          </dd>
        </div>
        <div className="col-span-2 min-w-0">
          <dt className="text-stone-600">Transaction ID</dt>
          <dd>
            <Transaction sale={sale} />
          </dd>
        </div>
      </dl>
    </li>
  );
}

const LIST_LABEL = 'Accepted and sold properties';

/** A table where it fits beside the sidebar, else cards; only one of the two renders. */
function SaleList({ sales }: { sales: RequestedProperty[] }) {
  const wide = useMediaQuery(WIDE_DASHBOARD);
  if (!wide) {
    return (
      <ul aria-label={LIST_LABEL} className="grid gap-4 md:grid-cols-2">
        {sales.map((sale) => (
          <SaleCard key={sale.offerId} sale={sale} />
        ))}
      </ul>
    );
  }
  return (
    <TableRegion label={LIST_LABEL} fit>
      <thead>
        <tr>
          <Th className="w-[24%]">Property</Th>
          <Th className="w-[13%]">Sale price</Th>
          <Th className="w-[22%]">Buyer</Th>
          <Th className="w-[17%]" wrap>
            Transaction ID
          </Th>
          <Th className="w-[12%]">Sold on</Th>
          <Th className="w-[12%]">Status</Th>
        </tr>
      </thead>
      <tbody>
        {sales.map((sale) => (
          <SaleRow key={sale.offerId} sale={sale} />
        ))}
      </tbody>
    </TableRegion>
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
  const totalCents = paid.reduce((sum, sale) => sum + Math.round(salePrice(sale) * 100), 0);
  const total = totalCents / 100;

  return (
    <ContentLayout heading="Sold Properties">
      {sales.isPending ? (
        <Spinner label="Loading sales" className="py-16" />
      ) : sales.isError ? (
        <ErrorState
          inline
          error={sales.error}
          message="We couldn't load your sales. Please try again."
          onRetry={() => sales.refetch()}
          retrying={sales.isFetching}
          className="mt-6"
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
              <SaleList sales={sales.data} />
            )}
          </div>
        </>
      )}
    </ContentLayout>
  );
}
