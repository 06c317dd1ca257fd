import type { LngLat } from '@keyhaven/shared/constants';
import { Marker } from '@vis.gl/react-maplibre';
import BaseMap from '@/components/map/base-map';

/** The city around the home shows, with its neighbourhood's streets. */
const CITY_ZOOM = 12;

type LocationMapProps = {
  position: LngLat;
  className?: string;
};

/**
 * The home's pin on a map of its city. A module of its own, loaded with the map's code once the
 * map is wanted, so the pin's code is not part of the listing's page.
 */
export default function LocationMap({ position, className }: LocationMapProps) {
  return (
    <BaseMap
      aria-label="Where the home is"
      className={className}
      initialViewState={{ longitude: position.lng, latitude: position.lat, zoom: CITY_ZOOM }}
      cooperativeGestures
    >
      <Marker longitude={position.lng} latitude={position.lat} anchor="bottom" color="#0f766e" />
    </BaseMap>
  );
}
