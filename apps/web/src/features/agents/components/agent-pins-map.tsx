import type { LngLat } from '@keyhaven/shared/constants';
import { Marker } from '@vis.gl/react-maplibre';
import BaseMap from '@/components/map/base-map';

/** No closer than a city, even for one pin or pins on one street. */
const MAX_ZOOM = 12;

type AgentPinsMapProps = {
  pins: LngLat[];
  className?: string;
};

/**
 * The pins of the agent's homes on this page of their listings, framed to show them all. A module
 * of its own, loaded with the map's code once the map is wanted.
 */
export default function AgentPinsMap({ pins, className }: AgentPinsMapProps) {
  const lngs = pins.map((pin) => pin.lng);
  const lats = pins.map((pin) => pin.lat);
  return (
    <BaseMap
      aria-label="Where the agent’s homes for sale are"
      className={className}
      initialViewState={{
        bounds: [
          [Math.min(...lngs), Math.min(...lats)],
          [Math.max(...lngs), Math.max(...lats)],
        ],
        fitBoundsOptions: { padding: 40, maxZoom: MAX_ZOOM },
      }}
      cooperativeGestures
    >
      {pins.map((pin) => (
        <Marker
          key={`${pin.lng},${pin.lat}`}
          longitude={pin.lng}
          latitude={pin.lat}
          anchor="bottom"
          color="#0f766e"
        />
      ))}
    </BaseMap>
  );
}
