import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ADD_PROPERTY_TYPES } from '@keyhaven/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-database.js';
import { createLocalImageStorage } from '../../modules/uploads/image-storage.js';
import { properties, uploads, users } from '../schema.js';
import { kmFromCentre } from './city-centres.js';
import { seedListings } from './listings.js';
import { drawPhotoPool } from './photo-pool.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

beforeEach(async () => {
  await database.reset();
});

afterAll(async () => {
  await database?.destroy();
});

describe('seedListings', () => {
  it('inserts the count asked for in batches, with a realistic mix', async () => {
    const progress: number[] = [];
    const inserted = await seedListings(database.db, {
      count: 2500,
      batchSize: 1000,
      onProgress: (done) => progress.push(done),
    });

    expect(inserted).toBe(2500);
    expect(progress).toEqual([1000, 2000, 2500]);
    const rows = await database.db.select().from(properties);
    expect(rows).toHaveLength(2500);

    const share = (match: (row: (typeof rows)[number]) => boolean) =>
      rows.filter(match).length / rows.length;
    expect(share((r) => r.approval === 'approved')).toBeCloseTo(0.85, 1);
    expect(share((r) => r.approval === 'pending')).toBeCloseTo(0.1, 1);
    expect(share((r) => r.availability === 'Sold')).toBeGreaterThan(0.05);
    expect(new Set(rows.map((r) => r.propertyType))).toEqual(new Set(ADD_PROPERTY_TYPES));
    expect(new Set(rows.map((r) => r.location)).size).toBeGreaterThan(150);

    const twoYears = 2 * 366 * 24 * 60 * 60 * 1000;
    for (const row of rows) {
      expect(row.maxPriceCents).toBeGreaterThanOrEqual(row.minPriceCents);
      expect(Date.now() - row.createdAt.getTime()).toBeLessThan(twoYears);
      expect(row.description.length).toBeGreaterThanOrEqual(20);
      expect((row.bathrooms * 2) % 1).toBe(0);
      const pin = { lat: row.lat as number, lng: row.lng as number };
      expect(kmFromCentre(row.location, pin), row.location).toBeLessThanOrEqual(9.001);
    }
    // Sold homes sold as a sale here leaves them: after they were listed, within two years, for
    // about their asking range; the others have no sale.
    const sold = rows.filter((row) => row.availability === 'Sold');
    for (const row of sold) {
      const soldAt = row.soldAt?.getTime() ?? 0;
      expect(soldAt).toBeGreaterThanOrEqual(row.createdAt.getTime());
      expect(soldAt).toBeLessThanOrEqual(Date.now());
      expect(row.soldPriceCents).toBeGreaterThan(row.minPriceCents * 0.8);
      expect(row.soldPriceCents).toBeLessThan(row.maxPriceCents * 1.2);
    }
    const soldWithin = (months: number) =>
      sold.filter((row) => Date.now() - (row.soldAt?.getTime() ?? 0) < months * 30.4 * 86_400_000)
        .length / sold.length;
    // Spread evenly over the two years.
    expect(soldWithin(12)).toBeGreaterThan(0.4);
    expect(soldWithin(12)).toBeLessThan(0.6);
    expect(soldWithin(6)).toBeGreaterThan(0.15);
    expect(soldWithin(6)).toBeLessThan(0.35);
    const open = rows.filter((row) => row.availability !== 'Sold');
    expect(open.every((row) => row.soldAt === null && row.soldPriceCents === null)).toBe(true);
    // Scattered around each city, not stacked on its centre: most within 6 km, some further.
    const distances = rows.map((row) =>
      kmFromCentre(row.location, { lat: row.lat as number, lng: row.lng as number }),
    );
    const within = (km: number) =>
      distances.filter((distance) => distance < km).length / rows.length;
    expect(within(6)).toBeGreaterThan(0.7);
    expect(within(1)).toBeLessThan(0.2);
  });

  it('creates agents when there are none, and reuses them next time', async () => {
    await seedListings(database.db, { count: 10 });
    await seedListings(database.db, { count: 10 });

    const agents = await database.db.select().from(users);
    expect(agents).toHaveLength(3);
    expect(agents.every((agent) => agent.role === 'agent')).toBe(true);
    const rows = await database.db.select({ agentId: properties.agentId }).from(properties);
    expect(rows).toHaveLength(20);
    expect(rows.every((row) => agents.some((agent) => agent.id === row.agentId))).toBe(true);
  });

  it('generates the same listings from the same seed', async () => {
    await seedListings(database.db, { count: 5, seed: 7 });
    await seedListings(database.db, { count: 5, seed: 7 });
    const rows = await database.db
      .select({ title: properties.title, lat: properties.lat, lng: properties.lng })
      .from(properties);
    const described = rows.map((row) => `${row.title} at ${row.lat},${row.lng}`);
    expect(described.slice(0, 5).sort()).toEqual(described.slice(5).sort());
  });

  // It draws 36 photos and encodes each in every size and format: 12 s with the other suites
  // beside it on a two-core machine, more than the usual 30 s limit on a slower one.
  it('combines a pool of drawn photos per listing, the front of its type first', async () => {
    const uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-pool-'));
    try {
      const photoPool = await drawPhotoPool(database.db, createLocalImageStorage(uploadsDir), {
        size: 24,
      });
      await seedListings(database.db, { count: 300, photoPool });
      const rows = await database.db.select().from(properties);
      const stored = new Map(
        (await database.db.select().from(uploads)).map((u) => [
          `/uploads/${u.storageKey}-1600.webp`,
          u,
        ]),
      );
      const drawn = [...Object.values(photoPool.fronts), ...Object.values(photoPool.rooms)].flat();
      // Three fronts of each type at least, and two of each room.
      expect(drawn).toHaveLength(36);
      expect(stored.size).toBe(drawn.length);
      for (const row of rows) {
        expect(row.photos.length).toBeGreaterThanOrEqual(3);
        expect(row.photos.length).toBeLessThanOrEqual(5);
        expect(row.image).toBe(row.photos[0]?.url);
        expect(photoPool.fronts[row.propertyType as keyof typeof photoPool.fronts]).toContainEqual(
          row.photos[0],
        );
        for (const photo of row.photos) {
          expect(stored.get(photo.url)).toMatchObject({
            width: photo.width,
            height: photo.height,
            placeholder: photo.placeholder,
          });
        }
      }
      const sets = new Set(rows.map((row) => row.photos.map((photo) => photo.url).join(' ')));
      expect(sets.size).toBeGreaterThan(rows.length * 0.5);

      // The same seed gives the same listings whether they have photos or not.
      await seedListings(database.db, { count: 300 });
      const again = await database.db.select().from(properties);
      const described = (withPhotos: boolean) =>
        again
          .filter((row) => row.photos.length > 0 === withPhotos)
          .map((row) => `${row.title} at ${row.lat},${row.lng}`)
          .sort();
      expect(described(false)).toHaveLength(300);
      expect(described(false)).toEqual(described(true));
    } finally {
      await rm(uploadsDir, { recursive: true, force: true });
    }
  }, 120_000);
});
