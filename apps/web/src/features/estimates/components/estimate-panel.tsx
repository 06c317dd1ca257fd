import type { Comparable, Estimate, ListingEstimate } from '@keyhaven/shared';
import { formatDollars, formatNumber } from '@keyhaven/shared/constants';
import { ESTIMATE_MESSAGES } from '@keyhaven/shared/texts';
import { Link } from 'react-router';
import { ListError } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { InlineSpinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { renditionsOf } from '@/lib/image-renditions';
import { propertyDetailsPath } from '@/lib/paths';
import { useEstimate } from '../api/get-estimate';

const M = ESTIMATE_MESSAGES;
const CONFIDENCE_TONE = { low: 'amber', medium: 'teal', high: 'green' } as const;

function EstimateFigures({ estimate }: { estimate: Estimate }) {
  return (
    <div className="rounded-2xl border border-sand bg-white p-5">
      <p className="text-3xl font-bold text-teal-900 tabular-nums">
        {formatDollars(estimate.value)}
      </p>
      <p className="mt-1 text-stone-800">
        {M.range(formatDollars(estimate.low), formatDollars(estimate.high))}
      </p>
      <p className="mt-1 text-sm text-stone-700">
        {M.perSqft(formatDollars(estimate.pricePerSqft))}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Badge tone={CONFIDENCE_TONE[estimate.confidence]}>
          {M.confidence[estimate.confidence]}
        </Badge>
        <span className="text-sm text-stone-700">{M.basedOn(estimate.salesUsed)}</span>
      </div>
    </div>
  );
}

function NotEnoughSales() {
  return (
    <div className="rounded-2xl border border-sand bg-white p-5">
      <p className="text-lg font-semibold text-stone-900">{M.notEnoughSales}</p>
      <p className="mt-1 text-stone-700">{M.notEnoughSalesDetail}</p>
    </div>
  );
}

function HowWeEstimate() {
  return (
    <details className="mt-4 rounded-xl border border-sand bg-white p-4">
      <summary className="cursor-pointer font-semibold text-stone-900">{M.howTitle}</summary>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-700">
        {M.how.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </details>
  );
}

function ComparableCard({ home }: { home: Comparable }) {
  const thumbnail = renditionsOf(home.image)?.thumbnail;
  return (
    <li className="flex gap-3 rounded-xl border border-sand bg-white p-3">
      {thumbnail ? (
        <img
          src={thumbnail}
          alt=""
          width={96}
          height={64}
          loading="lazy"
          className="h-16 w-24 shrink-0 rounded-lg object-cover"
        />
      ) : (
        <div aria-hidden="true" className="h-16 w-24 shrink-0 rounded-lg bg-stone-100" />
      )}
      <div className="min-w-0 flex-1">
        <Link
          to={propertyDetailsPath(home.id)}
          className="block font-semibold text-teal-900 underline-offset-2 hover:underline"
        >
          {home.title}
        </Link>
        <p className="text-sm text-stone-700">{home.location}</p>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-semibold text-stone-900 tabular-nums">
            {formatDollars(home.price)}
          </span>
          <span className="text-sm text-stone-700 tabular-nums">
            {M.perSqft(formatDollars(home.pricePerSqft))}
          </span>
          {home.status === 'sold' && home.soldAt ? (
            <Badge tone="neutral">{M.sold(formatDate(home.soldAt))}</Badge>
          ) : (
            <Badge tone="amber" srPrefix={M.activeNote}>
              {M.active}
            </Badge>
          )}
        </div>
        <p className="mt-1 text-sm text-stone-700">
          {[
            M.distance(formatNumber(home.distanceMiles, { maxFractionDigits: 1 })),
            M.beds(home.bedrooms),
            M.baths(home.bathrooms),
            M.area(formatNumber(home.areaSize)),
          ].join(' · ')}
        </p>
        {home.usedInEstimate && (
          <p className="mt-1 text-xs font-semibold text-teal-800">{M.used}</p>
        )}
      </div>
    </li>
  );
}

function Comparables({ answer }: { answer: ListingEstimate }) {
  return (
    <section aria-labelledby="comparables-title" className="mt-6">
      <h3 id="comparables-title" className="text-xl font-bold text-stone-900">
        {M.comparablesTitle}
      </h3>
      {answer.chosenBy && <p className="mt-1 text-sm text-stone-700">{answer.chosenBy}</p>}
      {answer.comparables.length === 0 ? (
        <p className="mt-3 text-stone-700">{M.noComparables}</p>
      ) : (
        <ul className="mt-3 grid gap-3 md:grid-cols-2">
          {answer.comparables.map((home) => (
            <ComparableCard key={home.id} home={home} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The estimate, how it is made and the comparable homes, as the listing's answer says. */
export default function EstimatePanel({ propertyId }: { propertyId: string }) {
  const query = useEstimate(propertyId);
  if (query.isPending) {
    return (
      <p className="mt-4 flex items-center gap-2 text-stone-700" role="status">
        <InlineSpinner />
        {M.loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <ListError
        className="mt-4"
        error={query.error}
        message={M.failed}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const answer = query.data;
  if (answer.unavailable) {
    return (
      <p className="mt-4 text-stone-700">
        {answer.unavailable === 'no-position' ? M.noPosition : M.noArea}
      </p>
    );
  }
  return (
    <div className="mt-4">
      {answer.estimate ? <EstimateFigures estimate={answer.estimate} /> : <NotEnoughSales />}
      <HowWeEstimate />
      <Comparables answer={answer} />
    </div>
  );
}
