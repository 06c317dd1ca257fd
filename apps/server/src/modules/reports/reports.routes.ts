import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const reportsRoutes: FastifyPluginAsyncZod = async () => {};
