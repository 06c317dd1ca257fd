import { MESSAGES } from '@keyhaven/shared/texts';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListEmpty, ListError } from '@/components/list-states';
import { AvailabilityBadge } from '@/components/listing/listing-badges';
import { PropertyCard, PropertyCardSkeletons } from '@/components/listing/property-card';
import { PageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { inputStyles } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { pageCountOf } from '@/hooks/use-page-param';
import { cn } from '@/lib/cn';
import { KEEP_SCROLL } from '@/lib/keep-scroll';
import { plural } from '@/lib/listing-format';
import { paths } from '@/lib/paths';
import {
  CATALOGUE_PAGE_SIZE,
  type CatalogueQuery,
  useAllProperties,
} from '../api/get-all-properties';
import { SearchForm } from '../components/search-form';
import { pageFrom, SORT_OPTIONS, sortFrom, toSearchParams } from '../lib/list-params';
import { filtersFrom, filtersToQuery } from '../lib/search-params';

const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** Under the heading, and what search results and link previews say about the page. */
const INTRO = 'Every verified listing, including homes that are under offer or already sold.';

/** The page of the catalogue the address asks for; the server asks the same when it renders it. */
export const catalogueQueryFrom = (params: URLSearchParams): CatalogueQuery => ({
  ...filtersToQuery(filtersFrom(params)),
  sort: sortFrom(params),
  page: pageFrom(params),
});

/** Every approved listing, sold ones included, with search, sort and pages of 24. */
export function AllPropertiesPage() {
  const sortId = useId();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const sort = sortFrom(params);
  const page = pageFrom(params);
  const result = useAllProperties(catalogueQueryFrom(params));

  const total = result.data?.total ?? 0;
  const pageCount = pageCountOf(total, CATALOGUE_PAGE_SIZE);

  return (
    <ContentLayout heading="All Properties">
      <PageMeta title="All Properties" description={INTRO} path={paths.allProperties} />
      <p className="mt-2 text-stone-700">{INTRO}</p>
      <SearchForm
        values={filters}
        onSearch={(next) => setParams(toSearchParams(next, { sort }))}
        className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-sand"
      />

      <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
        <p role="status" className="text-stone-700">
          {result.data && plural(total, 'property', 'properties')}
        </p>
        <div className="flex items-center gap-2">
          <label
            htmlFor={sortId}
            className="text-sm font-semibold whitespace-nowrap text-stone-800"
          >
            Sort by
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) =>
              setParams(
                toSearchParams(filters, {
                  sort: SORT_OPTIONS.find((o) => o.value === event.target.value)?.value,
                }),
                { state: KEEP_SCROLL },
              )
            }
            className={inputStyles('max-w-52')}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="mt-6">
        {result.isPending ? (
          <PropertyCardSkeletons count={6} className={GRID} />
        ) : result.isError ? (
          <ListError
            error={result.error}
            message={MESSAGES.search.error}
            onRetry={() => result.refetch()}
            retrying={result.isFetching}
          />
        ) : result.data.items.length === 0 && total > 0 ? (
          <ListEmpty
            action={
              <Button
                variant="secondary"
                onClick={() => setParams(toSearchParams(filters, { sort }))}
              >
                Go to the first page
              </Button>
            }
          >
            There are no properties on page {page}.
          </ListEmpty>
        ) : result.data.items.length === 0 ? (
          <ListEmpty>No properties found matching your criteria</ListEmpty>
        ) : (
          <>
            <ul
              className={cn(GRID, result.isPlaceholderData && 'opacity-60')}
              aria-busy={result.isPlaceholderData}
            >
              {result.data.items.map((property, index) => (
                <li key={property._id}>
                  <PropertyCard
                    property={property}
                    imageLoading={index < 3 ? 'eager' : 'lazy'}
                    badges={<AvailabilityBadge availability={property.availability} />}
                  />
                </li>
              ))}
            </ul>
            <Pagination
              className="mt-10"
              page={Math.min(page, pageCount)}
              pageCount={pageCount}
              onPageChange={(next) => setParams(toSearchParams(filters, { sort, page: next }))}
            />
          </>
        )}
      </div>
    </ContentLayout>
  );
}
