import type { AgentFigures } from '@keyhaven/shared';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';

/** Rounds to one decimal, keeping null (nothing measured yet). */
const oneDecimal = (value: unknown) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;

/**
 * An agent's record, in one statement:
 * - homes sold: their listings with a paid sale;
 * - days to sale: from a listing's creation to its sale's payment, the median over their sales;
 * - response time: from a buyer's message (the first of those the agent has not answered yet) to
 *   the agent's next message in that conversation, and from a buyer's tour request to the agent's
 *   first answer (confirm, propose another time, or decline): the median over all answered ones
 *   together; a message or request still waiting for its answer is not counted;
 * - rating: the mean of the reviews of the agent, and how many there are.
 */
export async function agentFigures(db: Database, agentId: string): Promise<AgentFigures> {
  const [found] = await queryRows<Record<string, unknown>>(
    db,
    sql`
    with sales as (
      select extract(epoch from (p.paid_at - l.created_at)) / 86400 as days
      from properties l
      join payments p on p.property_id = l.id and p.status = 'paid'
      where l.agent_id = ${agentId}
    ),
    said as (
      select m.conversation_id, m.created_at, m.id,
        m.sender_id = c.agent_id as by_agent,
        lag(m.sender_id = c.agent_id) over (
          partition by m.conversation_id order by m.created_at, m.id
        ) as after_agent
      from conversations c
      join messages m on m.conversation_id = c.id
      where c.agent_id = ${agentId}
    ),
    waits as (
      select extract(epoch from (
        (select min(r.created_at) from said r
          where r.conversation_id = q.conversation_id and r.by_agent and r.created_at > q.created_at)
        - q.created_at)) / 60 as minutes
      from said q
      where not q.by_agent and coalesce(q.after_agent, true)
      union all
      select extract(epoch from (t.answered_at - t.created_at)) / 60
      from tours t
      where t.agent_id = ${agentId} and t.answered_at is not null
    ),
    rated as (
      select avg(rating)::float8 as rating, count(*)::int as reviews
      from reviews where agent_id = ${agentId}
    )
    select
      (select count(*)::int from sales) as "homesSold",
      (select percentile_cont(0.5) within group (order by days) from sales) as "medianDays",
      (select percentile_cont(0.5) within group (order by minutes) from waits) as "medianMinutes",
      rated.rating, rated.reviews
    from rated
  `,
  );
  const row = found ?? {};
  const minutes = row.medianMinutes;
  return {
    homesSold: Number(row.homesSold ?? 0),
    medianDaysToSale: oneDecimal(row.medianDays),
    medianResponseMinutes:
      minutes === null || minutes === undefined ? null : Math.round(Number(minutes)),
    rating: oneDecimal(row.rating),
    reviewCount: Number(row.reviews ?? 0),
  };
}
