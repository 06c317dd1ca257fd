import { BUSINESS_LIMITS, type MarketplaceDashboard, ROLES, type Role } from '@keyhaven/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';

/*
 * The admins' view of the whole marketplace over the last 30, 90 or 365 days (today included,
 * UTC days): what waits for review, what the admins decided, who joined, offers and sales.
 * Each figure is one grouped query over an index on its date column; day, week and month series
 * come zero-filled from generate_series, so a quiet day is a zero, not a gap in the chart.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A period's first and last day (UTC), and the instants that bound it: [fromAt, endAt). */
export interface DashboardBounds {
  period: number;
  from: string;
  to: string;
  fromAt: string;
  endAt: string;
}

export function dashboardBounds(period: number, now: Date): DashboardBounds {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const first = today - (period - 1) * DAY_MS;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return {
    period,
    from: day(first),
    to: day(today),
    fromAt: new Date(first).toISOString(),
    endAt: new Date(today + DAY_MS).toISOString(),
  };
}

/** Weeks (starting Monday) and calendar months with at least one day of the period. */
function weeksTouched(b: DashboardBounds) {
  const monday = (day: string) => {
    const at = Date.parse(`${day}T00:00:00Z`);
    return at - ((new Date(at).getUTCDay() + 6) % 7) * DAY_MS;
  };
  return Math.round((monday(b.to) - monday(b.from)) / (7 * DAY_MS)) + 1;
}
function monthsTouched(b: DashboardBounds) {
  const index = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
  return index(b.to) - index(b.from) + 1;
}

/** Rows of a dashboard query as the database answers them (counts as numbers, sums as text). */
type Row = Record<string, unknown>;

/**
 * Every query of the dashboard, named, for a period and a moment. They read nothing from each
 * other, so they run at once; the benchmark explains and times these same statements.
 */
export function dashboardQueries(b: DashboardBounds, now: Date): Record<string, SQL> {
  const inPeriod = (column: SQL) =>
    sql`${column} >= ${b.fromAt}::timestamptz and ${column} < ${b.endAt}::timestamptz`;
  const utcDay = (column: SQL) => sql`(${column} at time zone 'UTC')::date`;
  // The series count whole numbers written into the statement, so PostgreSQL knows how many
  // rows they give: with its default guess of 1000 it priced the joins so high that it spent
  // more time compiling them (JIT) than running them.
  const series = (first: SQL, step: string, count: number) =>
    sql`(select ${first} + n * interval '${sql.raw(step)}' from generate_series(0, ${sql.raw(String(Math.trunc(count) - 1))}) as n)`;
  const days = series(sql`${b.from}::date`, '1 day', b.period);
  const weeks = series(sql`date_trunc('week', ${b.from}::date)`, '1 week', weeksTouched(b));
  const months = series(sql`date_trunc('month', ${b.from}::date)`, '1 month', monthsTouched(b));
  const asDay = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;
  const paid = sql`status = 'paid' and ${inPeriod(sql`paid_at`)}`;

  return {
    pendingCount: sql`select count(*)::int as count from properties where approval = 'pending'`,
    // Waiting since the last change: a listing edited after review waits for review again.
    pendingOldest: sql`
      select p.id, p.title, p.location, u.name as agent_name, u.email as agent_email,
        p.updated_at as waiting_since,
        floor(extract(epoch from (${now.toISOString()}::timestamptz - p.updated_at)) / 86400)::int as age_days
      from properties p
      join users u on u.id = p.agent_id
      where p.approval = 'pending'
      order by p.updated_at, p.id
      limit ${BUSINESS_LIMITS.dashboardPendingShown}`,
    // Every decision an admin took, counted per day as the approval route records it.
    decisions: sql`
      select ${asDay(sql`d.day`)} as day,
        coalesce(a.approved, 0)::int as approved, coalesce(a.rejected, 0)::int as rejected
      from ${days} as d(day)
      left join listing_decision_days a on a.day = d.day
      order by d.day`,
    newUsers: sql`
      select ${asDay(sql`d.day`)} as day,
        ${sql.join(
          ROLES.map(
            (role) => sql`coalesce(u.${sql.identifier(role)}, 0)::int as ${sql.identifier(role)}`,
          ),
          sql`, `,
        )}
      from ${days} as d(day)
      left join (
        select ${utcDay(sql`created_at`)} as day,
          ${sql.join(
            ROLES.map(
              (role) => sql`count(*) filter (where role = ${role}) as ${sql.identifier(role)}`,
            ),
            sql`, `,
          )}
        from users
        where ${inPeriod(sql`created_at`)}
        group by 1
      ) u on u.day = d.day
      order by d.day`,
    // Weeks start on Monday (ISO); the first and last weeks count only their days in the period.
    offersByWeek: sql`
      select ${asDay(sql`w.week`)} as week,
        coalesce(sum(x.made), 0)::int as made, coalesce(sum(x.accepted), 0)::int as accepted,
        coalesce(sum(x.paid), 0)::int as paid
      from ${weeks} as w(week)
      -- One join of the three counts: three joins in a row, each guessed large, made PostgreSQL
      -- compile the statement (JIT) for longer than it runs.
      left join (
        select date_trunc('week', created_at at time zone 'UTC') as week,
          count(*) as made, 0 as accepted, 0 as paid
        from offers where ${inPeriod(sql`created_at`)} group by 1
        union all
        select date_trunc('week', accepted_at at time zone 'UTC'), 0, count(*), 0
        from offers where accepted_at is not null and ${inPeriod(sql`accepted_at`)} group by 1
        union all
        select date_trunc('week', paid_at at time zone 'UTC'), 0, 0, count(*)
        from payments where ${paid} group by 1
      ) x on x.week = w.week
      group by w.week
      order by w.week`,
    salesByMonth: sql`
      select to_char(m.month, 'YYYY-MM') as month,
        coalesce(s.sales, 0)::int as sales, coalesce(s.cents, 0)::bigint as cents
      from ${months} as m(month)
      left join (
        select date_trunc('month', paid_at at time zone 'UTC') as month,
          count(*) as sales, sum(amount_cents) as cents
        from payments where ${paid} group by 1
      ) s on s.month = m.month
      order by m.month`,
    topLocationsByListings: sql`
      select location, count(*)::int as listings
      from properties
      where ${inPeriod(sql`created_at`)}
      group by location
      order by listings desc, location
      limit ${BUSINESS_LIMITS.dashboardTopLocations}`,
    // A sale whose listing was deleted since has no location left to count it under.
    topLocationsBySales: sql`
      select p.location, count(*)::int as sales, sum(y.amount_cents)::bigint as cents
      from payments y
      -- Each sale's listing by its key: a year's sales are a few thousand lookups, where joining
      -- the other way round read every listing.
      cross join lateral (
        select location from properties where id = y.property_id limit 1
      ) p
      where y.status = 'paid' and ${inPeriod(sql`y.paid_at`)}
      group by p.location
      order by sales desc, cents desc, p.location
      limit ${BUSINESS_LIMITS.dashboardTopLocations}`,
  };
}

const dollars = (cents: unknown) => Number(cents ?? 0) / 100;
const int = (value: unknown) => Number(value ?? 0);

export async function marketplaceDashboard(
  db: Database,
  period: number,
  now: Date,
): Promise<MarketplaceDashboard> {
  const b = dashboardBounds(period, now);
  const queries = dashboardQueries(b, now);
  // PGlite answers one at a time; PostgreSQL's pool answers these side by side.
  const [[pending], oldest, decisions, newUsers, offersByWeek, salesByMonth, byListings, bySales] =
    (await Promise.all(
      [
        queries.pendingCount,
        queries.pendingOldest,
        queries.decisions,
        queries.newUsers,
        queries.offersByWeek,
        queries.salesByMonth,
        queries.topLocationsByListings,
        queries.topLocationsBySales,
      ].map((query) => queryRows<Row>(db, query as SQL)),
    )) as [Row[], Row[], Row[], Row[], Row[], Row[], Row[], Row[]];

  return {
    period,
    from: b.from,
    to: b.to,
    pending: {
      count: int(pending?.count),
      oldest: oldest.map((row) => ({
        _id: String(row.id),
        title: String(row.title),
        location: String(row.location),
        agentName: String(row.agent_name),
        agentEmail: String(row.agent_email),
        waitingSince: new Date(row.waiting_since as string | Date).toISOString(),
        ageDays: Math.max(0, int(row.age_days)),
      })),
    },
    decisions: decisions.map((row) => ({
      day: String(row.day),
      approved: int(row.approved),
      rejected: int(row.rejected),
    })),
    newUsers: newUsers.map((row) => ({
      day: String(row.day),
      ...(Object.fromEntries(ROLES.map((role) => [role, int(row[role])])) as Record<Role, number>),
    })),
    offersByWeek: offersByWeek.map((row) => ({
      week: String(row.week),
      made: int(row.made),
      accepted: int(row.accepted),
      paid: int(row.paid),
    })),
    salesByMonth: salesByMonth.map((row) => ({
      month: String(row.month),
      sales: int(row.sales),
      volume: dollars(row.cents),
    })),
    topLocationsByListings: byListings.map((row) => ({
      location: String(row.location),
      listings: int(row.listings),
    })),
    topLocationsBySales: bySales.map((row) => ({
      location: String(row.location),
      sales: int(row.sales),
      volume: dollars(row.cents),
    })),
  };
}
