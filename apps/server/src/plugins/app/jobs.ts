import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type JobQueue, PgBossJobQueue } from '../../modules/jobs/job-queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/*
 * The durable job queue (`app.jobs`). Plugins register their handlers while the app is built; the
 * queue starts once every one is known (onReady) and stops, letting jobs under way finish, before
 * the database closes.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const queue = new PgBossJobQueue(app.database, {
      work: app.config.jobs.work,
      log: app.log.child({ module: 'jobs' }),
    });
    app.decorate('jobs', queue);
    app.addHook('onReady', async () => queue.start());
    app.addHook('onClose', async () => queue.stop());
  },
  { name: 'jobs' },
);
