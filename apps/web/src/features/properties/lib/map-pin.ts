import type { LngLat } from '@keyhaven/shared';

/** Where the home stands on the map, or null when it has no map position. */
export type Pin = LngLat | null;

/** A place to show on the map: `key` changes each time the form asks the map to go there. */
export type MapView = LngLat & { zoom: number; key: number };

/** Six decimals are about 10 cm: as exact as a pin needs. */
const roundDegrees = (value: number) => Math.round(value * 1e6) / 1e6;

export const pinAt = (lng: number, lat: number): LngLat => ({
  lng: roundDegrees(((((lng + 180) % 360) + 360) % 360) - 180),
  lat: roundDegrees(Math.max(-85, Math.min(85, lat))),
});

/** How far one press of a move button takes the pin: about 50 m north to south. */
export const PIN_STEP_DEGREES = 0.0005;

/** The zoom at which a city's streets show, for a chosen place or an existing pin. */
export const STREET_ZOOM = 13;

export const formatPin = (pin: LngLat) => `${pin.lat.toFixed(6)}, ${pin.lng.toFixed(6)}`;
