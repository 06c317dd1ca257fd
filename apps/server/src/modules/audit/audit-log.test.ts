import { AUDIT_MESSAGES } from '@keyhaven/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { auditLog, users } from '../../db/schema.js';

const ctx = useTestApp();

const read = (query: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `/api/admin/audit-log${query}`, headers });

type Seed = Partial<typeof auditLog.$inferInsert> & { createdAt: Date };

/** Entries as earlier admin actions left them, at chosen moments. */
async function seed(rows: Seed[]) {
  return ctx.app.db
    .insert(auditLog)
    .values(
      rows.map((row) => ({
        actorId: 'admin-one',
        actorEmail: 'Ada.Admin@Example.test',
        action: 'user.role_changed',
        targetType: 'user',
        targetId: 'target-1',
        ...row,
      })),
    )
    .returning();
}

/** The database's own error (drizzle wraps it), or null when the statement went through. */
async function refusal(attempt: () => Promise<unknown>) {
  try {
    await attempt();
    return null;
  } catch (error) {
    const cause = ((error as { cause?: unknown }).cause ?? error) as {
      code?: string;
      message: string;
    };
    return { code: cause.code, message: cause.message };
  }
}

const ids = (body: { items: Array<{ _id: string }> }) => body.items.map((item) => item._id);

describe('GET /api/admin/audit-log', () => {
  it('lists entries newest first, a page at a time, with the total and before/after', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const [oldest, middle, newest] = await seed([
      {
        createdAt: new Date('2026-03-01T10:00:00Z'),
        before: { role: 'user' },
        after: { role: 'agent' },
      },
      { createdAt: new Date('2026-03-02T10:00:00Z') },
      { createdAt: new Date('2026-03-03T10:00:00Z'), before: { title: 'Loft' }, after: null },
    ]);
    const first = await read('?page=1&limit=2', admin.bearer);
    expect(first.statusCode).toBe(200);
    expect(first.json().total).toBe(3);
    expect(ids(first.json())).toEqual([newest?.id, middle?.id]);
    const second = (await read('?page=2&limit=2', admin.bearer)).json();
    expect(ids(second)).toEqual([oldest?.id]);
    expect(second.items[0]).toEqual({
      _id: oldest?.id,
      actorId: 'admin-one',
      actorEmail: 'Ada.Admin@Example.test',
      action: 'user.role_changed',
      targetType: 'user',
      targetId: 'target-1',
      targetName: null,
      before: { role: 'user' },
      after: { role: 'agent' },
      details: {},
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    expect(first.json().items[0]).toMatchObject({ before: { title: 'Loft' }, after: null });
  });

  it('names each listing and person it points at as they are now, beside their ids', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const agent = await createAccount(ctx.app, 'agent');
    const listingId = await createListing(ctx.app, agent, { title: 'Harbour Loft' });
    await seed([
      { createdAt: new Date('2026-03-01T10:00:00Z'), targetType: 'user', targetId: agent.id },
      {
        createdAt: new Date('2026-03-02T10:00:00Z'),
        action: 'property.approval_changed',
        targetType: 'property',
        targetId: listingId,
      },
      // Gone, or never a listing's id: the id alone.
      { createdAt: new Date('2026-03-03T10:00:00Z'), targetType: 'user', targetId: 'gone-user' },
      {
        createdAt: new Date('2026-03-04T10:00:00Z'),
        targetType: 'property',
        targetId: 'not-a-uuid',
      },
    ]);
    const [agentRow] = await ctx.app.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, agent.id));
    const page = (await read('', admin.bearer)).json();
    expect(
      page.items.map((entry: { targetId: string; targetName: string | null }) => [
        entry.targetId,
        entry.targetName,
      ]),
    ).toEqual([
      ['not-a-uuid', null],
      ['gone-user', null],
      [listingId, 'Harbour Loft'],
      [agent.id, agentRow?.name],
    ]);
    expect(agentRow?.name).toEqual(expect.any(String));
  });

  it('breaks ties of the same moment by id, newest id first, so pages never overlap', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const moment = new Date('2026-04-01T08:00:00Z');
    const rows = await seed(Array.from({ length: 5 }, () => ({ createdAt: moment })));
    const expected = rows
      .map((row) => row.id)
      .sort()
      .reverse();
    const pages = [];
    for (const page of [1, 2, 3]) {
      pages.push(...ids((await read(`?page=${page}&limit=2`, admin.bearer)).json()));
    }
    expect(pages).toEqual(expected);
  });

  it('finds the actor by exact id or any part of the e-mail, in any case, wildcards literal', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const at = new Date('2026-05-01T00:00:00Z');
    const [ada, bob, percent] = await seed([
      { createdAt: at },
      { createdAt: at, actorId: 'admin-two', actorEmail: 'bob_ops@example.test' },
      { createdAt: at, actorId: 'admin-three', actorEmail: 'ops100%@example.test' },
    ]);
    const find = async (actor: string) =>
      ids((await read(`?actor=${encodeURIComponent(actor)}`, admin.bearer)).json()).sort();
    expect(await find('admin-two')).toEqual([bob?.id]);
    // An id matches exactly, never as a part.
    expect(await find('admin-t')).toEqual([]);
    expect(await find('ADA.ADMIN')).toEqual([ada?.id]);
    expect(await find('example.TEST')).toEqual([ada?.id, bob?.id, percent?.id].sort());
    // `_` and `%` are the characters themselves, not LIKE wildcards.
    expect(await find('b_ops')).toEqual([bob?.id]);
    expect(await find('a_a')).toEqual([]);
    expect(await find('100%')).toEqual([percent?.id]);
    expect(await find('%')).toEqual([percent?.id]);
    // Blank means no filter.
    expect(await find('  ')).toHaveLength(3);
  });

  it('filters by action, target type and exact target id, combined', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const at = new Date('2026-05-02T00:00:00Z');
    const [role, listing, otherListing] = await seed([
      { createdAt: at },
      {
        createdAt: at,
        action: 'property.approval_changed',
        targetType: 'property',
        targetId: 'listing-1',
      },
      { createdAt: at, action: 'property.deleted', targetType: 'property', targetId: 'listing-12' },
    ]);
    const find = async (query: string) => ids((await read(query, admin.bearer)).json()).sort();
    expect(await find('?action=user.role_changed')).toEqual([role?.id]);
    expect(await find('?targetType=property')).toEqual([listing?.id, otherListing?.id].sort());
    expect(await find('?targetId=listing-1')).toEqual([listing?.id]);
    expect(await find('?targetType=property&action=property.deleted')).toEqual([otherListing?.id]);
    expect(await find('?targetType=user&targetId=listing-1')).toEqual([]);
  });

  it('takes from and to as whole UTC days, both included', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const [before, firstMoment, lastMoment, after] = await seed([
      { createdAt: new Date('2026-06-09T23:59:59.999Z') },
      { createdAt: new Date('2026-06-10T00:00:00.000Z') },
      { createdAt: new Date('2026-06-11T23:59:59.999Z') },
      { createdAt: new Date('2026-06-12T00:00:00.000Z') },
    ]);
    const find = async (query: string) => ids((await read(query, admin.bearer)).json());
    expect(await find('?from=2026-06-10&to=2026-06-11')).toEqual([lastMoment?.id, firstMoment?.id]);
    expect(await find('?from=2026-06-12')).toEqual([after?.id]);
    expect(await find('?to=2026-06-09')).toEqual([before?.id]);
    expect(await find('?from=2026-06-11&to=2026-06-11')).toEqual([lastMoment?.id]);
  });

  it('answers 400 naming the field for a filter it cannot use', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const cases: Array<[string, string]> = [
      ['?action=user.promoted', 'action'],
      ['?targetType=planet', 'targetType'],
      ['?from=2026-13-01', 'from'],
      ['?to=yesterday', 'to'],
      ['?page=0', 'page'],
      ['?limit=101', 'limit'],
      [`?actor=${'a'.repeat(255)}`, 'actor'],
      [`?targetId=${'1'.repeat(101)}`, 'targetId'],
    ];
    for (const [query, field] of cases) {
      const response = await read(query, admin.bearer);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), query).toContain(field);
    }
    const range = await read('?from=2026-02-01&to=2026-01-31', admin.bearer);
    expect(range.statusCode).toBe(400);
    expect(range.json().fields).toEqual({ from: AUDIT_MESSAGES.badDateRange });
  });

  it('is for admins only', async () => {
    expect((await read('', {})).statusCode).toBe(401);
    for (const role of ['user', 'agent', 'fraud'] as const) {
      const account = await createAccount(ctx.app, role);
      expect((await read('', account.bearer)).statusCode, role).toBe(403);
    }
  });
});

describe('the audit log in the database', () => {
  it('refuses to change or delete an entry, or to empty the log, whoever asks', async () => {
    const [entry] = await seed([
      {
        createdAt: new Date('2026-01-05T12:00:00Z'),
        before: { role: 'user' },
        after: { role: 'agent' },
      },
    ]);
    const id = entry?.id as string;
    const attempts: Array<[string, () => Promise<unknown>]> = [
      [
        'UPDATE',
        () =>
          ctx.app.db.execute(
            sql`update audit_log set actor_email = 'someone@else.test' where id = ${id}`,
          ),
      ],
      [
        'UPDATE',
        () =>
          ctx.app.db
            .update(auditLog)
            .set({ after: { role: 'admin' } })
            .where(eq(auditLog.id, id)),
      ],
      ['DELETE', () => ctx.app.db.execute(sql`delete from audit_log where id = ${id}`)],
      ['DELETE', () => ctx.app.db.delete(auditLog)],
      ['TRUNCATE', () => ctx.app.db.execute(sql`truncate audit_log`)],
      ['TRUNCATE', () => ctx.app.db.execute(sql`truncate audit_log, users cascade`)],
    ];
    for (const [operation, attempt] of attempts) {
      expect(await refusal(attempt)).toEqual({
        code: '42501',
        message: `The audit log is append-only: ${operation} is refused`,
      });
    }
    const rows = await ctx.app.db.select().from(auditLog);
    expect(rows).toEqual([entry]);
  });

  it('keeps the entries an actor wrote, with their id and e-mail, after their account is deleted', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const former = await createAccount(ctx.app, 'admin');
    const buyer = await createAccount(ctx.app);
    const promoted = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/user-role-update/${buyer.id}/agent`,
      headers: former.bearer,
    });
    expect(promoted.statusCode).toBe(200);
    const written = await ctx.app.db.select().from(auditLog).where(eq(auditLog.actorId, former.id));
    expect(written).toHaveLength(1);

    // No route demotes or deletes an admin; an account that has since left the admin team (set
    // here directly) is deleted as any user is, through the admin route.
    await ctx.app.db.update(users).set({ role: 'user' }).where(eq(users.id, former.id));
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${former.id}`,
      headers: admin.bearer,
    });
    expect(removed.statusCode).toBe(200);
    expect(await ctx.app.db.select().from(users).where(eq(users.id, former.id))).toEqual([]);

    const kept = await ctx.app.db.select().from(auditLog).where(eq(auditLog.actorId, former.id));
    expect(kept).toEqual(written);
    expect(kept[0]).toMatchObject({ actorId: former.id, actorEmail: former.email });
    // The viewer still finds them, by the deleted account's id and by its address.
    for (const actor of [former.id, former.email]) {
      const page = (await read(`?actor=${encodeURIComponent(actor)}`, admin.bearer)).json();
      expect(page.items.map((item: { _id: string }) => item._id)).toEqual([kept[0]?.id]);
      expect(page.items[0]).toMatchObject({ actorId: former.id, actorEmail: former.email });
    }
    // And the deletion itself is on the trail, with what the account was.
    const [deletion] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, former.id));
    expect(deletion).toMatchObject({
      action: 'user.deleted',
      actorId: admin.id,
      before: { email: former.email, role: 'user' },
      after: null,
    });
  });

  it('keeps them even when the account row is removed by hand, as no foreign key clears them', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const buyer = await createAccount(ctx.app);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/user-role-update/${buyer.id}/agent`,
      headers: admin.bearer,
    });
    const written = await ctx.app.db.select().from(auditLog);
    await ctx.app.db.delete(users).where(eq(users.id, admin.id));
    expect(await ctx.app.db.select().from(auditLog)).toEqual(written);
    expect(written[0]).toMatchObject({ actorId: admin.id, actorEmail: admin.email });
  });
});
