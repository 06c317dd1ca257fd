import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { listingDailyStats, properties, wishlistItems } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import { utcDay } from '../analytics/listing-views.js';
import { agents, listingColumns, toPropertyViews } from '../properties/property-view.js';

/** Saving is idempotent: a listing already saved stays saved once. */
export async function saveToWishlist(db: Database, userId: string, propertyId: string) {
  const [listing] = await db
    .select({ approval: properties.approval, agentRole: agents.role })
    .from(properties)
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .where(eq(properties.id, propertyId));
  if (listing?.approval !== 'approved' || listing.agentRole === 'fraud') {
    throw notFound('Property not found');
  }
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(wishlistItems)
      .values({ userId, propertyId })
      .onConflictDoNothing()
      .returning({ id: wishlistItems.id });
    // A save counts for the listing's agent once, when the listing is newly saved.
    if (added.length === 0) return;
    await tx
      .insert(listingDailyStats)
      .values({ propertyId, day: utcDay(new Date()), saves: 1 })
      .onConflictDoUpdate({
        target: [listingDailyStats.propertyId, listingDailyStats.day],
        set: { saves: sql`${listingDailyStats.saves} + 1` },
      });
  });
}

export async function removeFromWishlist(db: Database, userId: string, propertyId: string) {
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.propertyId, propertyId)))
    .returning({ id: wishlistItems.id });
  if (removed.length === 0) throw notFound('This property is not in your wishlist');
}

export async function wishlistOf(db: Database, userId: string) {
  const rows = await db
    .select(listingColumns)
    .from(wishlistItems)
    .innerJoin(properties, eq(properties.id, wishlistItems.propertyId))
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt));
  return toPropertyViews(db, rows, { id: userId, role: 'user' });
}
