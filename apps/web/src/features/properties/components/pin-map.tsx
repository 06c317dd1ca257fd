import type { LngLat } from '@keyhaven/shared';
import { type MapRef, Marker } from '@vis.gl/react-maplibre';
import { useEffect, useRef } from 'react';
import BaseMap from '@/components/map/base-map';
import { type MapView, type Pin, pinAt, STREET_ZOOM } from '../lib/map-pin';

export type PinMapProps = {
  pin: Pin;
  /** Where the map goes when the form asks (a chosen place); a new `key` asks again. */
  view: MapView | null;
  onPinChange: (pin: Pin) => void;
  /** Where the middle of the map is, whenever the map stops moving. */
  onCenterChange: (center: LngLat) => void;
  className?: string;
};

/** The whole world, for a listing without a pin yet. */
const WORLD = { longitude: -30, latitude: 30, zoom: 1 };

/**
 * The map where the agent places the home: the pin is dragged, or the map clicked, to the exact
 * spot. Loaded only in the browser (it brings MapLibre).
 */
export default function PinMap({ pin, view, onPinChange, onCenterChange, className }: PinMapProps) {
  const mapRef = useRef<MapRef>(null);
  // Only the pin the form started with decides the first view; later pins move without jumping.
  const initialView = useRef(
    pin ? { longitude: pin.lng, latitude: pin.lat, zoom: STREET_ZOOM } : WORLD,
  );

  useEffect(() => {
    if (view) mapRef.current?.jumpTo({ center: [view.lng, view.lat], zoom: view.zoom });
  }, [view]);

  return (
    <BaseMap
      ref={mapRef}
      aria-label="Where the home is"
      className={className}
      initialViewState={initialView.current}
      onClick={(event) => onPinChange(pinAt(event.lngLat.lng, event.lngLat.lat))}
      onLoad={(event) => {
        // A place chosen while MapLibre was still starting found no map to move; it moves now.
        if (view) event.target.jumpTo({ center: [view.lng, view.lat], zoom: view.zoom });
        onCenterChange(event.target.getCenter());
      }}
      onMoveEnd={(event) => onCenterChange(event.target.getCenter())}
    >
      {pin && (
        <Marker
          longitude={pin.lng}
          latitude={pin.lat}
          anchor="bottom"
          draggable
          color="#0f766e"
          onDragEnd={(event) => onPinChange(pinAt(event.lngLat.lng, event.lngLat.lat))}
        />
      )}
    </BaseMap>
  );
}
