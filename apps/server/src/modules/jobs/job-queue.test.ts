import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/helpers/accounts.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { createTestDatabase } from '../../../test/helpers/test-database.js';
import { queryRows } from '../../db/client.js';
import { failedJobs } from '../../db/schema.js';
import { PgBossJobQueue } from './job-queue.js';

const silent = pino({ level: 'silent' });

describe('the job queue', () => {
  const context = useTestApp();

  it('runs a queued job when drained, once however often its key is sent', async () => {
    const seen: string[] = [];
    context.app.jobs.handle<{ word: string }>('test-echo', async (data) => {
      seen.push(data.word);
    });

    await context.app.jobs.send('test-echo', { word: 'first' }, { key: 'echo:1' });
    await context.app.jobs.send('test-echo', { word: 'again' }, { key: 'echo:1' });
    await context.app.jobs.send('test-echo', { word: 'second' }, { key: 'echo:2' });
    await context.app.jobs.drain();

    expect(seen.sort()).toEqual(['first', 'second']);
  });

  it('runs the jobs a job queues in the same drain', async () => {
    const seen: string[] = [];
    context.app.jobs.handle<{ n: number }>('test-chain', async (data) => {
      seen.push(`step ${data.n}`);
      if (data.n < 3) {
        await context.app.jobs.send(
          'test-chain',
          { n: data.n + 1 },
          { key: `chain:${data.n + 1}` },
        );
      }
    });

    await context.app.jobs.send('test-chain', { n: 1 }, { key: 'chain:1' });
    await context.app.jobs.drain();

    expect(seen).toEqual(['step 1', 'step 2', 'step 3']);
  });

  it('queues a job sent inside a transaction only when the transaction commits', async () => {
    const seen: string[] = [];
    context.app.jobs.handle<{ outcome: string }>('test-in-transaction', async (data) => {
      seen.push(data.outcome);
    });
    // A queue handled after start is created in turn; the app's own exist from its start.
    await context.app.jobs.drain();
    const sendInside = (outcome: string) =>
      context.app.db.transaction(async (tx) => {
        await context.app.jobs.send('test-in-transaction', { outcome }, { key: outcome, tx });
        if (outcome === 'rolled back') tx.rollback();
      });

    await sendInside('committed');
    await expect(sendInside('rolled back')).rejects.toThrow();
    await context.app.jobs.drain();

    expect(seen).toEqual(['committed']);
  });

  it('leaves a job that is not due yet for later', async () => {
    const seen: string[] = [];
    context.app.jobs.handle<object>('test-later', async () => {
      seen.push('ran');
    });

    await context.app.jobs.send(
      'test-later',
      {},
      { key: 'later', startAfter: new Date(Date.now() + 3_600_000) },
    );
    await context.app.jobs.drain();

    expect(seen).toEqual([]);
  });

  it('tries a failing job again, then records it once as a dead letter', async () => {
    const attempts: number[] = [];
    context.app.jobs.handle<{ order: string }>(
      'test-always-failing',
      async (_data, job) => {
        attempts.push(job.attempt);
        throw new Error('the far side is down');
      },
      { retryLimit: 1, retryDelaySeconds: 0 },
    );

    await context.app.jobs.send('test-always-failing', { order: 'o-1' }, { key: 'failing:o-1' });
    await context.app.jobs.drain();
    await context.app.jobs.drain();

    expect(attempts).toEqual([1, 2]);
    const rows = await context.app.db.select().from(failedJobs);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      queue: 'test-always-failing',
      key: 'failing:o-1',
      data: { order: 'o-1' },
      error: 'the far side is down',
      attempts: 2,
    });
  });

  it('succeeds on a later try without a dead letter', async () => {
    let tries = 0;
    context.app.jobs.handle<object>(
      'test-flaky',
      async () => {
        tries += 1;
        if (tries === 1) throw new Error('a passing hiccup');
      },
      { retryLimit: 2, retryDelaySeconds: 0 },
    );

    await context.app.jobs.send('test-flaky', {}, { key: 'flaky' });
    await context.app.jobs.drain();

    expect(tries).toBe(2);
    expect(await context.app.db.select().from(failedJobs)).toEqual([]);
  });
});

describe('a daily schedule', () => {
  it('is kept in the database in UTC, once however often the queue starts', async () => {
    const database = await createTestDatabase();
    try {
      for (let start = 0; start < 2; start += 1) {
        const queue = new PgBossJobQueue(database, { work: false, log: silent });
        queue.handle('test-digest', async () => {});
        queue.schedule('test-digest', '0 7 * * *');
        await queue.start();
        await queue.stop();
      }
      const schedules = await queryRows<{ name: string; cron: string; timezone: string }>(
        database.db,
        sql`select name, cron, timezone from pgboss.schedule`,
      );
      expect(schedules).toEqual([{ name: 'test-digest', cron: '0 7 * * *', timezone: 'UTC' }]);
    } finally {
      await database.destroy();
    }
  });
});

describe('the dead letters an admin reads', () => {
  const context = useTestApp();

  it('lists the jobs that failed for good, newest first, to admins only', async () => {
    context.app.jobs.handle<{ n: number }>(
      'test-dead-letters',
      async (data) => {
        throw new Error(`refused ${data.n}`);
      },
      { retryLimit: 0, retryDelaySeconds: 0 },
    );
    await context.app.jobs.send('test-dead-letters', { n: 1 }, { key: 'dead:1' });
    await context.app.jobs.drain();
    await context.app.jobs.send('test-dead-letters', { n: 2 }, { key: 'dead:2' });
    await context.app.jobs.drain();
    const admin = await createAccount(context.app, 'admin');
    const user = await createAccount(context.app, 'user');
    const url = '/api/admin/failed-jobs?page=1&limit=20';

    const answer = await context.app.inject({ url, headers: admin.bearer });

    expect(answer.statusCode).toBe(200);
    const page = answer.json();
    expect(page.total).toBe(2);
    expect(page.items).toEqual([
      expect.objectContaining({
        queue: 'test-dead-letters',
        key: 'dead:2',
        error: 'refused 2',
        attempts: 1,
      }),
      expect.objectContaining({
        queue: 'test-dead-letters',
        key: 'dead:1',
        error: 'refused 1',
        attempts: 1,
      }),
    ]);
    expect(page.items[0]).not.toHaveProperty('data');
    expect((await context.app.inject({ url, headers: user.bearer })).statusCode).toBe(403);
    expect((await context.app.inject({ url })).statusCode).toBe(401);
  });
});

describe('running a dead letter again', () => {
  const context = useTestApp();
  const runAgain = (id: string, account: { bearer: { authorization: string } }) =>
    context.app.inject({
      method: 'POST',
      url: `/api/admin/failed-jobs/${id}/run-again`,
      headers: account.bearer,
    });
  const listed = () => context.app.db.select().from(failedJobs);

  it('takes it off the list and runs it once more; failing again lists it again; the trail names the admin', async () => {
    let farSideUp = false;
    const delivered: string[] = [];
    context.app.jobs.handle<{ to: string }>(
      'test-mail-again',
      async (data) => {
        if (!farSideUp) throw new Error('the mail server is down');
        delivered.push(data.to);
      },
      { retryLimit: 0, retryDelaySeconds: 0 },
    );
    await context.app.jobs.send('test-mail-again', { to: 'a@example.test' }, { key: 'again:a' });
    await context.app.jobs.drain();
    const admin = await createAccount(context.app, 'admin');

    // Still down: tried once more, then listed again, with no second row for one job.
    const [first] = await listed();
    expect((await runAgain(String(first?.id), admin)).json()).toEqual({
      message: 'The job will run again shortly.',
    });
    expect(await listed()).toEqual([]);
    await context.app.jobs.drain();
    const [second] = await listed();
    expect(second).toMatchObject({ jobId: first?.jobId, error: 'the mail server is down' });

    // Back up: the next try delivers, and nothing is listed.
    farSideUp = true;
    expect((await runAgain(String(second?.id), admin)).statusCode).toBe(200);
    await context.app.jobs.drain();
    expect(delivered).toEqual(['a@example.test']);
    expect(await listed()).toEqual([]);
    // A second press on a row that is gone says so.
    const again = await runAgain(String(second?.id), admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(
      'This failed job is no longer listed: it may already be running again.',
    );

    const trail = await queryRows<{ action: string; actor_id: string; target_id: string }>(
      context.app.db,
      sql`select action, actor_id, target_id from audit_log where action = 'job.run_again'`,
    );
    expect(trail).toEqual([
      { action: 'job.run_again', actor_id: admin.id, target_id: first?.jobId },
      { action: 'job.run_again', actor_id: admin.id, target_id: first?.jobId },
    ]);
  });

  it('refuses, and keeps listed, a job of a kind this version no longer runs', async () => {
    const [retired] = await context.app.db
      .insert(failedJobs)
      .values({
        queue: 'a-retired-queue',
        jobId: '00000000-0000-4000-8000-00000000aaaa',
        key: 'retired:1',
        error: 'refused',
        attempts: 6,
      })
      .returning();
    const admin = await createAccount(context.app, 'admin');

    const refused = await runAgain(String(retired?.id), admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'Jobs of this kind no longer run, so this one cannot run again.',
    );
    expect((await listed()).map((row) => row.id)).toContain(retired?.id);
  });

  it('sends the work anew when the queue no longer keeps the failed job', async () => {
    const delivered: string[] = [];
    let farSideUp = false;
    context.app.jobs.handle<{ to: string }>(
      'test-mail-forgotten',
      async (data) => {
        if (!farSideUp) throw new Error('refused');
        delivered.push(data.to);
      },
      { retryLimit: 0, retryDelaySeconds: 0 },
    );
    await context.app.jobs.send('test-mail-forgotten', { to: 'b@example.test' }, { key: 'gone:b' });
    await context.app.jobs.drain();
    const [failed] = await listed();
    // The queue's upkeep deletes old jobs; the dead letter keeps what is needed to run it.
    await context.app.db.execute(sql`delete from pgboss.job where id = ${failed?.jobId}::uuid`);
    farSideUp = true;
    const admin = await createAccount(context.app, 'admin');

    expect((await runAgain(String(failed?.id), admin)).statusCode).toBe(200);
    await context.app.jobs.drain();
    expect(delivered).toEqual(['b@example.test']);
    expect(await listed()).toEqual([]);
  });
});

describe('the job queue with workers', () => {
  const context = useTestApp({ JOB_WORKERS: 'true' });

  it('runs a job without being drained', async () => {
    const seen: string[] = [];
    context.app.jobs.handle<{ word: string }>('test-worked', async (data) => {
      seen.push(data.word);
    });

    await context.app.jobs.send('test-worked', { word: 'hello' }, { key: 'worked:1' });
    while (seen.length === 0) await sleep(50);

    expect(seen).toEqual(['hello']);
  });
});
