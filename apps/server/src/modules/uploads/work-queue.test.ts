import { describe, expect, it } from 'vitest';
import { BUSY_RETRY_AFTER_SECONDS, createWorkQueue, QueueFullError } from './work-queue.js';

/** A job the test finishes (or fails) when it chooses, recording when it started. */
function controllable(started: string[], name: string) {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    job: () => {
      started.push(name);
      return done;
    },
    finish: () => finish(name),
    fail: (error: Error) => fail(error),
  };
}

/** Lets every settled promise run its callbacks. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the image work queue', () => {
  it('runs at most `concurrency` jobs at a time, then the waiting ones in order', async () => {
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 3 });
    const started: string[] = [];
    const jobs = ['a', 'b', 'c', 'd'].map((name) => controllable(started, name));
    // Settled as they finish, so a failed job is never an unhandled rejection meanwhile.
    const outcomes = Promise.allSettled(jobs.map((job) => queue.run(job.job)));

    expect(started).toEqual(['a', 'b']);
    expect([queue.running, queue.waiting, queue.full]).toEqual([2, 2, false]);

    jobs[1]?.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    expect([queue.running, queue.waiting]).toEqual([2, 1]);

    jobs[0]?.fail(new Error('broken image'));
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);

    jobs[2]?.finish();
    jobs[3]?.finish();
    expect(
      (await outcomes).map((o) => (o.status === 'fulfilled' ? o.value : o.reason.message)),
    ).toEqual(['broken image', 'b', 'c', 'd']);
    expect([queue.running, queue.waiting, queue.full]).toEqual([0, 0, false]);
  });

  it('refuses a job at once when every worker is busy and the line is full', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 1 });
    const started: string[] = [];
    const running = controllable(started, 'running');
    const waiting = controllable(started, 'waiting');
    const first = queue.run(running.job);
    const second = queue.run(waiting.job);
    expect(queue.full).toBe(true);

    const refused = controllable(started, 'refused');
    const error = await queue.run(refused.job).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueueFullError);
    expect(error).toMatchObject({
      statusCode: 503,
      code: 'UNAVAILABLE',
      retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
    });
    expect(started).toEqual(['running']);

    // Once a turn frees up, jobs are taken again.
    running.finish();
    await first;
    expect(queue.full).toBe(false);
    const third = controllable(started, 'third');
    const accepted = queue.run(third.job);
    waiting.finish();
    await second;
    third.finish();
    await expect(accepted).resolves.toBe('third');
    expect(started).toEqual(['running', 'waiting', 'third']);
  });

  it('with no line at all, refuses everything beyond the running jobs', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0 });
    const started: string[] = [];
    const busy = controllable(started, 'busy');
    const result = queue.run(busy.job);
    expect(queue.full).toBe(true);
    await expect(queue.run(async () => 'never')).rejects.toBeInstanceOf(QueueFullError);
    busy.finish();
    await expect(result).resolves.toBe('busy');
  });

  it('refuses a concurrency below one', () => {
    expect(() => createWorkQueue({ concurrency: 0, maxWaiting: 1 })).toThrow(/concurrency/);
  });
});
