import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { type Database, type Executor, preparedPerDatabase } from '../../db/client.js';
import { listingDailyStats, properties, wishlistItems } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import { utcDay } from '../analytics/listing-views.js';
import { agents, listingColumns, toPropertyViews } from '../listing-views/property-view.js';

/**
 * Saves a listing buyers can see (approved, its agent not flagged as fraud) and counts the save
 * for its agent when it is new, in one prepared statement: a buyer saves as they browse, and the
 * check, the save and the count made together cost one round trip, planned once per connection,
 * instead of five statements each parsed and planned (most of PostgreSQL's work for a save).
 * A single statement needs no transaction around it. Answers a row when the listing could be
 * saved, none when buyers cannot see it.
 */
const saveStatement = preparedPerDatabase((db) => {
  const listing = db.$with('listing').as(
    db
      .select({ id: properties.id })
      .from(properties)
      .innerJoin(agents, eq(agents.id, properties.agentId))
      .where(
        and(
          eq(properties.id, sql.placeholder('propertyId')),
          eq(properties.approval, 'approved'),
          ne(agents.role, 'fraud'),
        ),
      ),
  );
  const added = db.$with('added', { propertyId: wishlistItems.propertyId }).as(sql`
    insert into ${wishlistItems} (user_id, property_id)
    select ${sql.placeholder('userId')}, id from listing
    on conflict do nothing
    returning property_id`);
  const counted = db.$with('counted', { propertyId: listingDailyStats.propertyId }).as(sql`
    insert into ${listingDailyStats} (property_id, day, saves)
    select property_id, ${sql.placeholder('day')}::date, 1 from added
    on conflict (property_id, day) do update set saves = ${listingDailyStats.saves} + 1
    returning property_id`);
  return db
    .with(listing, added, counted)
    .select({ id: listing.id })
    .from(listing)
    .prepare('wishlist_save');
});

/** Saving is idempotent: a listing already saved stays saved, and is counted once. */
export async function saveToWishlist(db: Database, userId: string, propertyId: string) {
  const saved = await saveStatement(db).execute({ userId, propertyId, day: utcDay(new Date()) });
  if (saved.length === 0) throw notFound('Property not found');
}

/**
 * The same save on a transaction that does more (telling the people a buyer shops together
 * with): answers the new save's id, null when it was saved already.
 */
export async function saveToWishlistIn(tx: Executor, userId: string, propertyId: string) {
  const [visible] = await tx
    .select({ id: properties.id })
    .from(properties)
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .where(
      and(
        eq(properties.id, propertyId),
        eq(properties.approval, 'approved'),
        ne(agents.role, 'fraud'),
      ),
    );
  if (!visible) throw notFound('Property not found');
  const [added] = await tx
    .insert(wishlistItems)
    .values({ userId, propertyId })
    .onConflictDoNothing()
    .returning({ id: wishlistItems.id });
  if (!added) return null;
  await tx
    .insert(listingDailyStats)
    .values({ propertyId, day: utcDay(new Date()), saves: 1 })
    .onConflictDoUpdate({
      target: [listingDailyStats.propertyId, listingDailyStats.day],
      set: { saves: sql`${listingDailyStats.saves} + 1` },
    });
  return added.id;
}

export async function removeFromWishlist(db: Executor, userId: string, propertyId: string) {
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
