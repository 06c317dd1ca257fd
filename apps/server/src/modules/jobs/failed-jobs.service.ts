import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { failedJobs } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/session-user.js';
import type { JobQueue } from './job-queue.js';

export const FAILED_JOB_MESSAGES = {
  notFound: 'This failed job is no longer listed: it may already be running again.',
  alreadyQueued: 'This job is already queued or done.',
  kindNotRun: 'Jobs of this kind no longer run, so this one cannot run again.',
  queued: 'The job will run again shortly.',
} as const;

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

/**
 * An admin gives a dead letter one more try (the mail server is back, say): it leaves the list
 * and its job is queued in the same transaction, so it is never both listed and running, nor
 * neither. Failing again lists it again.
 */
export async function runFailedJobAgain(
  db: Database,
  jobs: JobQueue,
  admin: SessionUser,
  id: string,
) {
  await db.transaction(async (tx) => {
    const [failed] = await tx.delete(failedJobs).where(eq(failedJobs.id, id)).returning();
    if (!failed) throw notFound(FAILED_JOB_MESSAGES.notFound);
    const outcome = await jobs.runAgain(
      { queue: failed.queue, jobId: failed.jobId, key: failed.key, data: failed.data },
      tx,
    );
    if (outcome === 'already-queued') throw conflict(FAILED_JOB_MESSAGES.alreadyQueued);
    if (outcome === 'kind-not-run') throw conflict(FAILED_JOB_MESSAGES.kindNotRun);
    await recordAudit(tx, {
      actor: admin,
      action: 'job.run_again',
      targetType: 'job',
      targetId: failed.jobId,
      details: { queue: failed.queue, key: failed.key },
      before: { error: failed.error, attempts: failed.attempts },
      after: null,
    });
  });
}
