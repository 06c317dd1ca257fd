import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';

/** One queue's backlog as a scrape reports it. */
export interface JobQueueStats {
  queue: string;
  /** Jobs due to run and not started: new ones and retries whose wait is over. */
  queued: number;
  /** How long the longest-waiting of them has been due, in seconds (0 when none is). */
  oldestQueuedSeconds: number;
  /** Jobs that failed their last try and wait in the admins' list (failed_jobs). */
  failed: number;
}

/**
 * Every queue's backlog in one query. pg-boss keeps unfinished jobs under a partial index on
 * (name, state, ..., start_after), and failed_jobs holds only what admins have yet to look at,
 * so this reads little however many jobs are done. Jobs planned for later (an offer's payment
 * deadline) are not a backlog and are not counted.
 */
export async function jobQueueStats(db: Database): Promise<JobQueueStats[]> {
  const rows = await queryRows<{
    queue: string;
    queued: number;
    oldest_queued_seconds: number;
    failed: number;
  }>(
    db,
    sql`select q.name as queue,
          count(j.id)::int as queued,
          coalesce(extract(epoch from now() - min(j.start_after)), 0)::float8 as oldest_queued_seconds,
          (select count(*) from failed_jobs f where f.queue = q.name)::int as failed
        from pgboss.queue q
        left join pgboss.job j
          on j.name = q.name and j.state in ('created', 'retry') and j.start_after <= now()
        group by q.name
        order by q.name`,
  );
  return rows.map((row) => ({
    queue: row.queue,
    queued: Number(row.queued),
    oldestQueuedSeconds: Math.max(0, Number(row.oldest_queued_seconds)),
    failed: Number(row.failed),
  }));
}
