import { eq, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../db/client.js';
import { properties } from '../../db/schema.js';
import { agents, type ListingRow, listingColumns } from './property-view.js';

/**
 * One listing with its agent and the agent's role, by id: its details as each viewer may see them
 * (modules/listings) and the public copy the listing cache keeps (modules/listing-search).
 */
export const listingById = preparedPerDatabase((db) =>
  db
    .select({ ...listingColumns, agentRole: agents.role })
    .from(properties)
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .where(eq(properties.id, sql.placeholder('id')))
    .prepare('listing_by_id'),
);

/** Public: approved, and its agent in good standing. */
export const isPublic = (row: { property: ListingRow; agentRole: string }) =>
  row.property.approval === 'approved' && row.agentRole !== 'fraud';
