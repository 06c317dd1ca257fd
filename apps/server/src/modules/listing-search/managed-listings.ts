import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { properties, users } from '../../db/schema.js';
import { toPropertyViews, type Viewer } from '../listing-views/property-view.js';
import { pageRows } from './listing-search.service.js';
import { containing, ORDER, type PropertyType } from './search-conditions.js';

/* The lists agents and admins manage listings from (`GET /api/properties`). */

async function countListings(db: Database, where: SQL | undefined) {
  const [total] = await db.select({ value: count() }).from(properties).where(where);
  return total?.value ?? 0;
}

/** One page of listings as the viewer sees them. */
async function pageOf(
  db: Database,
  where: SQL | undefined,
  order: SQL[],
  page: number,
  limit: number,
  viewer: Viewer | null,
) {
  return toPropertyViews(db, await pageRows(db, where, order, page, limit), viewer);
}

export interface ManagedFilters {
  agentId?: string;
  search?: string;
  status?: 'pending' | 'approved' | 'rejected';
  propertyType?: string;
  page: number;
  limit: number;
}

/** Listings as an agent (their own) or an admin (everyone's) manages them. */
export async function managedListings(db: Database, filters: ManagedFilters, viewer: Viewer) {
  const conditions: SQL[] = [];
  if (filters.agentId) conditions.push(eq(properties.agentId, filters.agentId));
  if (filters.status) conditions.push(eq(properties.approval, filters.status));
  if (filters.propertyType) {
    conditions.push(eq(properties.propertyType, filters.propertyType as PropertyType));
  }
  if (filters.search) {
    const pattern = containing(filters.search);
    const matches = [ilike(properties.title, pattern), ilike(properties.location, pattern)];
    // A search over everyone's listings (an admin's) also matches the agent's name. The agents are
    // looked up first: a list of ids lets each branch of the OR use its own index.
    if (!filters.agentId) {
      const named = await db.select({ id: users.id }).from(users).where(ilike(users.name, pattern));
      if (named.length > 0) {
        const ids = named.map((agent) => agent.id);
        // One array parameter, however many people share the name.
        matches.push(sql`${properties.agentId} = any(${sql.param(ids)}::text[])`);
      }
    }
    conditions.push(or(...matches) as SQL);
  }
  const where = and(...conditions);
  const [items, total] = await Promise.all([
    pageOf(db, where, ORDER.newest, filters.page, filters.limit, viewer),
    countListings(db, where),
  ]);
  return { items, total };
}
