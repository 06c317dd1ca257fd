import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AuditEntry } from '@keyhaven/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { configFrom } from '../../src/config.js';
import { queryRows } from '../../src/db/client.js';
import { auditLog, messages, properties, reviews } from '../../src/db/schema.js';
import { MATRIX } from '../authz/matrix.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { changedTables, fingerprint, restore, snapshot } from './support/db-state.js';
import { buildWorld, callAs, type World } from './support/world.js';

/*
 * The audit trail is append-only: no route changes or deletes an entry (the database would
 * refuse anyway), and every admin action leaves what it changed, before and after.
 */

let app: FastifyInstance;
let database: TestDatabase;
let dataDir: string;
let world: World;
const routes: Array<{ method: string; path: string }> = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-audit-'));
  database = await createTestDatabase();
  app = await buildApp(configFrom({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), {
    database,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, path: route.url });
    },
  });
  await app.ready();
  world = await buildWorld(app);
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Every entry, each as the database's own text of the whole row, by id. */
async function trail() {
  const rows = await queryRows<{ id: string; row: string }>(
    database.db,
    sql`select id::text as id, to_jsonb(a)::text as row from audit_log a`,
  );
  return new Map(rows.map((entry) => [entry.id, entry.row]));
}

/** The one entry of an action on a target, as the admins' viewer shows it. */
async function entryOf(action: string, targetId: string): Promise<AuditEntry> {
  const response = await callAs(app, world, 'admin', {
    method: 'GET',
    url: `/api/admin/audit-log?action=${action}&targetId=${targetId}`,
  });
  expect(response.statusCode).toBe(200);
  const page = response.json();
  expect(page.total).toBe(1);
  return page.items[0];
}

describe('no route changes or deletes an audit entry', () => {
  it('the audit trail is served by GET routes only', () => {
    const audit = routes.filter((route) => route.path.startsWith('/api/admin/audit-log'));
    expect(audit.map((route) => route.method).sort()).toEqual(['GET', 'HEAD']);
    // And no write of any module is addressed to it under another name.
    expect(
      routes.filter(
        (route) => !['GET', 'HEAD'].includes(route.method) && route.path.includes('audit'),
      ),
    ).toEqual([]);
  });

  it('no server code writes an UPDATE or DELETE of the audit log', async () => {
    const root = path.resolve(import.meta.dirname, '../../src');
    const files = (await readdir(root, { recursive: true }))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => path.join(root, file));
    const writes =
      /\.(update|delete)\(\s*auditLog\b|(update|delete\s+from|truncate)\s+"?audit_log/i;
    const offenders = [];
    for (const file of files) {
      if (writes.test(await readFile(file, 'utf8'))) offenders.push(path.relative(root, file));
    }
    expect(files.length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });

  it('every route of the authorization matrix, called by an admin, leaves earlier entries exactly as they were', async () => {
    // Earlier entries of every kind, on top of those the world's admin decisions wrote.
    const at = new Date('2026-01-02T03:04:05Z');
    await database.db.insert(auditLog).values(
      (['user.role_changed', 'user.deleted', 'property.deleted', 'payment.refunded'] as const).map(
        (action, index) => ({
          actorId: world.accounts.admin.id,
          actorEmail: world.accounts.admin.email,
          action,
          targetType: action.split('.')[0] as string,
          targetId: `earlier-${index}`,
          details: { note: 'written before this test' },
          before: { field: 'before' },
          after: index % 2 ? null : { field: 'after' },
          createdAt: at,
        }),
      ),
    );
    const state = await snapshot(database.db);
    const print = await fingerprint(database.db);
    const earlier = await trail();
    expect(earlier.size).toBeGreaterThanOrEqual(6);

    const problems: string[] = [];
    const appended = new Set<string>();
    let calls = 0;
    for (const row of MATRIX.filter((candidate) => (candidate.app ?? 'demo') === 'demo')) {
      for (const cell of row.cases) {
        const request = cell.request(world);
        const response = await callAs(app, world, 'admin', {
          method: row.method,
          ...request,
          headers: request.headers as Record<string, string> | undefined,
        });
        calls += 1;
        const now = await trail();
        for (const [id, entry] of earlier) {
          if (now.get(id) !== entry) {
            problems.push(
              `${row.method} ${request.url} (${response.statusCode}) changed entry ${id}`,
            );
          }
        }
        for (const [id, entry] of now) {
          if (!earlier.has(id)) appended.add(JSON.parse(entry).action);
        }
        const changed = changedTables(print, await fingerprint(database.db));
        if (changed.length > 0) await restore(database.db, state, changed);
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThan(100);
    // The admin's own actions did run (and were recorded) along the way: role changes,
    // deletions, approvals, refunds and moderation all appended, and changed nothing earlier.
    expect([...appended].sort()).toEqual(
      expect.arrayContaining([
        'message.removed',
        'offer.released',
        'payment.refunded',
        'property.approval_changed',
        'review.deleted',
        'user.deleted',
        'user.role_changed',
      ]),
    );
    expect(await trail()).toEqual(earlier);
  });
});

describe('each admin action records the fields it changed, before and after', () => {
  it('a role change: the role, from and to', async () => {
    const target = world.accounts.otherUser;
    const response = await callAs(app, world, 'admin', {
      method: 'PATCH',
      url: `/api/user-role-update/${target.id}/agent`,
    });
    expect(response.statusCode).toBe(200);
    const entry = await entryOf('user.role_changed', target.id);
    expect(entry).toMatchObject({
      actorId: world.accounts.admin.id,
      actorEmail: world.accounts.admin.email,
      targetType: 'user',
      before: { role: 'user' },
      after: { role: 'agent' },
    });
  });

  it('an approval: the approval, from and to', async () => {
    const response = await callAs(app, world, 'admin', {
      method: 'PATCH',
      url: `/api/properties/admin-approval/${world.unapprovedListing}/true`,
    });
    expect(response.statusCode).toBe(200);
    expect(await entryOf('property.approval_changed', world.unapprovedListing)).toMatchObject({
      targetType: 'property',
      before: { approval: 'pending' },
      after: { approval: 'approved' },
    });
  });

  it("a review's removal: the review as it was, and nothing after", async () => {
    const [review] = await database.db.select().from(reviews).where(eq(reviews.id, world.reviewId));
    const response = await callAs(app, world, 'admin', {
      method: 'DELETE',
      url: `/api/property-reviews/${world.reviewId}`,
    });
    expect(response.statusCode).toBe(200);
    expect(await entryOf('review.deleted', world.reviewId)).toMatchObject({
      targetType: 'review',
      before: {
        reviewerId: world.accounts.user.id,
        reviewFor: review?.reviewFor,
        propertyId: review?.propertyId,
        rating: review?.rating,
        title: review?.title,
        text: review?.text,
      },
      after: null,
    });
  });

  it("a message's removal: its text before, removed after", async () => {
    const [message] = await database.db
      .select()
      .from(messages)
      .where(eq(messages.id, world.messageId));
    expect(message?.body).not.toBe('');
    const response = await callAs(app, world, 'admin', {
      method: 'DELETE',
      url: `/api/messages/${world.messageId}`,
    });
    expect(response.statusCode).toBe(200);
    expect(await entryOf('message.removed', world.messageId)).toMatchObject({
      targetType: 'message',
      before: { body: message?.body, removed: false },
      after: { body: '', removed: true },
    });
  });

  it("an offer's release: the offer's status and the listing's availability", async () => {
    const response = await callAs(app, world, 'admin', {
      method: 'PATCH',
      url: `/api/properties/release-offer/${world.reservedListing}`,
    });
    expect(response.statusCode).toBe(200);
    const page = (
      await callAs(app, world, 'admin', {
        method: 'GET',
        url: '/api/admin/audit-log?action=offer.released',
      })
    ).json();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      targetType: 'offer',
      details: { propertyId: world.reservedListing, buyerId: world.accounts.user.id },
      before: { status: 'accepted', listingAvailability: 'Pending' },
      after: { status: 'released', listingAvailability: 'Available' },
    });
  });

  it("a refund: the payment's status, with the provider's refund", async () => {
    const response = await callAs(app, world, 'admin', {
      method: 'POST',
      url: `/api/admin/refunds/${world.refundPaymentId}`,
    });
    expect(response.statusCode).toBe(200);
    const entry = await entryOf('payment.refunded', world.refundPaymentId);
    expect(entry).toMatchObject({
      targetType: 'payment',
      before: { status: 'refund_due' },
      after: { status: 'refunded', refundId: expect.any(String) },
    });
    expect(entry.after?.refundId).toBe(entry.details.refundId);
  });

  it("a listing's deletion: the listing's main fields before, nothing after", async () => {
    const [listing] = await database.db
      .select()
      .from(properties)
      .where(eq(properties.id, world.openListing));
    const response = await callAs(app, world, 'admin', {
      method: 'DELETE',
      url: `/api/properties/${world.openListing}`,
    });
    expect(response.statusCode).toBe(200);
    expect(await entryOf('property.deleted', world.openListing)).toMatchObject({
      targetType: 'property',
      before: {
        title: listing?.title,
        location: listing?.location,
        agentId: world.accounts.agent.id,
        approval: 'approved',
        availability: listing?.availability,
      },
      after: null,
    });
  });

  it("a user's deletion: who they were before, nothing after", async () => {
    const spare = world.accounts.spare;
    const response = await callAs(app, world, 'admin', {
      method: 'DELETE',
      url: `/api/users/${spare.id}`,
    });
    expect(response.statusCode).toBe(200);
    const entry = await entryOf('user.deleted', spare.id);
    expect(entry).toMatchObject({
      targetType: 'user',
      before: { email: spare.email, role: 'user' },
      after: null,
    });
    expect(entry.before?.name).toEqual(expect.any(String));
  });
});
