import { AGENT_MESSAGES } from '@keyhaven/shared/texts';
import { lazy, useId, useState } from 'react';
import { ListEmpty, ListResult } from '@/components/list-states';
import { PropertyCard, PropertyCardSkeletons } from '@/components/listing/property-card';
import { MapWhenReady } from '@/components/map/lazy-base-map';
import { Pagination } from '@/components/ui/pagination';
import { pageCountOf } from '@/hooks/use-page-param';
import { useAgentListings } from '../api/get-agent-listings';

const PAGE_SIZE = 6;

const AgentPinsMap = lazy(() => import('./agent-pins-map'));

const MAP_BOX = 'h-56 w-full rounded-xl sm:h-72';

/** The agent's homes on the market, as cards, six at a time. */
export function AgentListingsSection({ agentId }: { agentId: string }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const listings = useAgentListings(agentId, page, PAGE_SIZE);
  const total = listings.data?.total ?? 0;
  // The homes of this page that have a map position.
  const pins = (listings.data?.items ?? []).flatMap(({ lat, lng }) =>
    lat !== null && lng !== null ? [{ lat, lng }] : [],
  );
  return (
    <section aria-labelledby={headingId} className="mt-12">
      <h2 id={headingId} className="text-2xl font-bold text-teal-900">
        Homes for sale{listings.isSuccess && total > 0 ? ` (${total})` : ''}
      </h2>
      {pins.length > 0 && (
        <MapWhenReady className={`mt-6 ${MAP_BOX}`} whenNearViewport>
          {/* Drawn anew for another page of homes, framed on its pins. */}
          <AgentPinsMap
            key={pins.map((pin) => `${pin.lng},${pin.lat}`).join(';')}
            pins={pins}
            className={`mt-6 ${MAP_BOX}`}
          />
        </MapWhenReady>
      )}
      <div className="mt-6" aria-busy={listings.isFetching}>
        <ListResult
          query={listings}
          loading={
            <PropertyCardSkeletons count={3} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" />
          }
          failure={AGENT_MESSAGES.profileFailed}
          empty={<ListEmpty>{AGENT_MESSAGES.noListings}</ListEmpty>}
        >
          {(items) => (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((property) => (
                <li key={property._id}>
                  <PropertyCard property={property} headingLevel="h3" />
                </li>
              ))}
            </ul>
          )}
        </ListResult>
      </div>
      <Pagination
        label="Pages of homes for sale"
        page={page}
        pageCount={pageCountOf(total, PAGE_SIZE)}
        onPageChange={setPage}
        className="mt-6"
      />
    </section>
  );
}
