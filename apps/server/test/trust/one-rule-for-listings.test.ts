import { FEATURES, PROPERTY_TYPES } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties } from '../../src/db/schema.js';
import { createAccount } from '../helpers/accounts.js';
import { createListing, listingBody } from '../helpers/listings.js';
import { useTestApp } from '../helpers/test-app.js';

/*
 * Where the two listing forms disagreed, one rule: one list of types and features for adding,
 * editing and the API, so every listing saves unchanged; who may edit is settled before what
 * they sent is checked; a rejected listing its agent edits is reviewed again.
 */

const ctx = useTestApp();

const listingRow = async (id: string) =>
  (await ctx.app.db.select().from(properties).where(eq(properties.id, id)))[0];

/** What the edit form sends for a listing as it stands: every field, unchanged. */
async function unchangedEdit(id: string) {
  const row = await listingRow(id);
  if (!row) throw new Error(`no listing ${id}`);
  return {
    title: row.title,
    description: row.description,
    location: row.location,
    image: row.image,
    propertyType: row.propertyType,
    minPrice: row.minPriceCents / 100,
    maxPrice: row.maxPriceCents / 100,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    areaSize: row.areaSize,
    features: row.features,
    availability: row.availability,
  };
}

describe('one list of types and features', () => {
  it.each(PROPERTY_TYPES.map((type) => [type]))(
    'adds a %s listing and saves it unchanged from the edit form, still approved',
    async (propertyType) => {
      const agent = await createAccount(ctx.app, 'agent');
      const id = await createListing(ctx.app, agent, { propertyType, features: [...FEATURES] });
      const saved = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/properties/${id}`,
        headers: agent.bearer,
        payload: await unchangedEdit(id),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await listingRow(id)).toMatchObject({
        propertyType,
        features: [...FEATURES],
        approval: 'approved',
      });
    },
  );
});

describe('authorization before validation', () => {
  it("refuses another agent's edit with 403 whatever its body holds, and nothing changes", async () => {
    const owner = await createAccount(ctx.app, 'agent');
    const other = await createAccount(ctx.app, 'agent');
    const id = await createListing(ctx.app, owner);
    const before = await listingRow(id);
    for (const payload of [{}, { title: '' }, { ...listingBody(), minPrice: 'lots' }, []]) {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/properties/${id}`,
        headers: other.bearer,
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(403);
    }
    expect(await listingRow(id)).toEqual(before);
    const missing = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/properties/00000000-0000-4000-8000-000000000000',
      headers: other.bearer,
      payload: {},
    });
    expect(missing.statusCode).toBe(404);
    // The owner's malformed edit is a form to correct.
    const own = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/${id}`,
      headers: owner.bearer,
      payload: { title: '' },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().fields.title).toBe('Title is required');
  });
});

describe('a rejected listing its agent edits', () => {
  it('goes back to review', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const id = await createListing(ctx.app, agent, {}, 'rejected');
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/${id}`,
      headers: agent.bearer,
      payload: { ...(await unchangedEdit(id)), title: 'Sunny family home, repainted' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await listingRow(id))?.approval).toBe('pending');
  });
});
