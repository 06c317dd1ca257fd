import type { MapSource, MapSourceName } from './map-data.js';

/*
 * The offline basemap's MapLibre style: sea as the background, land, country and state lines,
 * and city names that appear as the map zooms in (the largest first). Text carries no `glyphs`
 * address: MapLibre then draws every letter in the browser with the system's sans-serif, so no
 * font file is fetched from anywhere.
 */

const COLORS = {
  water: '#c9dff0',
  land: '#f4f1ea',
  border: '#9a8f97',
  state: '#c3b8c0',
  city: '#4a4a4a',
  halo: '#ffffff',
};

const ATTRIBUTION = {
  natural: '<a href="https://www.naturalearthdata.com/">Natural Earth</a>',
  geonames: '<a href="https://www.geonames.org/">GeoNames</a>',
};

/** Population above which a city is named from this zoom on. */
const CITY_TIERS = [
  { id: 'cities-largest', population: 2_000_000, minzoom: 2, size: 13 },
  { id: 'cities-large', population: 500_000, minzoom: 4, size: 12 },
  { id: 'cities-other', population: 0, minzoom: 6, size: 11 },
];

export function buildMapStyle(sources: Map<MapSourceName, MapSource>) {
  const source = (name: MapSourceName, attribution: string) => ({
    type: 'geojson' as const,
    data: `/map/data/${sources.get(name)?.file}`,
    attribution,
  });
  return {
    version: 8 as const,
    name: 'Offline basemap',
    sources: {
      land: source('land', ATTRIBUTION.natural),
      borders: source('borders', ATTRIBUTION.natural),
      states: source('states', ATTRIBUTION.natural),
      cities: source('cities', ATTRIBUTION.geonames),
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': COLORS.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': COLORS.land } },
      {
        id: 'states',
        type: 'line',
        source: 'states',
        minzoom: 3,
        paint: { 'line-color': COLORS.state, 'line-width': 0.8, 'line-dasharray': [3, 2] },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: {
          'line-color': COLORS.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.6, 8, 1.6],
        },
      },
      ...CITY_TIERS.map((tier, index) => ({
        id: tier.id,
        type: 'symbol' as const,
        source: 'cities',
        minzoom: tier.minzoom,
        filter: [
          'all',
          ['>=', ['get', 'population'], tier.population],
          [
            '<',
            ['get', 'population'],
            CITY_TIERS[index - 1]?.population ?? Number.MAX_SAFE_INTEGER,
          ],
        ],
        layout: {
          'text-field': ['get', 'name'],
          'text-size': tier.size,
          'text-font': ['sans-serif'],
          // The more people, the more likely the name wins a crowded spot.
          'symbol-sort-key': ['-', ['get', 'population']],
        },
        paint: {
          'text-color': COLORS.city,
          'text-halo-color': COLORS.halo,
          'text-halo-width': 1.5,
        },
      })),
    ],
  };
}
