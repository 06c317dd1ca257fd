import { and, eq, sql } from 'drizzle-orm';
import { type Database, preparedPerDatabase } from '../../db/client.js';
import { properties } from '../../db/schema.js';
import { isPublic, listingById } from '../listing-views/listing-by-id.js';
import { publicHistoryOf } from '../listing-views/listing-history.js';
import { openHouseTimesOf } from '../listing-views/open-house-times.js';
import {
  agents,
  approvedListingColumns,
  type SharedListings,
  salesOf,
} from '../listing-views/property-view.js';
import { approvedOnly, notByFraudAgent } from './search-conditions.js';

/* Public listings as everyone sees them, read for the listing cache (cached-listing.ts). */

/**
 * One listing as anyone may see it, with its sale, when it is public: approved, and its agent
 * in good standing. Null otherwise (it may not exist, or exist only for its agent and admins).
 */
export async function sharedListing(db: Database, id: string): Promise<SharedListings | null> {
  const [row] = await listingById(db).execute({ id });
  if (!row || !isPublic(row)) return null;
  const [sales, openHouses, history] = await Promise.all([
    salesOf(db, [row]),
    openHouseTimesOf(db, [row.property.id]),
    publicHistoryOf(db, [row.property.id]),
  ]);
  return { rows: [row], sales, openHouses, history };
}

/**
 * Those of `ids` that are public, as sharedListing gives each, read together: the listings of a
 * page the map index chose that the listing cache does not hold.
 */
export async function sharedListingsOf(db: Database, ids: string[]) {
  const found = new Map<string, SharedListings>();
  if (ids.length === 0) return found;
  const rows = await publicRowsOf(db).execute({ ids: `{${ids.join(',')}}` });
  const listingIds = rows.map((row) => row.property.id);
  const [sales, openHouses, history] = await Promise.all([
    salesOf(db, rows),
    openHouseTimesOf(db, listingIds),
    publicHistoryOf(db, listingIds),
  ]);
  for (const row of rows) {
    const sale = sales.get(row.property.id);
    found.set(row.property.id, {
      rows: [row],
      sales: sale ? new Map([[row.property.id, sale]]) : new Map(),
      openHouses,
      history,
    });
  }
  return found;
}

/**
 * The ids of up to `limit` public listings, newest first: the order map pages and lists show
 * them in by default, so the ones they show first. From the index of approved listings alone.
 */
export async function newestPublicListingIds(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(approvedOnly, notByFraudAgent))
    .orderBy(sql`${properties.createdAt} desc nulls first`, properties.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

const publicRowsOf = preparedPerDatabase((db) =>
  db
    .select(approvedListingColumns)
    .from(properties)
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .where(
      and(
        sql`${properties.id} = any(${sql.placeholder('ids')}::uuid[])`,
        approvedOnly,
        notByFraudAgent,
      ),
    )
    .prepare('public_rows_of'),
);
