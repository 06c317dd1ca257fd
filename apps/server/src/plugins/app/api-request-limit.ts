import { REQUEST_MESSAGES } from '@keyhaven/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.js';
import { isPageRender } from '../../lib/page-render-mark.js';
import { throttleAddress } from '../../modules/auth/login-throttle.js';

/** Routes that are not the API: photos, the basemap, health checks and what crawlers read. */
const NOT_API = ['/uploads/', '/map/', '/healthz', '/readyz', '/robots.txt', '/sitemap.xml'];
const WINDOW_MS = 60_000;

/**
 * Every API route counts the requests of each client address (IPv6 by /64) in minute windows
 * of the clock, shared by every instance through the app's counters (Redis when REDIS_URL is
 * set). Past `apiRequestsPerMinute` the address is answered 429 with Retry-After until the
 * minute ends: one client, however fast, cannot take the server's time from everyone else.
 * Pages, built files and photos are not counted, nor the reads of pages rendered here.
 */
export const apiRequestLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const max = app.config.apiRequestsPerMinute;
    const countRequest: onRequestHookHandler = async (request, reply) => {
      if (isPageRender(request)) return;
      const now = Date.now();
      const window = Math.floor(now / WINDOW_MS);
      const count = await app.counters.hit(
        `api:${throttleAddress(request.ip)}:${window}`,
        WINDOW_MS,
      );
      if (count <= max) return;
      const retryAfter = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
      reply.header('retry-after', String(retryAfter));
      throw new AppError('RATE_LIMITED', REQUEST_MESSAGES.tooManyRequests(retryAfter));
    };

    app.addHook('onRoute', (route) => {
      const access = (route.config as { access?: unknown } | undefined)?.access;
      if (access === undefined || NOT_API.some((prefix) => route.url.startsWith(prefix))) return;
      route.onRequest = [countRequest, ...[route.onRequest ?? []].flat()];
    });
  },
  { name: 'api-request-limit' },
);
