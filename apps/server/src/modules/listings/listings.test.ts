import { IMAGE_MESSAGES, PROPERTY_MESSAGES } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing, listingBody } from '../../../test/helpers/listings.js';
import { accept, offer, openCheckout, payDemo } from '../../../test/helpers/offers.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { uploadAs } from '../../../test/helpers/uploads.js';
import { auditLog, offers, properties } from '../../db/schema.js';

const ctx = useTestApp();

const add = (account: TestAccount | undefined, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/properties',
    headers: account?.bearer ?? {},
    payload,
  });

const search = async (query: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/properties/search?${query}` });
  expect(response.statusCode).toBe(200);
  return { titles: response.json().map((p: { title: string }) => p.title), response };
};

describe('POST /api/properties', () => {
  it('lists the home as the calling agent, pending approval, whatever the body claims', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const other = await createAccount(ctx.app, 'agent');
    const response = await add(
      agent,
      listingBody({
        creatorUID: other.id,
        creatorEmail: 'someone@else.test',
        adminApproval: 'true',
        availability: 'Available',
        soldStatus: 'true',
      }),
    );
    expect(response.statusCode).toBe(200);
    const { insertedId } = response.json();
    const [stored] = await ctx.app.db
      .select()
      .from(properties)
      .where(eq(properties.id, insertedId));
    expect(stored).toMatchObject({
      agentId: agent.id,
      approval: 'pending',
      availability: 'Available',
      minPriceCents: 25_000_000,
      bathrooms: 2.5,
    });
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/${insertedId}`,
      headers: agent.bearer,
    });
    expect(read.json()).toMatchObject({
      _id: insertedId,
      adminApproval: 'pending',
      creatorUID: agent.id,
      creatorEmail: agent.email,
      agentEmail: agent.email,
      soldStatus: 'false',
      minPrice: 250_000,
    });
  });

  it('applies the add-form defaults: Apartment, no features', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const { propertyType: _type, features: _features, ...body } = listingBody();
    const response = await add(agent, body);
    const [stored] = await ctx.app.db
      .select()
      .from(properties)
      .where(eq(properties.id, response.json().insertedId));
    expect(stored).toMatchObject({ propertyType: 'Apartment', features: [] });
  });

  it.each([
    ['title', '', 'Title is required'],
    ['location', '', 'Location is required'],
    ['minPrice', '', 'Minimum price is required'],
    ['maxPrice', undefined, 'Maximum price is required'],
    ['bedrooms', '', 'Number of bedrooms is required'],
    ['bathrooms', null, 'Number of bathrooms is required'],
    ['areaSize', '', 'Area size is required'],
    ['description', 'Too short', 'Description should be at least 20 characters'],
    ['minPrice', -1, 'Price must be positive'],
    ['bedrooms', -1, 'Must be 0 or more'],
    ['bathrooms', -0.5, 'Must be 0 or more'],
    ['areaSize', -10, 'Must be positive'],
    ['propertyType', 'Castle', 'Property type is required'],
  ])('refuses %s = %j with "%s"', async (field, value, message) => {
    const agent = await createAccount(ctx.app, 'agent');
    const response = await add(agent, listingBody({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('refuses a max price below the min price', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const response = await add(agent, listingBody({ minPrice: 300_000, maxPrice: 299_999 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.maxPrice).toBe(PROPERTY_MESSAGES.maxBelowMinAdd);
  });

  it('accepts only images uploaded here, and never fetches them', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    for (const image of [
      'http://169.254.169.254/latest',
      'data:image/png;base64,AAAA',
      'ftp://x/y',
      'https://images.example.test/a.jpg',
      `/uploads/${'0'.repeat(32)}-1600.webp`,
    ]) {
      const response = await add(agent, listingBody({ image }));
      expect(response.statusCode, image).toBe(400);
      expect(response.json().fields, image).toEqual({ image: IMAGE_MESSAGES.imageUrlNotOurs });
    }
    expect(await ctx.app.db.select().from(properties)).toEqual([]);
    const { url } = await uploadAs(ctx.app, agent);
    expect((await add(agent, listingBody({ image: url }))).statusCode).toBe(200);
  });

  it('is refused to users, admins and fraud agents (403) and anonymous callers (401)', async () => {
    for (const role of ['user', 'admin', 'fraud'] as const) {
      const caller = await createAccount(ctx.app, role);
      expect((await add(caller, listingBody())).statusCode).toBe(403);
    }
    expect((await add(undefined, listingBody())).statusCode).toBe(401);
    // Who may call is settled before the body is looked at.
    expect((await add(undefined, { title: 42 })).statusCode).toBe(401);
    expect(await ctx.app.db.select().from(properties)).toEqual([]);
  });
});

describe('editing and deleting', () => {
  it('is refused to another agent (403) and changes nothing', async () => {
    const owner = await createAccount(ctx.app, 'agent');
    const intruder = await createAccount(ctx.app, 'agent');
    const id = await createListing(ctx.app, owner);
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/${id}`,
      headers: intruder.bearer,
      payload: {
        ...listingBody({ title: 'Stolen' }),
        propertyType: 'Villa',
        features: [],
        availability: 'Available',
      },
    });
    expect(edit.statusCode).toBe(403);
    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/properties/${id}`,
      headers: intruder.bearer,
    });
    expect(remove.statusCode).toBe(403);
    const [stored] = await ctx.app.db.select().from(properties).where(eq(properties.id, id));
    expect(stored?.title).toBe('Sunny family home');
  });

  it("sends an approved listing back to review when its agent changes what buyers read, but not an admin's edit", async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    const id = await createListing(ctx.app, agent);
    const edit = (who: TestAccount, overrides: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/properties/${id}`,
        headers: who.bearer,
        payload: {
          ...listingBody(overrides),
          propertyType: 'Villa',
          features: ['Gym'],
          availability: 'Available',
        },
      });
    const approval = async () =>
      (await ctx.app.db.select().from(properties).where(eq(properties.id, id)))[0]?.approval;

    // The form sends every field: an unchanged save, and a change of availability alone, stand.
    const unchanged = await edit(agent, {});
    expect(unchanged.json()).toEqual({ message: 'Property updated successfully!' });
    expect(await approval()).toBe('pending');
    await ctx.app.db.update(properties).set({ approval: 'approved' }).where(eq(properties.id, id));
    expect((await edit(agent, { bedrooms: 4 })).statusCode).toBe(200);
    expect(await approval()).toBe('pending');
    await ctx.app.db.update(properties).set({ approval: 'approved' }).where(eq(properties.id, id));
    expect((await edit(admin, { bedrooms: 4, maxPrice: 295_000 })).statusCode).toBe(200);
    expect(await approval()).toBe('approved');
    const bad = await edit(agent, { minPrice: 10, maxPrice: 5 });
    expect(bad.json().fields.maxPrice).toBe('Max price must be greater than min price');
  });

  it('keeps a sold listing Sold and an accepted one Pending, saying why by the Availability field (409)', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const id = await createListing(ctx.app, agent);
    const setAvailability = (availability: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/properties/${id}`,
        headers: agent.bearer,
        payload: { ...listingBody(), availability },
      });
    await offer(ctx.app, buyer, id);
    expect((await accept(ctx.app, agent, id)).statusCode).toBe(200);
    const accepted = await setAvailability('Available');
    expect(accepted.statusCode).toBe(409);
    const acceptedReason =
      'This property has an accepted offer: its availability follows the sale.';
    expect(accepted.json()).toEqual({
      error: acceptedReason,
      code: 'CONFLICT',
      fields: { availability: acceptedReason },
    });

    const { sessionId } = await openCheckout(ctx.app, buyer, id);
    expect((await payDemo(ctx.app, buyer, sessionId)).statusCode).toBe(200);
    const soldReason = 'This property is sold: its availability stays Sold.';
    for (const availability of ['Available', 'Pending']) {
      const refused = await setAvailability(availability);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: soldReason,
        code: 'CONFLICT',
        fields: { availability: soldReason },
      });
    }
    expect((await setAvailability('Sold')).statusCode).toBe(200);
    const [stored] = await ctx.app.db.select().from(properties).where(eq(properties.id, id));
    expect(stored?.availability).toBe('Sold');
  });

  it('refuses to delete a listing with an accepted offer (409)', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const id = await createListing(ctx.app, agent);
    await ctx.app.db.insert(offers).values({
      propertyId: id,
      buyerId: buyer.id,
      amountCents: 26_000_000,
      buyingDate: '2031-05-01',
      status: 'accepted',
    });
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/properties/${id}`,
      headers: agent.bearer,
    });
    expect(response.statusCode).toBe(409);
    expect(await ctx.app.db.select().from(properties).where(eq(properties.id, id))).toHaveLength(1);
  });

  it('lets the owner delete a listing', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const id = await createListing(ctx.app, agent);
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/properties/${id}`,
      headers: agent.bearer,
    });
    expect(response.json()).toEqual({ message: 'Property has been deleted.' });
    expect(await ctx.app.db.select().from(properties)).toEqual([]);
  });
});

describe('approval', () => {
  it('is for admins only, answers a message and writes the audit log', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    const id = await createListing(ctx.app, agent, {}, 'pending');
    const refused = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/admin-approval/${id}/true`,
      headers: agent.bearer,
    });
    expect(refused.statusCode).toBe(403);
    const approved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/admin-approval/${id}/true`,
      headers: admin.bearer,
    });
    expect(approved.json()).toEqual({ message: 'Property approved.' });
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/${id}`,
      headers: admin.bearer,
    });
    expect(read.json().adminApproval).toBe('true');
    const [entry] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(entry).toMatchObject({ action: 'property.approval_changed', actorId: admin.id });
  });
});

describe('who sees what', () => {
  it('keeps pending and rejected listings out of search and all-properties, and hidden from other users', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    await createListing(ctx.app, agent, { title: 'Approved one' }, 'approved');
    const pending = await createListing(ctx.app, agent, { title: 'Pending one' }, 'pending');
    const rejected = await createListing(ctx.app, agent, { title: 'Rejected one' }, 'rejected');
    expect((await search('')).titles).toEqual(['Approved one']);
    const all = await ctx.app.inject({
      method: 'GET',
      url: '/api/all-properties',
      headers: buyer.bearer,
    });
    expect(all.json().map((p: { title: string }) => p.title)).toEqual(['Approved one']);
    for (const id of [pending, rejected]) {
      const read = await ctx.app.inject({
        method: 'GET',
        url: `/api/properties/${id}`,
        headers: buyer.bearer,
      });
      expect(read.statusCode).toBe(404);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/all-properties' })).statusCode).toBe(
      401,
    );
  });

  it("hides a fraud agent's listings from search", async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    await createListing(ctx.app, agent, { title: 'Soon hidden' });
    expect((await search('')).titles).toEqual(['Soon hidden']);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/user-role-update/${agent.id}/fraud`,
      headers: admin.bearer,
    });
    expect((await search('')).titles).toEqual([]);
  });

  it("lets an admin search titles, locations and agents' names", async () => {
    const agent = await createAccount(ctx.app, 'agent', { name: 'Quentin Harbourne' });
    const other = await createAccount(ctx.app, 'agent', { name: 'Ada Lovell' });
    const admin = await createAccount(ctx.app, 'admin');
    await createListing(ctx.app, agent, { title: 'Lakeside cabin', location: 'Austin, Texas' });
    await createListing(ctx.app, other, { title: 'Harbourne Street loft', location: 'Denver' });
    await createListing(ctx.app, other, { title: 'Garden flat', location: 'Harbourne Bay' });
    await createListing(ctx.app, other, { title: 'Unrelated', location: 'Boston' }, 'pending');
    const found = async (text: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/properties?search=${encodeURIComponent(text)}`,
        headers: admin.bearer,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe(String(response.json().length));
      return response
        .json()
        .map((p: { title: string }) => p.title)
        .sort();
    };
    expect(await found('harbourne')).toEqual([
      'Garden flat',
      'Harbourne Street loft',
      'Lakeside cabin',
    ]);
    expect(await found('Lovell')).toEqual(['Garden flat', 'Harbourne Street loft', 'Unrelated']);
    expect(await found('nobody by this name')).toEqual([]);
  });

  it("lets an agent list only their own listings and an admin everyone's", async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const other = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    await createListing(ctx.app, agent, { title: 'Mine' }, 'pending');
    await createListing(ctx.app, other, { title: 'Theirs' });
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties?agentUID=${agent.id}`,
      headers: agent.bearer,
    });
    expect(own.json().map((p: { title: string }) => p.title)).toEqual(['Mine']);
    const self = await ctx.app.inject({
      method: 'GET',
      url: '/api/properties?agentUID=self',
      headers: agent.bearer,
    });
    expect(self.statusCode).toBe(200);
    expect(self.json().map((p: { title: string }) => p.title)).toEqual(['Mine']);
    const adminSelf = await ctx.app.inject({
      method: 'GET',
      url: '/api/properties?agentUID=self',
      headers: admin.bearer,
    });
    expect(adminSelf.json()).toEqual([]);
    const snooping = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties?agentUID=${other.id}`,
      headers: agent.bearer,
    });
    expect(snooping.statusCode).toBe(403);
    const everyone = await ctx.app.inject({
      method: 'GET',
      url: '/api/properties',
      headers: admin.bearer,
    });
    expect(everyone.headers['x-total-count']).toBe('2');
  });
});
