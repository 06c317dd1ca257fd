import { MapSearchPanel } from '@/features/map-search/components/map-search-panel';
import { AllPropertiesPage } from '@/features/properties/pages/all-properties-page';
import { SaveSearchButton } from '@/features/saved-searches/components/save-search-button';

/** The signed-in catalogue with the map beside its list, and Save this search by its filters. */
export function AllPropertiesRoute() {
  return (
    <AllPropertiesPage
      map={(props) => <MapSearchPanel {...props} />}
      searchActions={<SaveSearchButton />}
    />
  );
}
