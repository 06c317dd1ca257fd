import { LIMITS } from '@keyhaven/shared/constants';
import { PROPERTY_MESSAGES, TOUR_SCREEN_MESSAGES } from '@keyhaven/shared/texts';
import { useState } from 'react';
import { generatePath, Link, useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListEmpty } from '@/components/list-states';
import { AvailabilityBadge } from '@/components/listing/listing-badges';
import { PropertyCard, PropertyCardSkeletons } from '@/components/listing/property-card';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button, buttonStyles } from '@/components/ui/button';
import { useSignedInUser } from '@/hooks/use-session';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import type { Property } from '@/lib/listing';
import { paths, propertyDetailsPath, tourAvailabilityPath } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useManagedProperties } from '../api/get-managed-properties';
import { useDeleteProperty } from '../api/manage-property';
import { ApprovalBadge } from '../components/approval-badge';
import { CorrectionNote } from '../components/correction-note';
import { ManagedPropertiesList } from '../components/managed-properties-list';
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
      <ManagedPropertiesList
        result={result}
        pageSize={PAGE_SIZE}
        action={paths.dashboard.myProperties}
        searchPlaceholder="Search by title or location"
        pagination={{ label: 'My properties pages', className: 'mt-10' }}
        loading={<PropertyCardSkeletons count={3} className={GRID} />}
        failure="We couldn't load your properties. Please try again."
        empty={
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
        }
      >
        {(items) => (
          <ul
            className={cn(GRID, result.isPlaceholderData && 'opacity-60')}
            aria-busy={result.isPlaceholderData}
          >
            {items.map((property) => (
              <li key={property._id}>
                <PropertyCard
                  property={property}
                  showAgent={false}
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
                      <Link
                        to={tourAvailabilityPath(property._id)}
                        className={buttonStyles({
                          variant: 'ghost',
                          size: 'sm',
                          className: 'mt-2 w-full',
                        })}
                      >
                        {TOUR_SCREEN_MESSAGES.viewingTimes}
                        <span className="sr-only">: {property.title}</span>
                      </Link>
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </ManagedPropertiesList>

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
