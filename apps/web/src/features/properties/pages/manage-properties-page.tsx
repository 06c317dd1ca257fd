import { LIMITS } from '@keyhaven/shared/constants';
import { PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import { Link, useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListEmpty, ListError } from '@/components/list-states';
import { AvailabilityBadge } from '@/components/listing/listing-badges';
import { ListingPicture } from '@/components/listing/listing-picture';
import { Button, buttonStyles } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { pageCountOf } from '@/hooks/use-page-param';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { coverPhotoOf } from '@/lib/image-renditions';
import type { Property } from '@/lib/listing';
import { plural, priceRangeText } from '@/lib/listing-format';
import { paths, propertyDetailsPath } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useManagedCount, useManagedProperties } from '../api/get-managed-properties';
import { useSetApproval } from '../api/manage-property';
import { ApprovalBadge } from '../components/approval-badge';
import { ManagedFiltersForm } from '../components/managed-filters';
import { managedFiltersFrom, managedQueryOf, toManagedParams } from '../lib/managed-params';
import type { ApprovalFilter } from '../types';

const PAGE_SIZE = LIMITS.adminPropertyPageSize;

const COUNTS: Array<{ label: string; status?: ApprovalFilter }> = [
  { label: 'Total' },
  { label: 'Pending', status: 'pending' },
  { label: 'Approved', status: 'approved' },
  { label: 'Rejected', status: 'rejected' },
];

function Count({ label, status }: { label: string; status?: ApprovalFilter }) {
  const count = useManagedCount(status);
  return (
    <div className="rounded-2xl border border-sand bg-white p-4 shadow-sm">
      <dt className="text-sm font-semibold text-stone-700">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-teal-900">
        {count.data ?? (count.isError ? '–' : '…')}
      </dd>
    </div>
  );
}

type RowProps = {
  property: Property;
  onDecide: (property: Property, approve: boolean) => void;
  /** This row's decision is on its way. */
  deciding: boolean;
};

function PropertyRow({ property, onDecide, deciding }: RowProps) {
  const title = property.title.trim() || PROPERTY_MESSAGES.untitled;
  return (
    <article className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-4 rounded-2xl border border-sand bg-white p-4 shadow-sm sm:grid-cols-[9rem_minmax(0,1fr)_10rem] sm:items-center">
      <ListingPicture
        photo={coverPhotoOf(property, title)}
        sizes="(min-width: 640px) 9rem, 5.5rem"
        className="aspect-[3/2] w-full rounded-lg"
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <ApprovalBadge adminApproval={property.adminApproval} />
          <AvailabilityBadge availability={property.availability} labelled />
        </div>
        <h3 className="mt-2 text-lg font-bold text-stone-900">{title}</h3>
        <p className="text-sm text-stone-700">
          {property.location || PROPERTY_MESSAGES.noLocation} · {property.propertyType}
        </p>
        <p className="mt-1 text-sm text-stone-700">
          Agent: <span className="font-medium text-stone-900">{property.agentName}</span>{' '}
          <span className="break-all">({property.agentEmail})</span>
        </p>
        <p className="mt-1 font-semibold text-teal-900">
          {priceRangeText(property.minPrice, property.maxPrice)}
        </p>
      </div>
      <div className="col-span-2 flex flex-wrap gap-2 sm:col-span-1 sm:flex-col">
        <Link
          to={propertyDetailsPath(property._id)}
          className={buttonStyles({ variant: 'secondary', size: 'sm' })}
        >
          View<span className="sr-only">: {title}</span>
        </Link>
        {/* Approve unless Approved, Reject unless Rejected: an admin can change their mind. */}
        {property.adminApproval !== 'true' && (
          <Button size="sm" disabled={deciding} onClick={() => onDecide(property, true)}>
            Approve<span className="sr-only">: {title}</span>
          </Button>
        )}
        {property.adminApproval !== 'false' && (
          <Button
            variant="dangerOutline"
            size="sm"
            disabled={deciding}
            onClick={() => onDecide(property, false)}
          >
            Reject<span className="sr-only">: {title}</span>
          </Button>
        )}
      </div>
    </article>
  );
}

/** What the page asks for at its address; the server asks the same when it renders it. */
export function managePropertiesQueryFrom(params: URLSearchParams) {
  const { page, ...filters } = managedFiltersFrom(params);
  return { ...managedQueryOf(filters), page, limit: PAGE_SIZE };
}

/** What the counts over the list ask for, one status each. */
export const MANAGED_COUNT_STATUSES = COUNTS.map((count) => count.status);

/** The admin's view of every listing: counts, search, status filter, 5 per page. */
export function ManagePropertiesPage() {
  const [params, setParams] = useSearchParams();
  const { page, ...filters } = managedFiltersFrom(params);
  const result = useManagedProperties(managePropertiesQueryFrom(params));
  const approval = useSetApproval();

  const total = result.data?.total ?? 0;
  const pageCount = pageCountOf(total, PAGE_SIZE);

  const decide = (property: Property, approve: boolean) =>
    approval.mutate(
      { id: property._id, approve },
      {
        onSuccess: ({ message }) => toast.success(message || PROPERTY_MESSAGES.approvalUpdated),
        onError: (error) => toast.error(errorMessage(error, PROPERTY_MESSAGES.approvalFailed)),
      },
    );

  return (
    <ContentLayout heading="Manage Properties">
      <dl className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {COUNTS.map((count) => (
          <Count key={count.label} {...count} />
        ))}
      </dl>

      <div className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-sand">
        <ManagedFiltersForm
          filters={filters}
          onChange={(next) => setParams(toManagedParams(next))}
          action={paths.dashboard.manageProperties}
          searchPlaceholder="Search by title, location or agent"
          withType
        />
      </div>

      <p role="status" className="mt-6 text-stone-700">
        {result.data && plural(total, 'property', 'properties')}
      </p>

      <div className="mt-4">
        {result.isPending ? (
          <Spinner label="Loading properties" className="py-16" />
        ) : result.isError ? (
          <ListError
            error={result.error}
            message="We couldn't load the properties. Please try again."
            onRetry={() => result.refetch()}
            retrying={result.isFetching}
          />
        ) : result.data.items.length === 0 ? (
          <ListEmpty>No properties found matching your criteria</ListEmpty>
        ) : (
          <>
            <ul
              className={cn('space-y-4', result.isPlaceholderData && 'opacity-60')}
              aria-busy={result.isPlaceholderData}
            >
              {result.data.items.map((property) => (
                <li key={property._id}>
                  <PropertyRow
                    property={property}
                    onDecide={decide}
                    deciding={approval.isPending && approval.variables?.id === property._id}
                  />
                </li>
              ))}
            </ul>
            <Pagination
              className="mt-8"
              label="Properties pages"
              page={Math.min(page, pageCount)}
              pageCount={pageCount}
              onPageChange={(next) => setParams(toManagedParams(filters, next))}
            />
          </>
        )}
      </div>
    </ContentLayout>
  );
}
