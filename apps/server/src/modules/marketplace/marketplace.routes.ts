import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const marketplaceRoutes: FastifyPluginAsyncZod = async () => {};
