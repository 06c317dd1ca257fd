import { MapSearchPanel } from '@/features/map-search/components/map-search-panel';
import { AllPropertiesPage } from '@/features/properties/pages/all-properties-page';

/** The signed-in catalogue with the map beside its list. */
export function AllPropertiesRoute() {
  return <AllPropertiesPage map={(props) => <MapSearchPanel {...props} />} />;
}
