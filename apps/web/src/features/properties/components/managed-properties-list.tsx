import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ListResult } from '@/components/list-states';
import { Pagination } from '@/components/ui/pagination';
import { pageCountOf } from '@/hooks/use-page-param';
import type { Page } from '@/lib/api-client';
import type { Property } from '@/lib/listing';
import { plural } from '@/lib/listing-format';
import { managedFiltersFrom, toManagedParams } from '../lib/managed-params';
import { ManagedFiltersForm } from './managed-filters';

type ManagedPropertiesListProps = {
  /** The page of listings the address asks for. */
  result: UseQueryResult<Page<Property>>;
  pageSize: number;
  /** The page the filters form posts to before the app has started. */
  action: string;
  searchPlaceholder: string;
  loading: ReactNode;
  /** What the failure says when the server was reached. */
  failure: string;
  empty: ReactNode;
  /** Names the pagination landmark, and its place under the listings. */
  pagination: { label: string; className: string };
  /** The listings of the page, as rows or cards. */
  children: (items: Property[]) => ReactNode;
};

/**
 * Listings an agent or an admin manages: search, status and type filters in the address, the
 * count found, then the page of listings (or why there is none) and Previous and Next.
 */
export function ManagedPropertiesList({
  result,
  pageSize,
  action,
  searchPlaceholder,
  loading,
  failure,
  empty,
  pagination,
  children,
}: ManagedPropertiesListProps) {
  const [params, setParams] = useSearchParams();
  const { page, ...filters } = managedFiltersFrom(params);
  const total = result.data?.total ?? 0;
  const pageCount = pageCountOf(total, pageSize);
  return (
    <>
      <div className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-sand">
        <ManagedFiltersForm
          filters={filters}
          onChange={(next) => setParams(toManagedParams(next))}
          action={action}
          searchPlaceholder={searchPlaceholder}
          withType
        />
      </div>

      <p role="status" className="mt-6 text-stone-700">
        {result.data && plural(total, 'property', 'properties')}
      </p>

      <div className="mt-4">
        <ListResult query={result} loading={loading} failure={failure} empty={empty}>
          {(items) => (
            <>
              {children(items)}
              <Pagination
                className={pagination.className}
                label={pagination.label}
                page={Math.min(page, pageCount)}
                pageCount={pageCount}
                onPageChange={(next) => setParams(toManagedParams(filters, next))}
              />
            </>
          )}
        </ListResult>
      </div>
    </>
  );
}
