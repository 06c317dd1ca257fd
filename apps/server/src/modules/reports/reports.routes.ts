import {
  ACCOUNT_RECOVERY_MESSAGES,
  REPORT_MESSAGES,
  type ReportDecision,
  ZMessageResponse,
  ZMyListingReport,
  ZPropertyIdParams,
  ZReportDecisionParams,
  ZReportDecisionRequest,
  ZReportListingRequest,
  ZReportQueue,
  ZReportQueueQuery,
} from '@keyhaven/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, forbidden } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';
import { requireVerifiedEmail } from '../auth/verified-email.js';
import { paymentDeadlineChanged, reportsDecided } from '../notifications/notification-events.js';
import { decideReports, myReport, reportListing, reportQueue } from './reports.service.js';

/** What the admin is told a decision did. */
const DECIDED_MESSAGES: Record<ReportDecision, string> = {
  dismiss: REPORT_MESSAGES.dismissed,
  request_correction: REPORT_MESSAGES.correctionRequested,
  remove_listing: REPORT_MESSAGES.listingRemoved,
  mark_agent_fraud: REPORT_MESSAGES.agentMarkedFraud,
};

/**
 * Reports per account and hour, where the app's other limits are counted (Redis when several
 * instances share them). A fraud account is refused before it is counted: it may not report at
 * all. Counted after validation, so a form sent back for a missing reason costs nothing; past
 * the limit the answer is 429 with Retry-After, in the product's words.
 */
function reportAllowance(app: FastifyInstance) {
  const count = app.createRateLimit({
    max: app.accountLimits.report,
    timeWindow: '1 hour',
    keyGenerator: async (request) => `reports:${(await request.requireUser()).id}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if ((await request.requireUser()).role === 'fraud') throw forbidden();
    const limit = await count(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', limit.ttlInSeconds);
      throw new AppError('RATE_LIMITED', REPORT_MESSAGES.tooMany);
    }
  };
}

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const withinAllowance = reportAllowance(app);

  app.post(
    '/api/properties/:id/reports',
    {
      // The report that reaches the threshold takes the listing out of search; the others change
      // no listing and keep the caches.
      config: { access: 'signed-in', changesListings: { listingParam: 'id' } },
      preHandler: withinAllowance,
      schema: {
        tags: ['reports'],
        summary:
          'Report a listing to the admins (anyone signed in but its agent and fraud accounts; listings buyers can see only); one open report per person and listing; three confirmed buyers in good standing (not agents, not new accounts, not people whose reports were dismissed) hide it until an admin decides, pausing the payment deadline of its accepted offer',
        params: ZPropertyIdParams,
        body: ZReportListingRequest,
        response: {
          201: ZMessageResponse,
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const reporter = await request.requireUser();
      // Reports hide listings: only an address someone confirmed counts as a person.
      requireVerifiedEmail(reporter, ACCOUNT_RECOVERY_MESSAGES.verifyBeforeReport);
      const filed = await app.notifications.changeAndTell(
        (tx) => reportListing(tx, reporter, request.params.id, request.body),
        (tx, { deadline }) => paymentDeadlineChanged(tx, deadline),
      );
      // Only the report that hides the listing changes what listing pages show.
      if (!filed.hidden) request.listingsUnchanged();
      return reply.status(201).send({ message: REPORT_MESSAGES.reported });
    },
  );

  app.get(
    '/api/properties/:id/my-report',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reports'],
        summary: "The caller's open report on a listing, or null",
        params: ZPropertyIdParams,
        response: { 200: ZMyListingReport, ...errorResponses(400, 401) },
      },
    },
    async (request) => myReport(app.db, (await request.requireUser()).id, request.params.id),
  );

  app.get(
    '/api/admin/reports',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['reports'],
        summary:
          'Listings with open reports (admins), the most reported first, then the longest waiting; each with its agent, its reports and their reasons counted',
        querystring: ZReportQueueQuery,
        response: { 200: ZReportQueue, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => reportQueue(app.db, request.query.page, request.query.limit),
  );

  app.post(
    '/api/admin/reports/:propertyId/decision',
    {
      config: { access: ['admin'], changesListings: true },
      schema: {
        tags: ['reports'],
        summary:
          "Decide on every open report of a listing at once (admins): dismiss (a listing they held returns to search), ask its agent for a correction (it waits for review with the admin's note), remove the listing, or mark its agent as fraud; reporters are told the outcome; audit-logged",
        params: ZReportDecisionParams,
        body: ZReportDecisionRequest,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = await request.requireRole('admin');
      const { decision, note } = request.body;
      await app.notifications.changeAndTell(
        (tx) => decideReports(tx, admin, request.params.propertyId, decision, note),
        async (tx, decided) => [
          ...reportsDecided(decided, new Date()),
          ...(await paymentDeadlineChanged(tx, decided.deadline)),
        ],
      );
      return { message: DECIDED_MESSAGES[decision] };
    },
  );
};
