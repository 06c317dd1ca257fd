import { ZAuditLogPage, ZAuditLogQuery } from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';
import { listAuditLog } from './audit-log.service.js';

/*
 * The audit trail is read-only through the API: this module registers GET routes only, and the
 * database refuses any UPDATE or DELETE of its rows and its emptying (triggers
 * `audit_log_append_only`, `audit_log_no_truncate`).
 */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit-log',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary:
          'The audit trail of admin actions, newest first (admin): filter by actor (id or part of the e-mail), action, target and UTC days; each entry shows before and after',
        querystring: ZAuditLogQuery,
        response: { 200: ZAuditLogPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, limit, ...filters } = request.query;
      return listAuditLog(app.db, filters, page, limit);
    },
  );
};
