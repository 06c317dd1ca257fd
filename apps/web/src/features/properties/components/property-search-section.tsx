import { MESSAGES } from '@keyhaven/shared/texts';
import { type ReactNode, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListEmpty, ListError } from '@/components/list-states';
import { PropertyCard, PropertyCardSkeletons } from '@/components/listing/property-card';
import { KEEP_SCROLL } from '@/lib/keep-scroll';
import { plural } from '@/lib/listing-format';
import { paths } from '@/lib/paths';
import { useSearchProperties } from '../api/search-properties';
import { filtersFrom, filtersToQuery, SEARCH_KEYS, type SearchFilters } from '../lib/search-params';
import { SearchForm } from './search-form';

const FEATURED_COUNT = 6;
const RESULTS_COUNT = 12;

const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** Where a search sent without JavaScript lands: Home, scrolled to its results. */
const SEARCH_ACTION = `${paths.home}#search-results`;

/** Over the featured cards: what they are, and an invitation to search for more. */
const FEATURED_INVITATION =
  'The newest verified homes. Search by location, type or price above to find yours.';

/** The filters as page address parameters; `location` is always there, so a search shows. */
function toParams(filters: SearchFilters) {
  const params = new URLSearchParams({ location: filters.location });
  if (filters.propertyType) params.set('propertyType', filters.propertyType);
  if (filters.priceRange) params.set('priceRange', filters.priceRange);
  return params;
}

/**
 * What Home lists for its address: the newest listings, or the results of the search the address
 * holds. The server asks the same when it renders Home.
 */
export function homeSearchQuery(params: URLSearchParams) {
  const searched = SEARCH_KEYS.some((key) => params.has(key));
  return searched
    ? { ...filtersToQuery(filtersFrom(params)), limit: RESULTS_COUNT }
    : { limit: FEATURED_COUNT };
}

/**
 * Home: the search bar and a list that starts as Featured Properties (the newest
 * approved listings) and becomes Search Results after the first submit. The search lives in the
 * page address, so Back from a listing returns to the same results.
 */
export function PropertySearchSection({
  searchActions,
}: {
  /** Beside the results' heading once a search is made (the route places Save this search). */
  searchActions?: ReactNode;
} = {}) {
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const searched = SEARCH_KEYS.some((key) => params.has(key));
  const filters = filtersFrom(params);
  const result = useSearchProperties(homeSearchQuery(params));

  const onSearch = (next: SearchFilters) => setParams(toParams(next), { state: KEEP_SCROLL });

  return (
    <section
      aria-labelledby={headingId}
      className="relative mx-auto w-full max-w-7xl px-4 pb-16 sm:px-6 lg:px-8"
    >
      <div className="-mt-16 rounded-2xl bg-white p-4 shadow-lg ring-1 ring-sand sm:-mt-24 sm:p-6">
        <p className="mb-3 font-semibold text-teal-900">Search properties</p>
        <SearchForm values={filters} onSearch={onSearch} action={SEARCH_ACTION} />
      </div>

      <div id="search-results" className="mt-12 scroll-mt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-teal-900">
            {searched ? 'Search Results' : 'Featured Properties'}
          </h2>
          {searched && searchActions}
        </div>
        {!searched && result.isSuccess && result.data.items.length > 0 && (
          <p className="mt-2 text-stone-700">{FEATURED_INVITATION}</p>
        )}
      </div>

      <div className="mt-8">
        {result.isPending ? (
          <PropertyCardSkeletons count={3} className={GRID} />
        ) : result.isError ? (
          <ListError
            error={result.error}
            message={MESSAGES.search.error}
            onRetry={() => result.refetch()}
            retrying={result.isFetching}
          />
        ) : result.data.items.length === 0 ? (
          // Before any search with nothing featured, an invitation to search.
          <ListEmpty>{searched ? MESSAGES.search.empty : MESSAGES.search.beforeSearch}</ListEmpty>
        ) : (
          <>
            {searched && (
              <p role="status" className="mb-4 text-stone-700">
                Showing {result.data.items.length} of{' '}
                {plural(result.data.total, 'property', 'properties')}.
              </p>
            )}
            <ul className={GRID}>
              {result.data.items.map((property, index) => (
                <li key={property._id ?? index}>
                  <PropertyCard
                    property={{ ...property, _id: property._id ?? '' }}
                    headingLevel="h3"
                  />
                </li>
              ))}
            </ul>
            {searched && result.data.total > result.data.items.length && (
              <p className="mt-8 text-center">
                <Link
                  to={{ pathname: paths.allProperties, search: params.toString() }}
                  className="font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-950"
                >
                  See all {result.data.total} results
                </Link>
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
