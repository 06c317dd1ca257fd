import type { Bbox, LngLat } from '@keyhaven/shared/constants';
import { lazy } from 'react';
import { Link } from 'react-router';
import { MapWhenReady } from '@/components/map/lazy-base-map';
import { paths } from '@/lib/paths';
import { catalogueSearchToParams, EMPTY_SEARCH } from '../lib/list-params';

const LocationMap = lazy(() => import('./location-map'));

/** How far "nearby" reaches on each side of the home: about 5 km. */
const NEARBY_DEGREES = 0.05;

export const LOCATION_TEXTS = {
  noPosition: 'This home has no map position yet.',
  searchNearby: 'Search homes nearby',
} as const;

const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));

/** The area around the home, kept on the map's edges for a home near the date line or a pole. */
export const nearbyArea = ({ lng, lat }: LngLat): Bbox => ({
  west: clamp(lng - NEARBY_DEGREES, 180),
  south: clamp(lat - NEARBY_DEGREES, 90),
  east: clamp(lng + NEARBY_DEGREES, 180),
  north: clamp(lat + NEARBY_DEGREES, 90),
});

/** All Properties searching the area around the home, as a buyer's own map search would. */
export const nearbySearchPath = (position: LngLat) =>
  `${paths.allProperties}?${catalogueSearchToParams({ ...EMPTY_SEARCH, bbox: nearbyArea(position) })}`;

type PropertyLocationProps = {
  /** The listing's location as its agent wrote it. */
  location: string;
  lat: number | null;
  lng: number | null;
};

const MAP_BOX = 'h-56 w-full rounded-xl sm:h-64';

/**
 * Where the home is: a small map of its city with its pin, its location, and a search of the homes
 * around it. The map loads in the browser once the page is ready and the buyer scrolls near it
 * (drawing it costs a phone a second of work the page's first moments need). It never takes the
 * page's scroll (a wheel needs Ctrl, a finger needs a second one), so buyers scroll past it freely.
 */
export function PropertyLocation({ location, lat, lng }: PropertyLocationProps) {
  const position = lat !== null && lng !== null ? { lat, lng } : null;

  return (
    <section
      aria-labelledby="property-location"
      className="rounded-2xl border border-sand bg-white p-6 shadow-sm"
    >
      <h2 id="property-location" className="text-lg font-bold text-teal-900">
        Location
      </h2>
      {position && (
        <MapWhenReady className={`mt-3 ${MAP_BOX}`} whenNearViewport>
          <LocationMap position={position} className={`mt-3 ${MAP_BOX}`} />
        </MapWhenReady>
      )}
      <p className="mt-3 font-semibold text-stone-900">{location}</p>
      {position ? (
        <Link
          to={nearbySearchPath(position)}
          className="mt-2 inline-block font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-950"
        >
          {LOCATION_TEXTS.searchNearby}
        </Link>
      ) : (
        <p className="mt-2 text-stone-700">{LOCATION_TEXTS.noPosition}</p>
      )}
    </section>
  );
}
