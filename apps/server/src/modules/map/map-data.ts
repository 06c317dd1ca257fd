import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { getGazetteer } from '../places/gazetteer.js';

/*
 * The basemap's layers as GeoJSON, built from open data in npm packages: land and borders from
 * Natural Earth (`world-atlas`, 1:50m), US state lines (`us-atlas`), city names from the
 * gazetteer. Built once per process on the first map and kept as bytes, so a map never depends on
 * another server and the embedded server pays for it only when someone opens a map.
 */

export const MAP_SOURCE_NAMES = ['land', 'borders', 'states', 'cities'] as const;
export type MapSourceName = (typeof MAP_SOURCE_NAMES)[number];

export interface MapSource {
  /** The file name the style links to; the hash in it changes whenever the bytes do. */
  file: string;
  hash: string;
  body: Buffer;
}

/** Cities this large get a label; smaller towns would crowd the map at the zooms it serves. */
const LABELLED_CITY_POPULATION = 100_000;

const require = createRequire(import.meta.url);
const readTopology = (file: string) =>
  JSON.parse(readFileSync(require.resolve(file), 'utf8')) as Topology;

/** A hundred-thousandth of a degree is about a metre: finer than the data, and a third shorter. */
const roundCoordinates = (_key: string, value: unknown) =>
  typeof value === 'number' && !Number.isInteger(value) ? Math.round(value * 1e5) / 1e5 : value;

const collection = (features: unknown[]) => ({ type: 'FeatureCollection', features });
const lineFeature = (geometry: unknown) => ({ type: 'Feature', properties: {}, geometry });

function geoJsonOf(name: MapSourceName): unknown {
  switch (name) {
    case 'land': {
      const land = readTopology('world-atlas/land-50m.json');
      return feature(land, land.objects.land as GeometryCollection);
    }
    case 'borders': {
      const world = readTopology('world-atlas/countries-50m.json');
      const countries = world.objects.countries as GeometryCollection;
      return collection([lineFeature(mesh(world, countries, (a, b) => a !== b))]);
    }
    case 'states': {
      const us = readTopology('us-atlas/states-10m.json');
      const states = us.objects.states as GeometryCollection;
      return collection([lineFeature(mesh(us, states, (a, b) => a !== b))]);
    }
    case 'cities':
      return collection(
        getGazetteer()
          .citiesOver(LABELLED_CITY_POPULATION)
          .map((city) => ({
            type: 'Feature',
            properties: { name: city.name, population: city.population },
            geometry: { type: 'Point', coordinates: [city.lng, city.lat] },
          })),
      );
  }
}

let sources: Map<MapSourceName, MapSource> | undefined;

/** Every layer's bytes, built on the first call. */
export function mapSources(): Map<MapSourceName, MapSource> {
  if (!sources) {
    sources = new Map(
      MAP_SOURCE_NAMES.map((name) => {
        const body = Buffer.from(JSON.stringify(geoJsonOf(name), roundCoordinates));
        const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
        return [name, { file: `${name}.${hash}.json`, hash, body }];
      }),
    );
  }
  return sources;
}
