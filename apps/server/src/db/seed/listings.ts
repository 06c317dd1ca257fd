import {
  ADD_FEATURES,
  ADD_PROPERTY_TYPES,
  type AdminApprovalStored,
  type Availability,
} from '@keyhaven/shared';
import { generateRandomString, hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { type Random, seededRandom } from '../../lib/seeded-random.js';
import type { Database } from '../client.js';
import type { StoredPhoto } from '../schema.js';
import { accounts, properties, users } from '../schema.js';
import { CITIES } from './cities.js';
import { pinNear } from './city-centres.js';
import type { AddPropertyType } from './images.js';
import { type PhotoPool, photoChooser } from './photo-pool.js';

/*
 * Bulk listings for benchmarks: realistic enough that searches, filters and pages behave as they
 * would on a busy marketplace (price spread, approval mix, two years of history).
 */

const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
const between = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));

/** Standard normal, by Box-Muller. */
const gaussian = (random: Random) =>
  Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

function weighted<T>(random: Random, choices: readonly (readonly [T, number])[]): T {
  let roll = random() * choices.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return (choices.at(-1) as readonly [T, number])[0];
}

interface TypeProfile {
  share: number;
  /** Median asking price, dollars. */
  medianPrice: number;
  bedrooms: [number, number];
  bathrooms: [number, number];
  areaSize: [number, number];
  nouns: string[];
  features: readonly Feature[];
}

type Feature = (typeof ADD_FEATURES)[number];
const BUSINESS_FEATURES: Feature[] = ['Parking', 'Security', 'Elevator', 'Air Conditioning'];

const PROFILES: Record<AddPropertyType, TypeProfile> = {
  Apartment: {
    share: 22,
    medianPrice: 290_000,
    bedrooms: [0, 3],
    bathrooms: [1, 2.5],
    areaSize: [450, 1600],
    nouns: ['Apartment', 'Flat', 'Loft', 'Studio'],
    features: ADD_FEATURES,
  },
  House: {
    share: 30,
    medianPrice: 430_000,
    bedrooms: [2, 6],
    bathrooms: [1, 4.5],
    areaSize: [1100, 4200],
    nouns: ['House', 'Family Home', 'Bungalow', 'Ranch', 'Cottage'],
    features: ADD_FEATURES,
  },
  Villa: {
    share: 6,
    medianPrice: 1_150_000,
    bedrooms: [3, 8],
    bathrooms: [3, 8],
    areaSize: [2800, 9000],
    nouns: ['Villa', 'Estate', 'Retreat'],
    features: ADD_FEATURES,
  },
  Condo: {
    share: 14,
    medianPrice: 330_000,
    bedrooms: [1, 3],
    bathrooms: [1, 3],
    areaSize: [600, 1900],
    nouns: ['Condo', 'Condominium', 'Penthouse'],
    features: ADD_FEATURES,
  },
  Townhouse: {
    share: 12,
    medianPrice: 380_000,
    bedrooms: [2, 4],
    bathrooms: [1.5, 3.5],
    areaSize: [1100, 2600],
    nouns: ['Townhouse', 'Row House', 'Townhome'],
    features: ADD_FEATURES,
  },
  Commercial: {
    share: 7,
    medianPrice: 680_000,
    bedrooms: [0, 0],
    bathrooms: [1, 4],
    areaSize: [900, 20_000],
    nouns: ['Retail Unit', 'Office Space', 'Warehouse', 'Restaurant Space', 'Shopfront'],
    features: BUSINESS_FEATURES,
  },
  Land: {
    share: 6,
    medianPrice: 140_000,
    bedrooms: [0, 0],
    bathrooms: [0, 0],
    areaSize: [5000, 870_000],
    nouns: ['Building Lot', 'Acreage', 'Parcel', 'Ranch Land'],
    features: [],
  },
  Other: {
    share: 3,
    medianPrice: 260_000,
    bedrooms: [0, 4],
    bathrooms: [0, 2],
    areaSize: [400, 3000],
    nouns: ['Cabin', 'Houseboat', 'Converted Barn', 'Tiny Home', 'Mobile Home'],
    features: ADD_FEATURES,
  },
};

const TYPE_WEIGHTS = ADD_PROPERTY_TYPES.map((type) => [type, PROFILES[type].share] as const);
const ADJECTIVES = [
  'Bright',
  'Spacious',
  'Charming',
  'Modern',
  'Renovated',
  'Cosy',
  'Elegant',
  'Sunny',
  'Quiet',
  'Updated',
  'Classic',
  'Stylish',
];
const SETTINGS = [
  'near Downtown',
  'with City Views',
  'on a Tree-Lined Street',
  'close to Schools',
  'by the Park',
  'with Mountain Views',
  'near the Waterfront',
  'in a Historic District',
  'with Easy Commute',
  'in a Gated Community',
];
const OPENINGS = [
  'Move-in ready and well cared for',
  'Full of natural light',
  'Thoughtfully updated throughout',
  'A rare opportunity in a sought-after area',
  'Freshly painted and ready for its next owner',
  'Set back from the street for privacy',
];
const CLOSINGS = [
  'Viewings by appointment with the listing agent.',
  'Shops, restaurants and transit are a short walk away.',
  'Recent inspection report available on request.',
  'Low running costs and a strong rental history.',
  'Offers considered within the stated price range.',
];
const AND = new Intl.ListFormat('en', { type: 'conjunction' });

/** A number of bathrooms: whole or half. */
const halfSteps = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * ((max - min) * 2 + 1)) / 2;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A sold home's sale, as a sale here leaves it (the database keeps what an insert gives): on any
 * day of the last two years, after 7 to 90 days on the market (never listed more than two years
 * ago); for about its asking range, a few per cent either side, in whole thousands of dollars.
 */
function soldFor(random: Random, now: number, price: number, spread: number) {
  const soldAt = new Date(now - random() * 729 * DAY_MS);
  const listedAt = Math.max(now - 730 * DAY_MS, soldAt.getTime() - between(random, 7, 90) * DAY_MS);
  const agreed = (price + spread * random()) * (1 + 0.04 * gaussian(random));
  return {
    soldAt,
    soldPriceCents: Math.max(1000, Math.round(agreed / 1000) * 1000) * 100,
    createdAt: new Date(listedAt),
  };
}

function listing(
  random: Random,
  agentIds: string[],
  photosFor: ((type: AddPropertyType) => StoredPhoto[]) | undefined,
  now: number,
) {
  const type = weighted(random, TYPE_WEIGHTS);
  const profile = PROFILES[type];
  // Asking prices are roughly log-normal around the type's median: many modest, a few grand.
  const price = Math.max(
    20_000,
    Math.round((profile.medianPrice * Math.exp(0.55 * gaussian(random))) / 1000) * 1000,
  );
  const spread = Math.round((price * random() * 0.12) / 1000) * 1000;
  const bedrooms = between(random, ...profile.bedrooms);
  const city = pick(random, CITIES);
  const noun = pick(random, profile.nouns);
  const features = profile.features.filter(() => random() < 0.3);
  const approval = weighted<AdminApprovalStored>(random, [
    ['approved', 85],
    ['pending', 10],
    ['rejected', 5],
  ]);
  const availability: Availability =
    approval === 'approved'
      ? weighted<Availability>(random, [
          ['Available', 80],
          ['Pending', 7],
          ['Sold', 13],
        ])
      : 'Available';
  const sale = availability === 'Sold' ? soldFor(random, now, price, spread) : undefined;
  const createdAt = sale?.createdAt ?? new Date(now - random() * 730 * DAY_MS);
  const rooms = bedrooms > 0 ? `${bedrooms}-Bedroom ` : '';
  const pin = pinNear(random, city);
  const photos = photosFor?.(type) ?? [];

  return {
    title: `${pick(random, ADJECTIVES)} ${rooms}${noun} ${pick(random, SETTINGS)}`,
    description: `${pick(random, OPENINGS)}, this ${noun.toLowerCase()} in ${city.split(',')[0]} ${
      features.length > 0
        ? `comes with ${AND.format(features.slice(0, 3)).toLowerCase()}`
        : 'has plenty of potential'
    }. ${pick(random, CLOSINGS)}`,
    location: city,
    image: photos[0]?.url ?? null,
    photos,
    propertyType: type,
    minPriceCents: price * 100,
    maxPriceCents: (price + spread) * 100,
    bedrooms,
    bathrooms: halfSteps(random, ...profile.bathrooms),
    areaSize: Math.round(between(random, ...profile.areaSize) / 10) * 10,
    features,
    ...pin,
    availability,
    soldAt: sale?.soldAt,
    soldPriceCents: sale?.soldPriceCents,
    approval,
    advertised: approval === 'approved' && random() < 0.03,
    agentId: pick(random, agentIds),
    createdAt,
    updatedAt: createdAt,
  };
}

/** The agents to list under: the existing ones, or three new ones (password `Agent123`). */
async function bulkAgents(db: Database): Promise<string[]> {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.role, 'agent'));
  if (existing.length > 0) return existing.map((agent) => agent.id);

  const password = await hashPassword('Agent123');
  const created = [1, 2, 3].map((n) => ({
    id: generateRandomString(32, 'a-z', 'A-Z', '0-9'),
    name: `Bulk Agent ${n}`,
    email: `bulk-agent${n}@keyhaven.test`,
    emailVerified: true,
    role: 'agent' as const,
  }));
  await db.insert(users).values(created);
  await db.insert(accounts).values(
    created.map((agent) => ({
      id: generateRandomString(32, 'a-z', 'A-Z', '0-9'),
      accountId: agent.id,
      providerId: 'credential',
      userId: agent.id,
      password,
    })),
  );
  return created.map((agent) => agent.id);
}

export interface SeedListingsOptions {
  count: number;
  /** Agents to spread the listings over; by default every agent, created if there are none. */
  agentIds?: string[];
  batchSize?: number;
  /** The same seed gives the same listings. */
  seed?: number;
  onProgress?: (inserted: number) => void;
  /** Photos to combine per listing (see drawPhotoPool); without them listings have none. */
  photoPool?: PhotoPool;
}

/** Inserts `count` generated listings in batches and returns how many it inserted. */
export async function seedListings(db: Database, options: SeedListingsOptions): Promise<number> {
  const { count, batchSize = 1000, seed = 1, onProgress } = options;
  const agentIds = options.agentIds ?? (await bulkAgents(db));
  if (agentIds.length === 0) throw new Error('seedListings needs at least one agent');
  const photosFor = options.photoPool ? photoChooser(options.photoPool, seed) : undefined;
  const random = seededRandom(seed);
  const now = Date.now();

  let inserted = 0;
  while (inserted < count) {
    const size = Math.min(batchSize, count - inserted);
    const rows = Array.from({ length: size }, () => listing(random, agentIds, photosFor, now));
    await db.insert(properties).values(rows);
    inserted += size;
    onProgress?.(inserted);
  }
  return inserted;
}
