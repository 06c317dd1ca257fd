import { canChangeRole, type Role } from '@keyhaven/shared';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offers, properties, sessions, users } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SessionUser } from '../../plugins/authentication.js';
import { recordAudit } from '../audit/audit.service.js';

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
  if (userId === admin.id) throw new AppError('CONFLICT', 'You cannot change your own role');
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound('User not found');
    if (!canChangeRole(target.role, newRole)) {
      throw new AppError(
        'CONFLICT',
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
    });
  });
}

/**
 * Deletes an account and everything that is only theirs, in one transaction: sessions,
 * accounts, wishlist, reviews and offers go with the user (foreign keys cascade), as do an
 * agent's listings; payments stay, with the buyer cleared, because money records are kept.
 * A listing held for this buyer's accepted, unpaid offer becomes available again.
 */
export async function deleteUser(db: Database, admin: SessionUser, userId: string) {
  if (userId === admin.id) throw new AppError('CONFLICT', 'You cannot delete your own account');
  await db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound('User not found');

    const held = await tx
      .select({ propertyId: offers.propertyId })
      .from(offers)
      .where(and(eq(offers.buyerId, userId), eq(offers.status, 'accepted')));
    if (held.length > 0) {
      await tx
        .update(properties)
        .set({ availability: 'Available' })
        .where(
          and(
            inArray(
              properties.id,
              held.map((offer) => offer.propertyId),
            ),
            eq(properties.availability, 'Pending'),
          ),
        );
    }
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    await recordAudit(tx, {
      actor: admin,
      action: 'user.deleted',
      targetType: 'user',
      targetId: userId,
      details: { email: target.email, role: target.role },
    });
  });
}
