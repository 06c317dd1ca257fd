import { AGENT_MESSAGES } from '@keyhaven/shared/texts';
import { lazy, useState } from 'react';
import { PropertyCard, PropertyCardSkeletons } from '@/components/listing/property-card';
import { MapWhenReady } from '@/components/map/lazy-base-map';
import { useAgentListings } from '../api/get-agent-listings';
import { AgentPagedSection } from './agent-paged-section';

/** Homes for sale a page; the server renders the first page with the profile. */
export const AGENT_LISTINGS_PAGE_SIZE = 6;

const AgentPinsMap = lazy(() => import('./agent-pins-map'));

const MAP_BOX = 'h-56 w-full rounded-xl sm:h-72';

/** The agent's homes on the market, as cards, six at a time. */
export function AgentListingsSection({ agentId }: { agentId: string }) {
  const [page, setPage] = useState(1);
  const listings = useAgentListings(agentId, page, AGENT_LISTINGS_PAGE_SIZE);
  // The homes of this page that have a map position.
  const pins = (listings.data?.items ?? []).flatMap(({ lat, lng }) =>
    lat !== null && lng !== null ? [{ lat, lng }] : [],
  );
  return (
    <AgentPagedSection
      title="Homes for sale"
      query={listings}
      page={page}
      onPageChange={setPage}
      pageSize={AGENT_LISTINGS_PAGE_SIZE}
      pagesLabel="Pages of homes for sale"
      loading={
        <PropertyCardSkeletons count={3} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" />
      }
      empty={AGENT_MESSAGES.noListings}
      lead={
        pins.length > 0 && (
          <MapWhenReady className={`mt-6 ${MAP_BOX}`} whenNearViewport>
            {/* Drawn anew for another page of homes, framed on its pins. */}
            <AgentPinsMap
              key={pins.map((pin) => `${pin.lng},${pin.lat}`).join(';')}
              pins={pins}
              className={`mt-6 ${MAP_BOX}`}
            />
          </MapWhenReady>
        )
      }
    >
      {(items) => (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((property) => (
            <li key={property._id}>
              <PropertyCard property={property} headingLevel="h3" showAgent={false} />
            </li>
          ))}
        </ul>
      )}
    </AgentPagedSection>
  );
}
