import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { properties } from '../../src/db/schema.js';
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
  if (approval !== 'pending') {
    await app.db.update(properties).set({ approval }).where(eq(properties.id, id));
  }
  return id;
}
