import { and, eq, max, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { properties, users } from '../../db/schema.js';

/**
 * When the newest change to a listing buyers can see was made (approved, its agent not marked as
 * fraud), or null when there is none: Home's featured homes change with it.
 */
export async function lastPublicListingChange(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ changedAt: max(properties.updatedAt) })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.agentId))
    .where(and(eq(properties.approval, 'approved'), ne(users.role, 'fraud')));
  return row?.changedAt ?? null;
}
