import { ZMessageResponse, ZSessionResponse } from '@keyhaven/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toUserView } from './user-view.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, or null',
        response: { 200: ZSessionResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await request.currentUser();
      return { user: user ? toUserView(user) : null };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current session',
        response: { 200: ZMessageResponse },
      },
    },
    async (request, reply) => {
      const response = await app.auth.api.signOut({
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      return { message: 'Signed out' };
    },
  );
};
