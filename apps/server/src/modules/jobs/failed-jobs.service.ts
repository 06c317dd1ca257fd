import { count, desc } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { failedJobs } from '../../db/schema.js';

/** The jobs that failed for good, newest first, as an admin reads them. */
export async function listFailedJobs(db: Database, page: number, limit: number) {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(failedJobs)
      .orderBy(desc(failedJobs.failedAt), desc(failedJobs.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(failedJobs),
  ]);
  return {
    items: rows.map((row) => ({
      _id: row.id,
      queue: row.queue,
      key: row.key,
      error: row.error,
      attempts: row.attempts,
      failedAt: row.failedAt.toISOString(),
    })),
    total: totals?.total ?? 0,
  };
}
