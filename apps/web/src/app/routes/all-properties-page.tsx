import { MapSearchPanel } from '@/features/map-search/components/map-search-panel';
import { ListingOpenHouseBadge } from '@/features/open-houses/components/listing-open-house-badge';
import { AllPropertiesPage } from '@/features/properties/pages/all-properties-page';
import { SaveSearchButton } from '@/features/saved-searches/components/save-search-button';

/**
 * The signed-in catalogue with the map beside its list (whose popups show a home's next open house,
 * asked for when its card is on another page), and Save this search by its filters.
 */
export function AllPropertiesRoute() {
  return (
    <AllPropertiesPage
      map={(props) => <MapSearchPanel {...props} OpenHouseBadgeOf={ListingOpenHouseBadge} />}
      searchActions={<SaveSearchButton />}
    />
  );
}
