import type { AgentSort, AgentSummary } from '@keyhaven/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';

export interface DirectoryFilters {
  search?: string | undefined;
  sort: AgentSort;
  page: number;
  limit: number;
}

/** The text searched for, anywhere in a name or an area, with LIKE's wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ORDER: Record<AgentSort, SQL> = {
  sales: sql`sold desc, rating desc nulls last, u.name, u.id`,
  rating: sql`rating desc nulls last, rated desc, sold desc, u.name, u.id`,
};

async function countAgents(db: Database, matches: SQL) {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`
    select count(*)::int as total from users u
    left join agent_profiles ap on ap.user_id = u.id
    where u.role = 'agent' ${matches}`,
  );
  return Number(row?.total ?? 0);
}

/**
 * The agents' directory: trusted agents only, found by name or service area, ordered by homes
 * sold or by rating. Sales and ratings are counted once per page from the paid sales and the
 * agents' reviews, grouped by agent, not per agent listing by listing.
 */
export async function agentDirectory(db: Database, filters: DirectoryFilters) {
  const pattern = filters.search ? containing(filters.search) : undefined;
  const matches = pattern
    ? sql`and (u.name ilike ${pattern} or exists (
        select 1 from unnest(ap.service_areas) area where area ilike ${pattern}))`
    : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    with sold as (
      select l.agent_id, count(*)::int as sold
      from payments p join properties l on l.id = p.property_id
      where p.status = 'paid'
      group by l.agent_id
    ),
    rated as (
      select agent_id, avg(rating)::float8 as rating, count(*)::int as rated
      from reviews where agent_id is not null
      group by agent_id
    )
    select u.id, u.name, u.image,
      coalesce(ap.service_areas, '{}') as "serviceAreas",
      coalesce(sold.sold, 0) as sold,
      rated.rating,
      coalesce(rated.rated, 0) as rated,
      count(*) over ()::int as total
    from users u
    left join agent_profiles ap on ap.user_id = u.id
    left join sold on sold.agent_id = u.id
    left join rated on rated.agent_id = u.id
    where u.role = 'agent' ${matches}
    order by ${ORDER[filters.sort]}
    limit ${filters.limit} offset ${(filters.page - 1) * filters.limit}
  `,
  );
  // A page past the end has no row to carry the total: count the agents found on their own.
  const total =
    rows.length > 0 || filters.page === 1
      ? Number(rows[0]?.total ?? 0)
      : await countAgents(db, matches);
  const items: AgentSummary[] = rows.map((row) => ({
    _id: String(row.id),
    name: String(row.name),
    image: (row.image as string | null) ?? null,
    serviceAreas: row.serviceAreas as string[],
    rating: row.rating === null ? null : Math.round(Number(row.rating) * 10) / 10,
    reviewCount: Number(row.rated),
    homesSold: Number(row.sold),
  }));
  return { items, total };
}
