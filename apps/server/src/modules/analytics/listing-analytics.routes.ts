import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const listingAnalyticsRoutes: FastifyPluginAsyncZod = async () => {};
