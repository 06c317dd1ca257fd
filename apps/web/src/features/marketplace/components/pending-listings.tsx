import { Link } from 'react-router';
import { ListEmpty } from '@/components/list-states';
import { buttonStyles } from '@/components/ui/button';
import { paths, propertyDetailsPath } from '@/lib/paths';
import type { MarketplaceDashboard } from '../api/twins';
import { formatCount } from '../lib/format';

const waited = (days: number) =>
  days === 0 ? 'since today' : days === 1 ? '1 day' : `${formatCount(days)} days`;

/** The approval queue: how many listings wait, and the ones waiting longest, oldest first. */
export function PendingListings({ pending }: { pending: MarketplaceDashboard['pending'] }) {
  const { count, oldest } = pending;
  return (
    <>
      <p className="mt-1 text-stone-700">
        <span className="text-3xl font-bold text-stone-900 tabular-nums">{formatCount(count)}</span>{' '}
        {count === 1 ? 'listing waits' : 'listings wait'} for approval.
      </p>
      {count === 0 ? (
        <ListEmpty className="mt-3">No listing is waiting for approval.</ListEmpty>
      ) : (
        <>
          <h3 className="mt-4 text-sm font-semibold text-stone-800">Waiting longest</h3>
          <ol className="mt-2 divide-y divide-stone-100 rounded-2xl border border-sand bg-white shadow-sm">
            {oldest.map((listing) => (
              <li
                key={listing._id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3"
              >
                <div className="min-w-0">
                  <Link
                    to={propertyDetailsPath(listing._id)}
                    className="font-semibold break-words text-teal-800 underline-offset-2 hover:underline"
                  >
                    {listing.title}
                  </Link>
                  <p className="text-sm break-words text-stone-700">
                    {listing.location} · {listing.agentName} ({listing.agentEmail})
                  </p>
                </div>
                <p className="text-sm whitespace-nowrap text-stone-800">
                  Waiting{' '}
                  <time dateTime={listing.waitingSince} className="font-semibold tabular-nums">
                    {waited(listing.ageDays)}
                  </time>
                </p>
              </li>
            ))}
          </ol>
          <Link
            to={paths.dashboard.manageProperties}
            className={buttonStyles({ variant: 'secondary', size: 'sm', className: 'mt-3' })}
          >
            Review listings
          </Link>
        </>
      )}
    </>
  );
}
