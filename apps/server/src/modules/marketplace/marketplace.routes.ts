import { ZDashboardQuery, ZExportParams, ZMarketplaceDashboard } from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses.js';
import { recordAudit } from '../audit/audit.service.js';
import { dashboardBounds, marketplaceDashboard } from './marketplace.service.js';
import { exportCsv, exportFileName } from './marketplace-export.js';

export const marketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/dashboard',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary:
          'The marketplace over the last 30, 90 or 365 days (admins): listings waiting for review, approvals and rejections, new accounts, offers, sales and the busiest locations',
        querystring: ZDashboardQuery,
        response: { 200: ZMarketplaceDashboard, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => marketplaceDashboard(app.db, request.query.period, new Date()),
  );

  app.get(
    '/api/admin/exports/:kind',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary:
          'Download as CSV the accounts or listings created, or the sales paid, in the last 30, 90 or 365 days (admins); streamed; audit-logged',
        params: ZExportParams,
        querystring: ZDashboardQuery,
        response: {
          200: z.string().meta({ description: 'CSV (RFC 4180), a header row first' }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const admin = await request.requireRole('admin');
      const { kind } = request.params;
      const bounds = dashboardBounds(request.query.period, new Date());
      // Who took which data out is on record before the first byte leaves.
      await recordAudit(app.db, {
        actor: admin,
        action: 'export.downloaded',
        targetType: 'export',
        targetId: kind,
        details: { period: bounds.period, from: bounds.from, to: bounds.to },
      });
      // The schema documents the body as text; Fastify sends a stream as it is, unserialised.
      const csv = exportCsv(app.db, kind, bounds) as unknown as string;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(kind, bounds)}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
