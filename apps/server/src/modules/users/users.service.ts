import { canChangeRole, type Role } from '@keyhaven/shared';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { listingReports, offers, properties, sessions, users } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/session-user.js';

export async function findUser(db: Database, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound('User not found');
  return user;
}

export async function listUsers(db: Database, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .orderBy(desc(users.createdAt), users.id)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(users),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function changeRole(db: Database, admin: SessionUser, userId: string, newRole: Role) {
  if (userId === admin.id) throw conflict('You cannot change your own role');
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound('User not found');
    if (!canChangeRole(target.role, newRole)) {
      throw conflict(
        target.role === 'fraud'
          ? 'A user marked as fraud cannot change role'
          : `Cannot change role from ${target.role} to ${newRole}`,
      );
    }
    await tx.update(users).set({ role: newRole }).where(eq(users.id, userId));
    await recordAudit(tx, {
      actor: admin,
      action: 'user.role_changed',
      targetType: 'user',
      targetId: userId,
      details: { email: target.email, from: target.role, to: newRole },
      before: { role: target.role },
      after: { role: newRole },
    });
  });
}

const USER_DELETE_MESSAGES = {
  lastAdmin:
    'This is the only admin account, and the marketplace always needs one: it cannot be deleted.',
  otherAdmin:
    "Admins cannot delete another admin's account, just as they cannot change an admin's role.",
  ownAccount: 'You cannot delete your own account',
} as const;

/**
 * Deletes an account and everything that is only theirs, in one transaction: sessions,
 * accounts, wishlist, reviews and offers go with the user (foreign keys cascade), as do an
 * agent's listings; payments stay, with the buyer cleared, because money records are kept.
 * A listing reserved by this buyer's accepted, unpaid offer becomes available again.
 *
 * Admin accounts follow the role rule: an admin's role cannot be changed, so neither can an
 * admin be deleted by another admin; nor by themself, and never the last one.
 */
export async function deleteUser(db: Database, admin: SessionUser, userId: string) {
  await db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound('User not found');
    // No path deletes an admin (and an admin's role never changes), so the last one always stays.
    if (target.role === 'admin') {
      const [admins] = await tx
        .select({ value: count() })
        .from(users)
        .where(eq(users.role, 'admin'));
      if ((admins?.value ?? 0) <= 1) throw conflict(USER_DELETE_MESSAGES.lastAdmin);
      throw conflict(
        target.id === admin.id ? USER_DELETE_MESSAGES.ownAccount : USER_DELETE_MESSAGES.otherAdmin,
      );
    }

    const reserved = await tx
      .select({ propertyId: offers.propertyId })
      .from(offers)
      .where(and(eq(offers.buyerId, userId), eq(offers.status, 'accepted')));
    if (reserved.length > 0) {
      await tx
        .update(properties)
        .set({ availability: 'Available' })
        .where(
          and(
            inArray(
              properties.id,
              reserved.map((offer) => offer.propertyId),
            ),
            eq(properties.availability, 'Pending'),
          ),
        );
    }
    // The account's listings go with it: reports of them still open end as removed listings.
    await tx
      .update(listingReports)
      .set({ status: 'listing_removed', decidedBy: admin.id, decidedAt: new Date() })
      .where(
        and(
          eq(listingReports.status, 'open'),
          inArray(
            listingReports.propertyId,
            tx.select({ id: properties.id }).from(properties).where(eq(properties.agentId, userId)),
          ),
        ),
      );
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    await recordAudit(tx, {
      actor: admin,
      action: 'user.deleted',
      targetType: 'user',
      targetId: userId,
      details: { email: target.email, role: target.role },
      before: { name: target.name, email: target.email, role: target.role },
      after: null,
    });
  });
}
