import { importServer } from './paths.mjs';

/*
 * Map views buyers look at: areas (the map's bounds) and drawn outlines around the seeded
 * cities, at the sizes a map shows a city or a metro area, some with the filters beside the map.
 * Deterministic (the seed generator's seeded random numbers), so runs are comparable.
 */

const KM_PER_DEGREE = 111.32;

/** Half the height of the view, km: a city, a metro area, a wide metro area. */
const VIEW_SIZES = [
  [6, 5],
  [20, 3],
  [45, 1],
];

/** Filters buyers add beside the map, each as the search address carries it. */
const FILTERS = [
  [{}, 10],
  [{ types: ['House', 'Townhouse'] }, 2],
  [{ minBeds: 3 }, 2],
  [{ maxPrice: 500_000 }, 2],
  [{ features: ['Garage'] }, 1],
  [{ types: ['Condo', 'Apartment'], minBaths: 2, sort: 'price-asc' }, 1],
  [{ minPrice: 300_000, maxPrice: 800_000, sort: 'area-desc' }, 1],
];

function weighted(random, choices) {
  let roll = random() * choices.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return choices.at(-1)[0];
}

const round = (degrees) => Math.round(degrees * 1e6) / 1e6;

/** The address of a view on `route`: the area or outline, then its filters. */
function queryOf(view, route) {
  const params = new URLSearchParams();
  if (view.bbox) {
    const { west, south, east, north } = view.bbox;
    params.set('bbox', [west, south, east, north].join(','));
  }
  if (view.polygon) {
    params.set('polygon', view.polygon.map((corner) => `${corner.lng},${corner.lat}`).join(';'));
  }
  for (const [name, value] of Object.entries(view.filters)) {
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return `${route}?${params}`;
}

/**
 * An endless source of views of one kind (`bbox` or `polygon`) on `route`, each around a seeded
 * city: the city's centre moved by up to a third of the view, a view 1.6 times wider than tall as
 * a screen is. The move is a fresh random amount for every view, so no two views are the same, as
 * no two buyers pan a map to the same spot: nothing is answered from the search caches. An outline
 * is a star-shaped ring of 8 to 16 corners at varying distances, concave as hand-drawn ones are,
 * never crossing itself.
 */
export async function mapViewSource(kind, seed, route = '/properties/search') {
  const { seededRandom } = await importServer('lib/seeded-random.js');
  const { CITY_CENTRES } = await importServer('db/seed/city-centres.js');
  const { CITIES } = await importServer('db/seed/cities.js');
  const random = seededRandom(seed);
  return () => {
    const [lat, lng] = CITY_CENTRES[CITIES[Math.floor(random() * CITIES.length)]];
    const halfHeightKm = weighted(random, VIEW_SIZES);
    const dLat = halfHeightKm / KM_PER_DEGREE;
    const dLng = (1.6 * halfHeightKm) / (KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
    const centre = {
      lat: lat + ((random() * 2 - 1) * dLat) / 3,
      lng: lng + ((random() * 2 - 1) * dLng) / 3,
    };
    const { sort, ...filters } = weighted(random, FILTERS);
    const view = { filters: sort ? { ...filters, sort } : filters };
    if (kind === 'bbox') {
      view.bbox = {
        west: round(centre.lng - dLng),
        south: round(centre.lat - dLat),
        east: round(centre.lng + dLng),
        north: round(centre.lat + dLat),
      };
    } else {
      const corners = 8 + Math.floor(random() * 9);
      view.polygon = Array.from({ length: corners }, (_, corner) => {
        const angle = (2 * Math.PI * (corner + random() * 0.6)) / corners;
        const reach = 0.45 + random() * 0.55;
        return {
          lng: round(centre.lng + reach * dLng * Math.cos(angle)),
          lat: round(centre.lat + reach * dLat * Math.sin(angle)),
        };
      });
    }
    view.path = queryOf(view, route);
    return view;
  };
}

/** The first `count` views of a source, for the plans to check. */
export async function mapViews(kind, count, seed, route) {
  const next = await mapViewSource(kind, seed, route);
  return Array.from({ length: count }, () => next());
}
