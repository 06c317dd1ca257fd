import {
  APPROVAL_TO_WIRE,
  type ListingAnalytics,
  type ListingAnalyticsRow,
  type ListingAnalyticsSort,
  type ListingFigures,
} from '@keyhaven/shared';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';
import { daysBefore, utcDay } from './listing-views.js';

/*
 * What happened to an agent's own listings over the last N days (today included, UTC days):
 * details-page views and wish-list saves from the daily counts, offers made and accepted, and
 * sales paid. Every figure is aggregated per listing in grouped subqueries over the agent's
 * listings, never listing by listing.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The days a period covers, and the period just before it, with their bounds as instants. */
export function periodBounds(period: number, now: Date) {
  const to = utcDay(now);
  const from = daysBefore(to, period - 1);
  const previousFrom = daysBefore(from, period);
  const instant = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`)).toISOString();
  return {
    to,
    from,
    previousFrom,
    /** The first instant of each bound, and the first instant after the period. */
    fromAt: instant(from),
    previousFromAt: instant(previousFrom),
    endAt: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString(),
  };
}

const toFigures = (row: Record<string, unknown> | undefined, prefix: '' | 'prev_') =>
  ({
    views: Number(row?.[`${prefix}views`] ?? 0),
    saves: Number(row?.[`${prefix}saves`] ?? 0),
    offers: Number(row?.[`${prefix}offers`] ?? 0),
    accepted: Number(row?.[`${prefix}accepted`] ?? 0),
    sold: Number(row?.[`${prefix}sold`] ?? 0),
  }) satisfies ListingFigures;

export async function listingAnalytics(
  db: Database,
  agentId: string,
  period: number,
  now: Date,
): Promise<ListingAnalytics> {
  const b = periodBounds(period, now);
  const mine = sql`select id from properties where agent_id = ${agentId}`;
  const [totals] = await queryRows<Record<string, unknown>>(
    db,
    sql`
      select
        s.views, s.saves, s.prev_views, s.prev_saves,
        o.offers, o.prev_offers, a.accepted, a.prev_accepted, y.sold, y.prev_sold,
        (select count(*)::int from properties where agent_id = ${agentId}) as listings
      from (
        select
          coalesce(sum(views) filter (where day >= ${b.from}::date), 0)::int as views,
          coalesce(sum(saves) filter (where day >= ${b.from}::date), 0)::int as saves,
          coalesce(sum(views) filter (where day < ${b.from}::date), 0)::int as prev_views,
          coalesce(sum(saves) filter (where day < ${b.from}::date), 0)::int as prev_saves
        from listing_daily_stats
        where property_id in (${mine})
          and day >= ${b.previousFrom}::date and day <= ${b.to}::date
      ) s,
      (
        select
          count(*) filter (where created_at >= ${b.fromAt}::timestamptz)::int as offers,
          count(*) filter (where created_at < ${b.fromAt}::timestamptz)::int as prev_offers
        from offers
        where property_id in (${mine})
          and created_at >= ${b.previousFromAt}::timestamptz and created_at < ${b.endAt}::timestamptz
      ) o,
      (
        select
          count(*) filter (where accepted_at >= ${b.fromAt}::timestamptz)::int as accepted,
          count(*) filter (where accepted_at < ${b.fromAt}::timestamptz)::int as prev_accepted
        from offers
        where property_id in (${mine})
          and accepted_at >= ${b.previousFromAt}::timestamptz and accepted_at < ${b.endAt}::timestamptz
      ) a,
      (
        select
          count(*) filter (where paid_at >= ${b.fromAt}::timestamptz)::int as sold,
          count(*) filter (where paid_at < ${b.fromAt}::timestamptz)::int as prev_sold
        from payments
        where status = 'paid' and property_id in (${mine})
          and paid_at >= ${b.previousFromAt}::timestamptz and paid_at < ${b.endAt}::timestamptz
      ) y`,
  );
  const days = await queryRows<{ day: string; views: number; saves: number }>(
    db,
    sql`
      select to_char(day, 'YYYY-MM-DD') as day, sum(views)::int as views, sum(saves)::int as saves
      from listing_daily_stats
      where property_id in (${mine}) and day >= ${b.from}::date and day <= ${b.to}::date
      group by day`,
  );
  const byDay = new Map(days.map((row) => [row.day, row]));
  const daily = Array.from({ length: period }, (_, index) => {
    const day = daysBefore(b.to, period - 1 - index);
    const row = byDay.get(day);
    return { day, views: Number(row?.views ?? 0), saves: Number(row?.saves ?? 0) };
  });
  return {
    period,
    from: b.from,
    to: b.to,
    totals: toFigures(totals, ''),
    previous: toFigures(totals, 'prev_'),
    daily,
    listings: Number(totals?.listings ?? 0),
  };
}

/** The column each sort orders by; every one is a name of the query below, never the caller's text. */
const SORT_COLUMNS: Record<ListingAnalyticsSort, string> = {
  views: 'views',
  saves: 'saves',
  offers: 'offers',
  accepted: 'accepted',
  sold: 'sold',
  daysOnMarket: 'days_on_market',
  pricePerSqft: 'price_per_sqft',
  title: 'title',
};

export interface ListingTableQuery {
  period: number;
  sort: ListingAnalyticsSort;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

interface TableRow {
  id: string;
  title: string;
  location: string;
  approval: keyof typeof APPROVAL_TO_WIRE;
  availability: ListingAnalyticsRow['availability'];
  views: number;
  saves: number;
  offers: number;
  accepted: number;
  sold: number;
  days_on_market: number;
  price_per_sqft: string | null;
}

/**
 * One page of the agent's listings with their figures for the period, sorted by a figure (ties by
 * title, then id; listings without an area last when sorting by price per square foot).
 */
export async function listingAnalyticsTable(
  db: Database,
  agentId: string,
  query: ListingTableQuery,
  now: Date,
): Promise<{ items: ListingAnalyticsRow[]; total: number }> {
  const b = periodBounds(query.period, now);
  const mine = sql`select id from properties where agent_id = ${agentId}`;
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const column = sql.raw(SORT_COLUMNS[query.sort]);
  const [rows, [count]] = await Promise.all([
    queryRows<TableRow>(
      db,
      sql`
        select * from (
          select
            p.id, p.title, p.location, p.approval, p.availability,
            coalesce(s.views, 0)::int as views,
            coalesce(s.saves, 0)::int as saves,
            coalesce(o.offers, 0)::int as offers,
            coalesce(o.accepted, 0)::int as accepted,
            coalesce(y.sold, 0)::int as sold,
            floor(extract(epoch from (coalesce(y.sold_at, ${now.toISOString()}::timestamptz) - p.created_at)) / 86400)::int
              as days_on_market,
            case when p.area_size > 0
              then round((p.min_price_cents + p.max_price_cents) / 200.0 / p.area_size, 2)
            end as price_per_sqft
          from properties p
          left join (
            select property_id, sum(views) as views, sum(saves) as saves
            from listing_daily_stats
            where property_id in (${mine}) and day >= ${b.from}::date and day <= ${b.to}::date
            group by property_id
          ) s on s.property_id = p.id
          left join (
            select property_id,
              count(*) filter (where created_at >= ${b.fromAt}::timestamptz and created_at < ${b.endAt}::timestamptz) as offers,
              count(*) filter (where accepted_at >= ${b.fromAt}::timestamptz and accepted_at < ${b.endAt}::timestamptz) as accepted
            from offers
            where property_id in (${mine})
            group by property_id
          ) o on o.property_id = p.id
          left join (
            select property_id,
              count(*) filter (where paid_at >= ${b.fromAt}::timestamptz and paid_at < ${b.endAt}::timestamptz) as sold,
              max(paid_at) as sold_at
            from payments
            where status = 'paid' and property_id in (${mine})
            group by property_id
          ) y on y.property_id = p.id
          where p.agent_id = ${agentId}
        ) t
        order by ${column} ${direction} nulls last, title asc, id asc
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from properties where agent_id = ${agentId}`,
    ),
  ]);
  return {
    items: rows.map((row) => ({
      _id: row.id,
      title: row.title,
      location: row.location,
      approval: APPROVAL_TO_WIRE[row.approval],
      availability: row.availability,
      views: Number(row.views),
      saves: Number(row.saves),
      offers: Number(row.offers),
      accepted: Number(row.accepted),
      sold: Number(row.sold),
      daysOnMarket: Number(row.days_on_market),
      pricePerSqft: row.price_per_sqft === null ? null : Number(row.price_per_sqft),
    })),
    total: Number(count?.total ?? 0),
  };
}
