import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const auditLogRoutes: FastifyPluginAsyncZod = async () => {};
