import { type QueryKey, type UseQueryOptions, useQueries } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ListEmpty } from '@/components/list-states';
import { Button, buttonStyles } from '@/components/ui/button';
import { COMPARE_LIMIT, removeFromCompare, useComparedListings } from '@/lib/compare-list';
import type { Property } from '@/lib/listing';
import { comparePath, paths } from '@/lib/paths';
import { type CompareColumn, CompareTable } from '../components/compare-table';
import { comparedIds } from '../lib/compare-rows';

/** How the page loads one listing, and how it tells a missing listing from a failed load. */
export type ListingSource<Key extends QueryKey> = {
  query: (id: string) => UseQueryOptions<Property, Error, Property, Key>;
  isMissing: (error: unknown) => boolean;
};

/** Nothing named in the address: back to the listings, or to the homes already picked here. */
function NothingToCompare() {
  const picked = useComparedListings();
  return (
    <ListEmpty
      title="No homes to compare yet"
      action={
        <div className="flex flex-wrap justify-center gap-3">
          {picked.length > 0 && (
            <Link to={comparePath(picked.map(({ id }) => id))} className={buttonStyles()}>
              Compare your {picked.length} picked {picked.length === 1 ? 'home' : 'homes'}
            </Link>
          )}
          <Link
            to={paths.allProperties}
            className={buttonStyles({ variant: picked.length > 0 ? 'secondary' : 'primary' })}
          >
            Browse All Properties
          </Link>
        </div>
      }
    >
      Choose Compare on up to {COMPARE_LIMIT} listings and they show here side by side.
    </ListEmpty>
  );
}

/** Up to four homes side by side, as the address names them. */
export function ComparePage<Key extends QueryKey>({ source }: { source: ListingSource<Key> }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { ids, overLimit } = comparedIds(searchParams, COMPARE_LIMIT);
  const results = useQueries({ queries: ids.map((id) => source.query(id)) });

  const picked = useComparedListings();
  const all = ids.map((id, index): CompareColumn | { id: string; state: 'missing' } => {
    const result = results[index];
    if (!result || result.isPending) return { id, state: 'loading' };
    if (result.isError) {
      return source.isMissing(result.error)
        ? { id, state: 'missing' }
        : { id, state: 'failed', retry: () => result.refetch(), retrying: result.isFetching };
    }
    return { id, state: 'loaded', property: result.data };
  });
  // A home that has gone away (removed, or no longer shown to this buyer) is said so above the
  // table, and the rest are compared among themselves: a column of dashes would read as a home
  // unlike all the others on every row.
  const columns = all.filter((column): column is CompareColumn => column.state !== 'missing');
  const gone = all
    .filter((column) => column.state === 'missing')
    .map(({ id }) => ({ id, title: picked.find((listing) => listing.id === id)?.title }));

  // Taking a home off the page takes it off the buyer's picks too, so the two never disagree.
  const remove = (id: string) => {
    removeFromCompare(id);
    const rest = ids.filter((kept) => kept !== id);
    setSearchParams(rest.length > 0 ? { ids: rest.join(',') } : {});
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-teal-900">Compare homes</h1>
      {ids.length === 0 ? (
        <div className="mt-6">
          <NothingToCompare />
        </div>
      ) : (
        <>
          <p className="mt-2 text-stone-700">
            Rows marked <strong>Differs</strong> are where these homes are not alike.
          </p>
          {overLimit && (
            <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
              This link names more than {COMPARE_LIMIT} homes; the first {COMPARE_LIMIT} are shown.
            </p>
          )}
          {gone.length > 0 && (
            <ul aria-label="Homes no longer available" className="mt-4 space-y-2">
              {gone.map(({ id, title }) => (
                <li
                  key={id}
                  className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
                >
                  <span>
                    {title ? <strong>{title}</strong> : 'One of these homes'} is no longer
                    available. The other homes are compared without it.
                  </span>
                  <Button variant="secondary" size="sm" onClick={() => remove(id)}>
                    Remove<span className="sr-only"> {title ?? 'it'} from the comparison</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {columns.length > 0 && (
            <div className="mt-6">
              <CompareTable columns={columns} onRemove={remove} />
            </div>
          )}
          <p className="mt-6">
            <Link
              to={paths.allProperties}
              className="font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-950"
            >
              Add more homes from All Properties
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
