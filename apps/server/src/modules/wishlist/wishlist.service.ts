import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { properties, wishlistItems } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
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
  await db.insert(wishlistItems).values({ userId, propertyId }).onConflictDoNothing();
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
