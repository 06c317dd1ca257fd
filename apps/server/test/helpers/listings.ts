import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { properties, uploads } from '../../src/db/schema.js';
import { publishedContent } from '../../src/modules/listing-views/property-view.js';
import type { TestAccount } from './accounts.js';

/** The storage key of the unowned picture every test app holds, as the demo pictures are. */
const TEST_PHOTO_KEY = '0123456789abcdef0123456789abcdef';

/** A listing photo every test may use: an unowned upload that the test app inserts. */
export const TEST_LISTING_PHOTO = `/uploads/${TEST_PHOTO_KEY}-1600.webp`;

/** Stores the upload behind TEST_LISTING_PHOTO (its row only: no test reads its files). */
export async function insertTestListingPhoto(db: FastifyInstance['db']) {
  await db
    .insert(uploads)
    .values({
      storageKey: TEST_PHOTO_KEY,
      ownerId: null,
      sourceType: 'image/png',
      width: 1600,
      height: 1067,
      bytes: 1,
    })
    .onConflictDoNothing();
}

/** A valid add request; a new listing needs a photo, so it has TEST_LISTING_PHOTO. */
export function listingBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Sunny family home',
    description: 'Three bedrooms, a garden and a quiet street close to the park.',
    location: 'Austin, Texas',
    propertyType: 'House',
    minPrice: 250_000,
    maxPrice: 280_000,
    bedrooms: 3,
    bathrooms: 2.5,
    areaSize: 1800,
    features: ['Garden', 'Garage'],
    image: TEST_LISTING_PHOTO,
    ...overrides,
  };
}

/** Approves a listing as an admin's approval does: what it says now is what buyers see. */
export async function approveListing(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(properties).where(eq(properties.id, id));
  if (!row) throw new Error(`no listing ${id}`);
  await app.db
    .update(properties)
    .set({ approval: 'approved', published: publishedContent(row) })
    .where(eq(properties.id, id));
}

/** Lists a home through the API as the agent, then sets its approval as an admin would. */
export async function createListing(
  app: FastifyInstance,
  agent: TestAccount,
  overrides: Record<string, unknown> = {},
  approval: 'pending' | 'approved' | 'rejected' = 'approved',
): Promise<string> {
  const payload = listingBody(overrides);
  // Apps built outside useTestApp (their own settings, their own database) hold it too.
  if (payload.image === TEST_LISTING_PHOTO) await insertTestListingPhoto(app.db);
  const response = await app.inject({
    method: 'POST',
    url: '/api/properties',
    headers: agent.bearer,
    payload,
  });
  if (response.statusCode !== 200) {
    throw new Error(`listing failed: ${response.statusCode} ${response.body}`);
  }
  const id: string = response.json().insertedId;
  if (approval === 'approved') await approveListing(app, id);
  if (approval === 'rejected') {
    await app.db.update(properties).set({ approval }).where(eq(properties.id, id));
  }
  return id;
}
