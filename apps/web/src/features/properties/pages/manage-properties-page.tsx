import { LIMITS } from '@keyhaven/shared/constants';
import { PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import { Link, useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListEmpty } from '@/components/list-states';
import { AgentLink } from '@/components/listing/agent-link';
import { AvailabilityBadge } from '@/components/listing/listing-badges';
import { ListingPicture } from '@/components/listing/listing-picture';
import { Button, buttonStyles } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { coverPhotoOf } from '@/lib/image-renditions';
import type { Property } from '@/lib/listing';
import { priceRangeText } from '@/lib/listing-format';
import { paths, propertyDetailsPath } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useManagedCount, useManagedProperties } from '../api/get-managed-properties';
import { useSetApproval } from '../api/manage-property';
import { ApprovalBadge } from '../components/approval-badge';
import { ManagedPropertiesList } from '../components/managed-properties-list';
import { managedFiltersFrom, managedQueryOf } from '../lib/managed-params';
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
          {PROPERTY_MESSAGES.agent}{' '}
          <AgentLink agentId={property.creatorUID} name={property.agentName} />{' '}
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
  const [params] = useSearchParams();
  const result = useManagedProperties(managePropertiesQueryFrom(params));
  const approval = useSetApproval();

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

      <ManagedPropertiesList
        result={result}
        pageSize={PAGE_SIZE}
        action={paths.dashboard.manageProperties}
        searchPlaceholder="Search by title, location or agent"
        loading={<Spinner label="Loading properties" className="py-16" />}
        failure="We couldn't load the properties. Please try again."
        empty={<ListEmpty>No properties found matching your criteria</ListEmpty>}
        pagination={{ label: 'Properties pages', className: 'mt-8' }}
      >
        {(items) => (
          <ul
            className={cn('space-y-4', result.isPlaceholderData && 'opacity-60')}
            aria-busy={result.isPlaceholderData}
          >
            {items.map((property) => (
              <li key={property._id}>
                <PropertyRow
                  property={property}
                  onDecide={decide}
                  deciding={approval.isPending && approval.variables?.id === property._id}
                />
              </li>
            ))}
          </ul>
        )}
      </ManagedPropertiesList>
    </ContentLayout>
  );
}
