import { randomBytes, randomUUID } from 'node:crypto';
import type { Availability, OfferStatus } from '@keyhaven/shared';
import { generateRandomString, hashPassword } from 'better-auth/crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { seededRandom } from '../../lib/seeded-random.js';
import { publishedContent } from '../../modules/listing-views/property-view.js';
import type { ImageStorage } from '../../modules/uploads/image-storage.js';
import type { StoredImage } from '../../modules/uploads/uploads.service.js';
import type { Database } from '../client.js';
import {
  accounts,
  agentProfiles,
  offers,
  openHouses,
  payments,
  properties,
  reviews,
  type StoredPhoto,
  tourAvailability,
  uploads,
  users,
  wishlistItems,
} from '../schema.js';
import { pinNear } from './city-centres.js';
import {
  DEMO_AGENT_PROFILES,
  DEMO_AGENT_REVIEWS,
  DEMO_OFFERS,
  DEMO_REVIEWS,
  DEMO_USERS,
  DEMO_WISHLIST,
  DEMO_LISTINGS as LISTED_HOMES,
} from './demo-data.js';
import { planDemoPhotos } from './demo-photos.js';
import { DEMO_SOLD_LISTINGS } from './demo-sales.js';
import {
  avatarSvgs,
  DRAWN_PHOTO_HEIGHT,
  DRAWN_PHOTO_WIDTH,
  photoOf,
  storeDrawings,
} from './images.js';
import { demoOpenHouses } from './open-houses.js';
import type { Scene } from './scene-kit.js';
import { demoTourHours } from './tour-hours.js';

export interface SeedLogger {
  info(message: string): void;
}

export interface SeedDependencies {
  db: Database;
  storage: ImageStorage;
  log?: SeedLogger;
}

// Any constant will do: it only has to be the same in every process that might seed at once.
/** The demo's homes: those of demo-data.ts, then those sold over the last year (demo-sales.ts). */
const DEMO_LISTINGS = [...LISTED_HOMES, ...DEMO_SOLD_LISTINGS];

const SEED_LOCK_ID = 7_431_205;
const DAY_MS = 24 * 60 * 60 * 1000;
const DEMO_PIN_SEED = 2026;
const DEMO_PHOTO_SEED = 2026;

const cents = (dollars: number) => Math.round(dollars * 100);
/** Ids shaped like the ones better-auth gives the accounts it creates. */
const authId = () => generateRandomString(32, 'a-z', 'A-Z', '0-9');
const dateOnly = (date: Date) => date.toISOString().slice(0, 10);
/** A demo purchase was paid the day after its offer. */
const paidAt = (offered: Date) => new Date(offered.getTime() + DAY_MS);

/** The listing state an offer in this state leaves behind. */
const AVAILABILITY_AFTER: Partial<Record<OfferStatus, Availability>> = {
  accepted: 'Pending',
  paid: 'Sold',
};

function required<T>(map: Map<string, T>, key: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`The demo data names an unknown key: ${key}`);
  return value;
}

/**
 * Fills an empty database with the demo marketplace (documented accounts, listings of every
 * type and price range, offers in every state, reviews). Does nothing when any user exists.
 * Returns whether it seeded.
 */
export async function seedDemoIfEmpty({ db, storage, log }: SeedDependencies): Promise<boolean> {
  if ((await db.select({ id: users.id }).from(users).limit(1)).length > 0) return false;

  // Files and upload rows are made before the transaction: remember them, to remove them if it
  // rolls back or another process seeded first.
  const written: string[] = [];
  const recording: ImageStorage = {
    put: async (key, data, contentType) => {
      await storage.put(key, data, contentType);
      written.push(key);
    },
    remove: (key) => storage.remove(key),
    read: (key) => storage.read(key),
    urlFor: (key) => storage.urlFor(key),
    redirectFor: (key) => storage.redirectFor(key),
    ping: (signal) => storage.ping(signal),
  };
  const uploadIds: string[] = [];
  const discard = async () => {
    await Promise.allSettled(written.map((key) => storage.remove(key)));
    if (uploadIds.length > 0) await db.delete(uploads).where(inArray(uploads.id, uploadIds));
  };

  const started = Date.now();
  const plan = planDemoPhotos(
    DEMO_LISTINGS.map((listing) => listing.type),
    DEMO_PHOTO_SEED,
    { width: DRAWN_PHOTO_WIDTH, height: DRAWN_PHOTO_HEIGHT },
  );
  let seeded = false;
  try {
    // Hashing runs on the thread pool while the images are encoded. One password at a time: each
    // scrypt hash takes 32 MB, and the thread pool would run four at once.
    const hashing = (async () => {
      const hashes: string[] = [];
      for (const user of DEMO_USERS) hashes.push(await hashPassword(user.password));
      return hashes;
    })();
    const drawings = await storeDrawings(
      db,
      recording,
      [...plan.scenes.map((scene) => scene.svg), ...avatarSvgs(DEMO_USERS.length)],
      (image) => uploadIds.push(image.id),
    );
    const photos = drawings.slice(0, plan.scenes.length);
    const avatars = drawings.slice(plan.scenes.length);
    const passwordHashes = await hashing;

    seeded = await db.transaction(async (tx) => {
      // Two processes starting together on one PostgreSQL must not both seed.
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
      const anyUser = await tx.select({ id: users.id }).from(users).limit(1);
      if (anyUser.length > 0) return false;
      const now = Date.now();
      const daysAgo = (days: number) => new Date(now - days * DAY_MS);

      const userIds = new Map(DEMO_USERS.map((user) => [user.key, authId()]));
      await tx.insert(users).values(
        DEMO_USERS.map((user, i) => ({
          id: required(userIds, user.key),
          name: user.name,
          email: user.email,
          emailVerified: true,
          phone: user.phone,
          country: user.country,
          birth: user.birth,
          role: user.role,
          createdAt: daysAgo(120 - i),
        })),
      );
      await tx.insert(accounts).values(
        DEMO_USERS.map((user, i) => {
          const userId = required(userIds, user.key);
          return {
            id: authId(),
            accountId: userId,
            providerId: 'credential',
            userId,
            password: passwordHashes[i],
          };
        }),
      );

      // Each profile photo belongs to its user; each listing's front to its agent. The rooms are
      // shared by listings of different agents, so they belong to no one.
      const owners = new Map<StoredImage, string>();
      for (const [i, user] of DEMO_USERS.entries()) {
        const avatar = avatars[i] as StoredImage;
        owners.set(avatar, required(userIds, user.key));
        await tx
          .update(users)
          .set({ image: avatar.url })
          .where(eq(users.id, required(userIds, user.key)));
      }
      for (const [i, listing] of DEMO_LISTINGS.entries()) {
        owners.set(photos[i] as StoredImage, required(userIds, listing.agent));
      }
      for (const [image, ownerId] of owners) {
        await tx.update(uploads).set({ ownerId }).where(eq(uploads.id, image.id));
      }

      const soldOrPending = new Map(
        DEMO_OFFERS.flatMap((offer) => {
          const availability = AVAILABILITY_AFTER[offer.status];
          return availability ? [[offer.listing, availability] as const] : [];
        }),
      );
      const listingIds = new Map(DEMO_LISTINGS.map((listing) => [listing.key, randomUUID()]));
      // Each sold home's sale, kept on its row as the database keeps it when a home sells (set
      // here: inserted at once, it would be stamped now, before its paid offer is there to price
      // it): a purchase of the demo's when it was paid, the recorded sales at their date.
      const sales = new Map<string, { soldAt: Date; soldPriceCents: number | null }>([
        ...DEMO_OFFERS.filter((offer) => offer.status === 'paid').map(
          (offer) =>
            [
              offer.listing,
              { soldAt: paidAt(daysAgo(offer.daysAgo)), soldPriceCents: cents(offer.amount) },
            ] as const,
        ),
        ...DEMO_SOLD_LISTINGS.map(
          ({ key, sold }) =>
            [
              key,
              {
                soldAt: daysAgo(sold.daysAgo),
                soldPriceCents: sold.price === null ? null : cents(sold.price),
              },
            ] as const,
        ),
      ]);
      // The same pins on every demo set-up, each a few km from its city's centre.
      const random = seededRandom(DEMO_PIN_SEED);
      const recorded = new Map(DEMO_SOLD_LISTINGS.map(({ key, sold }) => [key, sold.daysAgo]));
      const listingRows = DEMO_LISTINGS.map((listing, i) => {
        const gallery = (plan.photoSets[i] as number[]).map((index) =>
          photoOf(photos[index] as StoredImage, plan.scenes[index] as Scene),
        );
        return {
          id: required(listingIds, listing.key),
          title: listing.title,
          description: listing.description,
          location: listing.location,
          image: (gallery[0] as StoredPhoto).url,
          photos: gallery,
          propertyType: listing.type,
          minPriceCents: cents(listing.minPrice),
          maxPriceCents: cents(listing.maxPrice),
          bedrooms: listing.bedrooms,
          bathrooms: listing.bathrooms,
          areaSize: listing.areaSize,
          features: listing.features,
          ...pinNear(random, listing.location),
          availability:
            soldOrPending.get(listing.key) ?? (sales.has(listing.key) ? 'Sold' : 'Available'),
          ...sales.get(listing.key),
          approval: listing.approval,
          advertised: listing.advertised ?? false,
          agentId: required(userIds, listing.agent),
          // Newest first in the order they are listed, a few days apart; a recorded sale's home
          // was listed six weeks before it sold.
          createdAt: recorded.has(listing.key)
            ? daysAgo((recorded.get(listing.key) as number) + 42)
            : daysAgo(40 + i * 2),
        };
      });
      await tx.insert(properties).values(
        listingRows.map((row) => ({
          ...row,
          published: row.approval === 'approved' ? publishedContent(row) : null,
        })),
      );

      const openHouseRows = demoOpenHouses(listingRows, new Date(now));
      if (openHouseRows.length > 0) await tx.insert(openHouses).values(openHouseRows);
      const tourHourRows = demoTourHours(listingRows);
      if (tourHourRows.length > 0) await tx.insert(tourAvailability).values(tourHourRows);

      const offerRows = DEMO_OFFERS.map((offer) => ({
        id: randomUUID(),
        propertyId: required(listingIds, offer.listing),
        buyerId: required(userIds, offer.buyer),
        amountCents: cents(offer.amount),
        // Paid purchases closed in the past; open offers name a date ahead.
        buyingDate: dateOnly(daysAgo(offer.status === 'paid' ? offer.daysAgo - 7 : -45)),
        status: offer.status,
        createdAt: daysAgo(offer.daysAgo),
        // An accepted demo offer has its full week to pay from the day the demo starts.
        ...(offer.status === 'accepted'
          ? { acceptedAt: daysAgo(offer.daysAgo), payBy: daysAgo(-7) }
          : {}),
      }));
      await tx.insert(offers).values(offerRows);

      const paidOffers = offerRows.filter((offer) => offer.status === 'paid');
      if (paidOffers.length > 0) {
        await tx.insert(payments).values(
          paidOffers.map((offer) => {
            const reference = randomBytes(8).toString('hex');
            return {
              offerId: offer.id,
              buyerId: offer.buyerId,
              propertyId: offer.propertyId,
              provider: 'demo' as const,
              checkoutSessionId: `demo_seed_${reference}`,
              status: 'paid' as const,
              amountCents: offer.amountCents,
              transactionId: `demo_txn_${reference}`,
              createdAt: paidAt(offer.createdAt),
              paidAt: paidAt(offer.createdAt),
            };
          }),
        );
      }

      await tx.insert(wishlistItems).values(
        DEMO_WISHLIST.map((item) => ({
          userId: required(userIds, item.buyer),
          propertyId: required(listingIds, item.listing),
        })),
      );

      await tx.insert(reviews).values(
        DEMO_REVIEWS.map((review) => ({
          reviewerId: required(userIds, review.reviewer),
          reviewFor: review.listing ? ('property' as const) : ('website' as const),
          propertyId: review.listing ? required(listingIds, review.listing) : null,
          rating: review.rating,
          title: review.title,
          text: review.text,
          postedAt: daysAgo(review.daysAgo),
        })),
      );

      // The agents' profiles and their buyers' reviews, so the agents' directory reads as a market.
      await tx.insert(agentProfiles).values(
        DEMO_AGENT_PROFILES.map(({ agent, ...profile }) => ({
          userId: required(userIds, agent),
          ...profile,
        })),
      );
      await tx.insert(reviews).values(
        DEMO_AGENT_REVIEWS.map((review) => ({
          reviewerId: required(userIds, review.reviewer),
          reviewFor: 'agent' as const,
          agentId: required(userIds, review.agent),
          rating: review.rating,
          title: review.title,
          text: review.text,
          postedAt: daysAgo(review.daysAgo),
        })),
      );

      return true;
    });
  } catch (error) {
    await discard();
    throw error;
  }
  if (!seeded) {
    await discard();
    return false;
  }
  log?.info(
    `Seeded the demo marketplace in ${Date.now() - started} ms: ${DEMO_USERS.length} accounts, ${DEMO_LISTINGS.length} listings with ${plan.photoSets.flat().length} photos (${plan.scenes.length} drawn), ${DEMO_OFFERS.length} offers`,
  );
  return true;
}
