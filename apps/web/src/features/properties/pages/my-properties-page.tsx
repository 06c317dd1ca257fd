import { LIMITS } from '@keyhaven/shared/constants';
import { PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import { useState } from 'react';
import { generatePath, Link, useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListEmpty, ListError } from '@/components/list-states';
import { AvailabilityBadge } from '@/components/listing/listing-badges';
import { PropertyCard, PropertyCardSkeletons } from '@/components/listing/property-card';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button, buttonStyles } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { pageCountOf } from '@/hooks/use-page-param';
import { useSignedInUser } from '@/hooks/use-session';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import type { Property } from '@/lib/listing';
import { plural } from '@/lib/listing-format';
import { paths, propertyDetailsPath } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useManagedProperties } from '../api/get-managed-properties';
import { useDeleteProperty } from '../api/manage-property';
import { ApprovalBadge } from '../components/approval-badge';
import { CorrectionNote } from '../components/correction-note';
import { ManagedFiltersForm } from '../components/managed-filters';
import { managedFiltersFrom, managedQueryOf, toManagedParams } from '../lib/managed-params';

const PAGE_SIZE = LIMITS.agentPageSize;
const GRID = 'grid gap-6 sm:grid-cols-2 xl:grid-cols-3';

/** What the page asks for at its address; the server asks the same when it renders it. */
export function myPropertiesQueryFrom(params: URLSearchParams, agentUID: string) {
  const { page, ...filters } = managedFiltersFrom(params);
  return { agentUID, ...managedQueryOf(filters), page, limit: PAGE_SIZE };
}

/** The agent's own listings: search, status and type filters, 6 per page. */
export function MyPropertiesPage() {
  const user = useSignedInUser();
  const [params, setParams] = useSearchParams();
  const { page, ...filters } = managedFiltersFrom(params);
  const result = useManagedProperties(myPropertiesQueryFrom(params, user.uid));
  const remove = useDeleteProperty();
  const [toDelete, setToDelete] = useState<Property | null>(null);

  const total = result.data?.total ?? 0;
  const pageCount = pageCountOf(total, PAGE_SIZE);
  const filtered = Boolean(filters.search || filters.status || filters.propertyType);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete._id, {
      onSuccess: ({ message }) => {
        toast.success(PROPERTY_MESSAGES.deletedTitle, {
          description: message || PROPERTY_MESSAGES.deleted,
        });
        // The last listing of the last page is gone: show the page before it.
        if (result.data?.items.length === 1 && page > 1) {
          setParams(toManagedParams(filters, page - 1), { replace: true });
        }
      },
      onError: (error) => toast.error(errorMessage(error, PROPERTY_MESSAGES.deleteFailed)),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <ContentLayout heading="My Properties">
      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        <p className="text-stone-700">Your listings, whatever their approval.</p>
        <Link to={paths.dashboard.addProperty} className={buttonStyles()}>
          Add Property
        </Link>
      </div>
      <div className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-sand">
        <ManagedFiltersForm
          filters={filters}
          onChange={(next) => setParams(toManagedParams(next))}
          action={paths.dashboard.myProperties}
          searchPlaceholder="Search by title or location"
          withType
        />
      </div>

      <p role="status" className="mt-6 text-stone-700">
        {result.data && plural(total, 'property', 'properties')}
      </p>

      <div className="mt-4">
        {result.isPending ? (
          <PropertyCardSkeletons count={3} className={GRID} />
        ) : result.isError ? (
          <ListError
            error={result.error}
            message="We couldn't load your properties. Please try again."
            onRetry={() => result.refetch()}
            retrying={result.isFetching}
          />
        ) : result.data.items.length === 0 ? (
          filtered || page > 1 ? (
            <ListEmpty>No properties found matching your criteria</ListEmpty>
          ) : (
            <ListEmpty
              action={
                <Link to={paths.dashboard.addProperty} className={buttonStyles()}>
                  Add your first property
                </Link>
              }
            >
              You haven't listed any properties yet.
            </ListEmpty>
          )
        ) : (
          <>
            <ul
              className={cn(GRID, result.isPlaceholderData && 'opacity-60')}
              aria-busy={result.isPlaceholderData}
            >
              {result.data.items.map((property) => (
                <li key={property._id}>
                  <PropertyCard
                    property={property}
                    badges={
                      <>
                        <ApprovalBadge adminApproval={property.adminApproval} />
                        <AvailabilityBadge availability={property.availability} labelled />
                      </>
                    }
                    actions={
                      <>
                        {property.correctionNote && (
                          <CorrectionNote
                            className="mb-3 text-sm"
                            note={property.correctionNote}
                            action={
                              <Link
                                to={generatePath(paths.editProperty, { id: property._id })}
                                className="font-semibold text-amber-950 underline underline-offset-2"
                              >
                                Edit listing<span className="sr-only">: {property.title}</span>
                              </Link>
                            }
                          />
                        )}
                        <div className="grid grid-cols-3 gap-2">
                          <Link
                            to={propertyDetailsPath(property._id)}
                            className={buttonStyles({ variant: 'secondary', size: 'sm' })}
                          >
                            View<span className="sr-only">: {property.title}</span>
                          </Link>
                          <Link
                            to={generatePath(paths.editProperty, { id: property._id })}
                            className={buttonStyles({ variant: 'secondary', size: 'sm' })}
                          >
                            Edit<span className="sr-only">: {property.title}</span>
                          </Link>
                          <Button
                            variant="dangerOutline"
                            size="sm"
                            onClick={() => setToDelete(property)}
                          >
                            Delete<span className="sr-only">: {property.title}</span>
                          </Button>
                        </div>
                      </>
                    }
                  />
                </li>
              ))}
            </ul>
            <Pagination
              className="mt-10"
              label="My properties pages"
              page={Math.min(page, pageCount)}
              pageCount={pageCount}
              onPageChange={(next) => setParams(toManagedParams(filters, next))}
            />
          </>
        )}
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this property?"
        description={
          <p>
            {toDelete?.title} will be removed with its pending offers, reviews and wishlist entries.
            This cannot be undone.
          </p>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        tone="danger"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </ContentLayout>
  );
}
