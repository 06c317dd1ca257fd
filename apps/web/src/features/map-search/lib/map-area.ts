import type { Bbox, LngLat } from '@keyhaven/shared/constants';

/** `[west, south, east, north]`, as MapLibre takes bounds. */
export type BoundsArray = [number, number, number, number];

/** A listing that has a place on the map. */
export type Pinned = { lng: number; lat: number };

export const isPinned = <T extends { lat: number | null; lng: number | null }>(
  listing: T,
): listing is T & Pinned => listing.lat !== null && listing.lng !== null;

/** The smallest box around the points; none for no points. */
export function boundsAround(points: readonly LngLat[]): BoundsArray | undefined {
  if (points.length === 0) return undefined;
  const lngs = points.map((point) => point.lng);
  const lats = points.map((point) => point.lat);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The map's flat projection ends here; an area reaching the poles is shown up to it. */
const MAP_LATITUDE_LIMIT = 85.0511;

/** An area as the map can show it. */
export const bboxToBounds = (bbox: Bbox): BoundsArray => [
  bbox.west,
  clamp(bbox.south, -MAP_LATITUDE_LIMIT, MAP_LATITUDE_LIMIT),
  bbox.east,
  clamp(bbox.north, -MAP_LATITUDE_LIMIT, MAP_LATITUDE_LIMIT),
];

/**
 * What the map shows as an area the address can carry: a map scrolled past the date line or
 * zoomed out beyond one world still gives longitudes within ±180 and latitudes within ±90.
 */
export function clampedBbox([west, south, east, north]: BoundsArray): Bbox {
  return {
    west: clamp(west, -180, 180),
    south: clamp(south, -90, 90),
    east: clamp(east, -180, 180),
    north: clamp(north, -90, 90),
  };
}

let compactDollars: Intl.NumberFormat | undefined;

/**
 * `$450K`, `$1.2M`: a listing's lowest price, short enough for a marker. The formatter is made
 * when the first marker is, not when the page's code loads (see en-us-format).
 */
export const markerPrice = (amount: number) => {
  compactDollars ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  return compactDollars.format(amount);
};
