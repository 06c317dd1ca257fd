import {
  roleChangedMessage,
  ZMessageResponse,
  ZPageQuery,
  ZRoleResponse,
  ZRoleUpdateParams,
  ZUser,
  ZUserIdParams,
  ZUserList,
} from '@keyhaven/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';
import { toUserView } from '../auth/user-view.js';
import { roleChanged } from '../notifications/notification-events.js';
import { tourNotices } from '../tours/tour-notices.js';
import { endTours } from '../tours/tours-ended.js';
import { changeRole, deleteUser, findUser, listUsers } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A profile is readable by its owner and by admins; anyone else learns nothing about it. */
  async function readableProfile(request: FastifyRequest, uid: string) {
    const caller = await request.requireUser();
    if (caller.id !== uid && caller.role !== 'admin') throw forbidden();
    return findUser(app.db, uid);
  }

  app.get(
    '/auth/users/:uid',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: 'A user profile (self or admin)',
        params: ZUserIdParams,
        response: { 200: ZUser, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => toUserView(await readableProfile(request, request.params.uid)),
  );

  app.get(
    '/api/user-role/:uid',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: "A user's role (self or admin)",
        params: ZUserIdParams,
        response: { 200: ZRoleResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ role: (await readableProfile(request, request.params.uid)).role }),
  );

  app.get(
    '/api/all-users',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['users'],
        summary: 'Every user, newest first (admin); total in X-Total-Count',
        querystring: ZPageQuery,
        response: { 200: ZUserList, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await request.requireRole('admin');
      const { rows, total } = await listUsers(app.db, request.query.page, request.query.limit);
      reply.header('x-total-count', total);
      return rows.map(toUserView);
    },
  );

  app.patch(
    '/api/user-role-update/:userId/:newRole',
    {
      // A fraud agent's listings leave the public pages.
      config: { access: ['admin'], changesListings: true },
      schema: {
        tags: ['users'],
        summary: 'Change a role (admin): user->agent|admin, agent->admin|fraud',
        params: ZRoleUpdateParams,
        response: { 200: ZMessageResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = await request.requireRole('admin');
      const { userId, newRole } = request.params;
      await app.notifications.changeAndTell(
        async (tx) => {
          await changeRole(tx, admin, userId, newRole);
          // A buyer should not meet an agent marked as fraud: their coming tours are called off.
          return newRole === 'fraud' ? endTours(tx, { agentId: userId }, 'agentUnavailable') : [];
        },
        async (tx, endedTours) => [
          ...roleChanged({ userId, role: newRole, changedAt: new Date() }),
          ...(await tourNotices(tx, endedTours, app.config)),
        ],
      );
      return { message: roleChangedMessage(request.params.newRole) };
    },
  );

  app.delete(
    '/api/users/:uid',
    {
      // An agent's listings go with the account; a home reserved for a buyer is offered again.
      config: { access: ['admin'], changesListings: true },
      schema: {
        tags: ['users'],
        summary: 'Delete a user and their data (admin)',
        params: ZUserIdParams,
        response: { 200: ZMessageResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = await request.requireRole('admin');
      await deleteUser(app.db, admin, request.params.uid);
      app.sessionsEnded(request.params.uid);
      return { message: 'User deleted successfully' };
    },
  );
};
