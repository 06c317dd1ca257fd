import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

/**
 * Limits only the routes that ask for one (`config.rateLimit`). With Redis, every instance
 * counts against the same allowance.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { redis?: Redis }) => {
    await app.register(rateLimit, {
      global: false,
      ...(options.redis ? { redis: options.redis, nameSpace: 'keyhaven-rate:' } : {}),
    });
  },
  { name: 'rate-limit' },
);
