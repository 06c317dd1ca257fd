import type { CatalogueSearch } from './list-params';

/**
 * For tests: a catalogue search with something in most parts an address holds (a place, types,
 * features, prices, rooms and a map area), as the app reads it.
 */
export const AUSTIN_SEARCH = {
  location: 'Austin',
  types: ['House', 'Villa'],
  features: ['Garden', 'Parking'],
  minPrice: 250_000,
  maxPrice: 600_000,
  minBeds: 3,
  minBaths: 1.5,
  bbox: { west: -98, south: 30, east: -97.5, north: 30.5 },
} satisfies Partial<CatalogueSearch>;
