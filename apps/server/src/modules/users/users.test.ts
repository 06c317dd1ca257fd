import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/helpers/accounts.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { auditLog, offers, payments, properties, sessions, users } from '../../db/schema.js';

const ctx = useTestApp();

const call = (
  method: 'GET' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
) => ctx.app.inject({ method, url, headers });

describe('profiles and roles', () => {
  it('are readable by their owner and by admins only', async () => {
    const owner = await createAccount(ctx.app);
    const other = await createAccount(ctx.app);
    const admin = await createAccount(ctx.app, 'admin');
    for (const url of [`/auth/users/${owner.id}`, `/api/user-role/${owner.id}`]) {
      expect((await call('GET', url, owner.bearer)).statusCode).toBe(200);
      expect((await call('GET', url, admin.bearer)).statusCode).toBe(200);
      const refused = await call('GET', url, other.bearer);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain(owner.email);
      expect((await call('GET', url)).statusCode).toBe(401);
    }
    expect((await call('GET', `/api/user-role/${owner.id}`, owner.bearer)).json()).toEqual({
      role: 'user',
    });
  });
});

describe('admin routes', () => {
  const adminRoutes = (targetId: string): Array<['GET' | 'PATCH' | 'DELETE', string]> => [
    ['GET', '/api/all-users'],
    ['PATCH', `/api/user-role-update/${targetId}/agent`],
    ['DELETE', `/api/users/${targetId}`],
  ];

  it('refuse users and agents with 403 and anonymous callers with 401, changing nothing', async () => {
    const target = await createAccount(ctx.app);
    const user = await createAccount(ctx.app);
    const agent = await createAccount(ctx.app, 'agent');
    const fraud = await createAccount(ctx.app, 'fraud');
    for (const [method, url] of adminRoutes(target.id)) {
      for (const caller of [user, agent, fraud]) {
        expect((await call(method, url, caller.bearer)).statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await call(method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
    const [stored] = await ctx.app.db.select().from(users).where(eq(users.id, target.id));
    expect(stored?.role).toBe('user');
  });

  it('list every user with a total', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    await createAccount(ctx.app);
    const response = await call('GET', '/api/all-users?limit=1', admin.bearer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(1);
    expect(response.headers['x-total-count']).toBe('2');
  });
});

describe('PATCH /api/user-role-update/{userId}/{newRole}', () => {
  it('allows exactly the role changes the marketplace permits and audits them', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const change = async (id: string, role: string) =>
      call('PATCH', `/api/user-role-update/${id}/${role}`, admin.bearer);

    const buyer = await createAccount(ctx.app);
    const toAgent = await change(buyer.id, 'agent');
    expect(toAgent.statusCode).toBe(200);
    expect(toAgent.json()).toEqual({ message: 'User role has been updated to agent' });
    expect((await change(buyer.id, 'fraud')).statusCode).toBe(200);
    for (const role of ['user', 'agent', 'admin']) {
      const refused = await change(buyer.id, role);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('A user marked as fraud cannot change role');
    }
    const other = await createAccount(ctx.app);
    expect((await change(other.id, 'fraud')).statusCode).toBe(409);
    expect((await change(other.id, 'admin')).statusCode).toBe(200);
    expect((await change(other.id, 'user')).statusCode).toBe(409);
    expect((await change(other.id, 'superuser')).statusCode).toBe(400);
    expect((await change('no-such-user', 'agent')).statusCode).toBe(404);

    const entries = await ctx.app.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(entries.map((e) => e.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from: 'user', to: 'agent' }),
        expect.objectContaining({ from: 'agent', to: 'fraud' }),
        expect.objectContaining({ from: 'user', to: 'admin' }),
      ]),
    );
  });

  it('does not let an admin demote or delete themself', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    await createAccount(ctx.app, 'admin');
    expect(
      (await call('PATCH', `/api/user-role-update/${admin.id}/user`, admin.bearer)).statusCode,
    ).toBe(409);
    const own = await call('DELETE', `/api/users/${admin.id}`, admin.bearer);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ error: 'You cannot delete your own account', code: 'CONFLICT' });
  });

  it('takes effect on the very next request of that user', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const user = await createAccount(ctx.app);
    const role = async () =>
      (await call('GET', `/api/user-role/${user.id}`, user.bearer)).json().role;
    expect(await role()).toBe('user');
    await call('PATCH', `/api/user-role-update/${user.id}/admin`, admin.bearer);
    expect(await role()).toBe('admin');
    expect((await call('GET', '/api/all-users', user.bearer)).statusCode).toBe(200);
  });
});

describe('DELETE /api/users/{uid}', () => {
  it('removes the account, ends its sessions at once, and audits it', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const user = await createAccount(ctx.app);
    const response = await call('DELETE', `/api/users/${user.id}`, admin.bearer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'User deleted successfully' });
    expect((await call('GET', `/auth/users/${user.id}`, user.bearer)).statusCode).toBe(401);
    expect(await ctx.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual(
      [],
    );
    const [entry] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(entry).toMatchObject({ action: 'user.deleted', actorId: admin.id });
    expect((await call('DELETE', `/api/users/${user.id}`, admin.bearer)).statusCode).toBe(404);
  });

  it("refuses to delete another admin, as it refuses to change an admin's role", async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const otherAdmin = await createAccount(ctx.app, 'admin');
    const role = await call('PATCH', `/api/user-role-update/${otherAdmin.id}/user`, admin.bearer);
    expect(role.statusCode).toBe(409);
    const removed = await call('DELETE', `/api/users/${otherAdmin.id}`, admin.bearer);
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toEqual({
      error:
        "Admins cannot delete another admin's account, just as they cannot change an admin's role.",
      code: 'CONFLICT',
    });
    const [kept] = await ctx.app.db.select().from(users).where(eq(users.id, otherAdmin.id));
    expect(kept?.role).toBe('admin');
    expect(
      await ctx.app.db.select().from(sessions).where(eq(sessions.userId, otherAdmin.id)),
    ).not.toEqual([]);
    expect(
      await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, otherAdmin.id)),
    ).toEqual([]);
    expect((await call('GET', '/api/all-users', otherAdmin.bearer)).statusCode).toBe(200);
  });

  it('never removes the last admin, not even at their own request', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const response = await call('DELETE', `/api/users/${admin.id}`, admin.bearer);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error:
        'This is the only admin account, and the marketplace always needs one: it cannot be deleted.',
      code: 'CONFLICT',
    });
    const [kept] = await ctx.app.db.select().from(users).where(eq(users.id, admin.id));
    expect(kept?.role).toBe('admin');
    expect((await call('GET', '/api/all-users', admin.bearer)).statusCode).toBe(200);
  });

  it("frees a listing reserved by the buyer's accepted offer and keeps payment records", async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const listing = {
      title: 'Harbour flat',
      description: 'A bright flat above the harbour with two bedrooms.',
      location: 'Portland, Maine',
      propertyType: 'Apartment' as const,
      minPriceCents: 20_000_000,
      maxPriceCents: 25_000_000,
      bedrooms: 2,
      bathrooms: 1,
      areaSize: 900,
      approval: 'approved' as const,
      agentId: agent.id,
    };
    const [reserved] = await ctx.app.db
      .insert(properties)
      .values({ ...listing, availability: 'Pending' })
      .returning();
    const [sold] = await ctx.app.db
      .insert(properties)
      .values({ ...listing, availability: 'Sold' })
      .returning();
    if (!reserved || !sold) throw new Error('listings not created');
    await ctx.app.db.insert(offers).values({
      propertyId: reserved.id,
      buyerId: buyer.id,
      amountCents: 21_000_000,
      buyingDate: '2030-01-01',
      status: 'accepted',
    });
    const [paidOffer] = await ctx.app.db
      .insert(offers)
      .values({
        propertyId: sold.id,
        buyerId: buyer.id,
        amountCents: 22_000_000,
        buyingDate: '2030-01-01',
        status: 'paid',
      })
      .returning();
    await ctx.app.db.insert(payments).values({
      offerId: paidOffer?.id,
      buyerId: buyer.id,
      propertyId: sold.id,
      provider: 'demo',
      checkoutSessionId: 'demo_test_session',
      status: 'paid',
      amountCents: 22_000_000,
      transactionId: 'demo_txn_1',
    });

    expect((await call('DELETE', `/api/users/${buyer.id}`, admin.bearer)).statusCode).toBe(200);

    const [freed] = await ctx.app.db
      .select()
      .from(properties)
      .where(eq(properties.id, reserved.id));
    expect(freed?.availability).toBe('Available');
    const [stillSold] = await ctx.app.db
      .select()
      .from(properties)
      .where(eq(properties.id, sold.id));
    expect(stillSold?.availability).toBe('Sold');
    const [payment] = await ctx.app.db.select().from(payments);
    expect(payment).toMatchObject({ buyerId: null, amountCents: 22_000_000, status: 'paid' });
    expect(await ctx.app.db.select().from(offers)).toEqual([]);
  });
});
