import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ADD_PROPERTY_TYPES, PHOTO_LIMITS, PRICE_RANGES } from '@keyhaven/shared';
import { verifyPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-database.js';
import { zoneOfPin } from '../../lib/listing-time-zone.js';
import { mayReviewAgent } from '../../modules/agents/agents.service.js';
import { listSlots } from '../../modules/tours/tour-availability.js';
import { createLocalImageStorage } from '../../modules/uploads/image-storage.js';
import { allVariantKeys } from '../../modules/uploads/uploads.service.js';
import {
  accounts,
  agentProfiles,
  offers,
  openHouses,
  payments,
  properties,
  reviews,
  tourAvailability,
  uploads,
  users,
  wishlistItems,
} from '../schema.js';
import { kmFromCentre } from './city-centres.js';
import { seedDemoIfEmpty } from './demo.js';
import { DEMO_SOLD_LISTINGS } from './demo-sales.js';

let database: TestDatabase;
let uploadsDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-seed-'));
});

afterAll(async () => {
  await database?.destroy();
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
});

const DAY = 24 * 60 * 60 * 1000;

const PASSWORDS: Record<string, string> = {
  admin: 'Admin123',
  agent: 'Agent123',
  user: 'Buyer123',
};

describe('the demo seed', () => {
  it('fills an empty database once', async () => {
    const storage = createLocalImageStorage(uploadsDir);
    const messages: string[] = [];
    const seeded = await seedDemoIfEmpty({
      db: database.db,
      storage,
      log: { info: (message) => messages.push(message) },
    });
    expect(seeded).toBe(true);
    expect(messages).toHaveLength(1);

    // A handful of public listings hold open houses ahead, on their homes' own clocks.
    const planned = await database.db
      .select({ openHouse: openHouses, listing: properties })
      .from(openHouses)
      .innerJoin(properties, eq(properties.id, openHouses.propertyId));
    expect(planned.length).toBe(5);
    for (const { openHouse, listing } of planned) {
      expect(openHouse.startsAt.getTime()).toBeGreaterThan(Date.now());
      expect(listing).toMatchObject({ approval: 'approved', availability: 'Available' });
      expect(openHouse.timeZone).toBe(zoneOfPin(listing.lat as number, listing.lng as number));
    }

    // A handful of public listings take tour requests: a buyer finds free times on the home's clock.
    const toured = await database.db
      .select({ listing: properties })
      .from(tourAvailability)
      .innerJoin(properties, eq(properties.id, tourAvailability.propertyId));
    expect(toured.length).toBe(5);
    for (const { listing } of toured) {
      const slots = await listSlots(database.db, { id: 'a-buyer', role: 'user' }, listing.id);
      expect(slots.timeZone).toBe(zoneOfPin(listing.lat as number, listing.lng as number));
      expect(slots.slots.length).toBeGreaterThan(0);
    }

    const db = database.db;
    const people = await db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        image: users.image,
        verified: users.emailVerified,
        password: accounts.password,
        providerId: accounts.providerId,
        accountId: accounts.accountId,
      })
      .from(users)
      .innerJoin(accounts, eq(accounts.userId, users.id));
    expect(people.map((p) => [p.email, p.role]).sort()).toEqual([
      ['admin@keyhaven.test', 'admin'],
      ['agent1@keyhaven.test', 'agent'],
      ['agent2@keyhaven.test', 'agent'],
      ['agent3@keyhaven.test', 'agent'],
      ['buyer1@keyhaven.test', 'user'],
      ['buyer2@keyhaven.test', 'user'],
      ['buyer3@keyhaven.test', 'user'],
    ]);
    for (const person of people) {
      expect(person.id).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(person).toMatchObject({
        verified: true,
        providerId: 'credential',
        accountId: person.id,
      });
      expect(person.image).toMatch(/^\/uploads\/[a-f0-9]{32}-1600\.webp$/);
      const password = PASSWORDS[person.role] as string;
      expect(await verifyPassword({ hash: person.password as string, password })).toBe(true);
      expect(await verifyPassword({ hash: person.password as string, password: 'wrong' })).toBe(
        false,
      );
    }

    const listings = await db.select().from(properties);
    const approved = listings.filter((l) => l.approval === 'approved');
    expect(approved.length).toBeGreaterThanOrEqual(28);
    expect(listings.filter((l) => l.approval === 'pending')).toHaveLength(3);
    expect(listings.filter((l) => l.approval === 'rejected')).toHaveLength(2);
    expect(new Set(approved.map((l) => l.propertyType))).toEqual(new Set(ADD_PROPERTY_TYPES));
    for (const range of PRICE_RANGES) {
      const inside = approved.filter(
        (l) =>
          l.minPriceCents >= range.min * 100 &&
          (range.max === null || l.maxPriceCents <= range.max * 100),
      );
      expect(inside.length, range.label).toBeGreaterThanOrEqual(3);
    }
    // Some straddle two ranges, so they appear in neither: the containment rule is visible.
    const straddling = approved.filter((l) =>
      PRICE_RANGES.some(
        (r) => r.max !== null && l.minPriceCents < r.max * 100 && l.maxPriceCents > r.max * 100,
      ),
    );
    expect(straddling.length).toBeGreaterThanOrEqual(2);
    for (const listing of listings) {
      expect(listing.description.length).toBeGreaterThanOrEqual(20);
      expect(listing.maxPriceCents).toBeGreaterThanOrEqual(listing.minPriceCents);
      expect((listing.bathrooms * 2) % 1).toBe(0);
      expect(listing.image).toMatch(/^\/uploads\/[a-f0-9]{32}-1600\.webp$/);
      // Every demo home is on the map, a few km from its city's centre, in what buyers see too.
      const pin = { lat: listing.lat as number, lng: listing.lng as number };
      expect(kmFromCentre(listing.location, pin), listing.title).toBeLessThanOrEqual(9.001);
      if (listing.published) expect(listing.published).toMatchObject(pin);
    }
    expect(new Set(listings.map((l) => `${l.lat},${l.lng}`)).size).toBe(listings.length);

    const allOffers = await db.select().from(offers);
    const byId = new Map(listings.map((l) => [l.id, l]));
    for (const status of ['pending', 'accepted', 'rejected', 'paid'] as const) {
      expect(allOffers.filter((o) => o.status === status).length, status).toBeGreaterThanOrEqual(2);
    }
    for (const offer of allOffers) {
      const listing = byId.get(offer.propertyId);
      expect(listing?.approval).toBe('approved');
      expect(offer.amountCents).toBeGreaterThanOrEqual(listing?.minPriceCents ?? 0);
      expect(offer.amountCents).toBeLessThanOrEqual(listing?.maxPriceCents ?? 0);
    }
    for (const listing of listings) {
      const statuses = allOffers.filter((o) => o.propertyId === listing.id).map((o) => o.status);
      const recordedSale = DEMO_SOLD_LISTINGS.some((home) => home.title === listing.title);
      const expected =
        statuses.includes('paid') || recordedSale
          ? 'Sold'
          : statuses.includes('accepted')
            ? 'Pending'
            : 'Available';
      expect(listing.availability, listing.title).toBe(expected);
    }

    const allPayments = await db.select().from(payments);
    for (const offer of allOffers.filter((o) => o.status === 'paid')) {
      const paid = allPayments.filter((p) => p.offerId === offer.id);
      expect(paid).toHaveLength(1);
      expect(paid[0]).toMatchObject({
        status: 'paid',
        provider: 'demo',
        amountCents: offer.amountCents,
        buyerId: offer.buyerId,
        propertyId: offer.propertyId,
        checkoutSessionId: expect.stringMatching(/^demo_seed_/),
        transactionId: expect.any(String),
        paidAt: expect.any(Date),
      });
    }
    expect(allPayments).toHaveLength(allOffers.filter((o) => o.status === 'paid').length);

    // Every sold home keeps its sale: the demo's purchases when they were paid and at their
    // amount, the recorded sales spread over the last year in a few cities, one without a price.
    const sold = listings.filter((listing) => listing.availability === 'Sold');
    expect(sold.length).toBeGreaterThanOrEqual(14);
    for (const listing of sold) {
      const payment = allPayments.find((p) => p.propertyId === listing.id);
      if (payment) {
        expect(listing.soldAt, listing.title).toEqual(payment.paidAt);
        expect(listing.soldPriceCents, listing.title).toBe(payment.amountCents);
      }
      expect(listing.soldAt?.getTime(), listing.title).toBeGreaterThan(listing.createdAt.getTime());
    }
    const monthsAgo = (listing: (typeof sold)[number]) =>
      Math.floor((Date.now() - (listing.soldAt as Date).getTime()) / (30.4 * DAY));
    for (const [months, atLeast] of [
      [3, 6],
      [6, 9],
      [12, 14],
    ] as const) {
      const within = sold.filter((listing) => monthsAgo(listing) < months);
      expect(within.length, `sold in ${months} months`).toBeGreaterThanOrEqual(atLeast);
      expect(new Set(within.map((listing) => listing.location)).size).toBeGreaterThanOrEqual(3);
    }
    expect(sold.every((listing) => monthsAgo(listing) < 12)).toBe(true);
    expect(sold.filter((listing) => listing.soldPriceCents === null)).toHaveLength(1);

    const allReviews = await db.select().from(reviews);
    const siteReviews = allReviews.filter((r) => r.reviewFor === 'website');
    // One website review per buyer, as the product allows.
    expect(siteReviews).toHaveLength(3);
    expect(new Set(siteReviews.map((r) => r.reviewerId)).size).toBe(3);
    expect(allReviews.filter((r) => r.reviewFor === 'property').length).toBeGreaterThanOrEqual(3);

    // Every agent has a profile with a bio and areas, and reviews from buyers who bought from them.
    const agentIds = people.filter((p) => p.role === 'agent').map((p) => p.id);
    const profiles = await db.select().from(agentProfiles);
    expect(profiles.map((p) => p.userId).sort()).toEqual([...agentIds].sort());
    for (const profile of profiles) {
      expect(profile.bio.length).toBeGreaterThan(40);
      expect(profile.serviceAreas.length).toBeGreaterThanOrEqual(2);
      expect(profile.showEmail || profile.showPhone).toBe(true);
    }
    const agentReviews = allReviews.filter((r) => r.reviewFor === 'agent');
    expect(new Set(agentReviews.map((r) => r.agentId))).toEqual(new Set(agentIds));
    for (const review of agentReviews) {
      expect(review.propertyId).toBeNull();
      expect(await mayReviewAgent(db, review.reviewerId, review.agentId as string)).toBe(true);
    }
    expect((await db.select().from(wishlistItems)).length).toBeGreaterThan(0);

    // Every picture went through the upload pipeline: a row and every variant's file each.
    const images = await db.select().from(uploads);
    const byKey = new Map(images.map((image) => [image.storageKey, image]));
    const keyOf = (url: string) => /^\/uploads\/([a-f0-9]{32})-1600\.webp$/.exec(url)?.[1];
    for (const person of people) {
      const avatar = byKey.get(keyOf(person.image as string) as string);
      expect(avatar?.ownerId).toBe(person.id);
    }
    expect((await readdir(uploadsDir)).sort()).toEqual(
      images.flatMap((u) => allVariantKeys(u.storageKey)).sort(),
    );
    for (const image of images) {
      expect(image).toMatchObject({ variantSet: 2, placeholder: expect.any(String) });
    }
    const shown = new Set([
      ...people.map((p) => keyOf(p.image as string)),
      ...listings.flatMap((l) => l.photos.map((photo) => keyOf(photo.url))),
    ]);
    // Nothing was stored that no one shows.
    expect(shown.size).toBe(images.length);
  }, 120_000);

  it('gives every listing its own photos: a cover of its own and a set of rooms no other shows', async () => {
    const listings = await database.db.select().from(properties);
    const images = await database.db.select().from(uploads);
    const byUrl = new Map(images.map((image) => [`/uploads/${image.storageKey}-1600.webp`, image]));
    for (const listing of listings) {
      expect(listing.photos.length, listing.title).toBeGreaterThanOrEqual(4);
      expect(listing.photos.length, listing.title).toBeLessThanOrEqual(6);
      expect(listing.image).toBe(listing.photos[0]?.url);
      expect(new Set(listing.photos.map((photo) => photo.url)).size).toBe(listing.photos.length);
      if (listing.approval === 'approved')
        expect(listing.published?.photos).toEqual(listing.photos);
      else expect(listing.published).toBeNull();
      for (const photo of listing.photos) {
        const upload = byUrl.get(photo.url);
        expect(upload, photo.url).toBeDefined();
        expect(photo).toEqual({
          url: photo.url,
          alt: expect.stringMatching(/^[A-Z].{10,}/),
          caption: photo.caption === null ? null : expect.stringMatching(/^[A-Z]/),
          width: upload?.width,
          height: upload?.height,
          placeholder: upload?.placeholder,
        });
        expect((photo.alt as string).length).toBeLessThanOrEqual(PHOTO_LIMITS.altMaxLength);
      }
      // The front of the home belongs to the agent who lists it.
      expect(byUrl.get(listing.image as string)?.ownerId).toBe(listing.agentId);
    }
    const covers = listings.map((listing) => listing.image);
    expect(new Set(covers).size).toBe(listings.length);
    const rooms = listings.map((listing) =>
      listing.photos
        .slice(1)
        .map((photo) => photo.url)
        .sort()
        .join(' '),
    );
    expect(new Set(rooms).size).toBe(listings.length);
    const alts = listings.map((listing) => listing.photos[0]?.alt);
    expect(new Set(alts).size).toBeGreaterThan(listings.length * 0.8);
    const captioned = listings
      .flatMap((listing) => listing.photos)
      .filter((photo) => photo.caption);
    expect(captioned.length).toBeGreaterThan(0);
    // The homes show rooms, land shows more of the land.
    const house = listings.find((listing) => listing.propertyType === 'House');
    expect(house?.photos.slice(1).map((photo) => photo.alt)).toContainEqual(
      expect.stringMatching(/^Kitchen with/),
    );
  });

  it('does nothing the second time', async () => {
    const before = await readdir(uploadsDir);
    const seeded = await seedDemoIfEmpty({
      db: database.db,
      storage: createLocalImageStorage(uploadsDir),
    });
    expect(seeded).toBe(false);
    expect(await database.db.select({ id: users.id }).from(users)).toHaveLength(7);
    expect(await database.db.select({ id: properties.id }).from(properties)).toHaveLength(
      36 + DEMO_SOLD_LISTINGS.length,
    );
    expect(await readdir(uploadsDir)).toEqual(before);
  });
});
