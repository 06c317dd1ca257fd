import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { properties } from '../../src/db/schema.js';
import { publishedContent } from '../../src/modules/properties/property-view.js';
import type { TestAccount } from './accounts.js';

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
  const response = await app.inject({
    method: 'POST',
    url: '/api/properties',
    headers: agent.bearer,
    payload: listingBody(overrides),
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
