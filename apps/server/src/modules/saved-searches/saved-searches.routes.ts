import {
  ACCOUNT_RECOVERY_MESSAGES,
  type AlertFrequency,
  SAVED_SEARCH_MESSAGES,
  ZMessageResponse,
  ZSavedSearch,
  ZSavedSearchIdParams,
  ZSavedSearchList,
  ZSavedSearchRequest,
  ZSavedSearchUpdateRequest,
} from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';
import type { SessionUser } from '../auth/session-user.js';
import { requireVerifiedEmail } from '../auth/verified-email.js';
import {
  alertMatches,
  DIGEST_CRON,
  DIGEST_QUEUE,
  MATCH_QUEUE,
  type MatchJob,
  sendDigests,
} from './saved-search-alerts.js';
import {
  deleteSearch,
  markViewed,
  savedSearchesOf,
  saveSearch,
  updateSearch,
} from './saved-searches.service.js';

/** Alerts are e-mails: only an address its owner confirmed may ask for them. */
function requireConfirmedForAlerts(caller: SessionUser, alert: AlertFrequency | undefined) {
  if (alert !== undefined && alert !== 'off') {
    requireVerifiedEmail(caller, ACCOUNT_RECOVERY_MESSAGES.verifyBeforeAlerts);
  }
}

const FILTERS_RULES =
  '`filters` are the search page’s address parameters (`location`, `types`, `minPrice`, `bbox`, `polygon`...), checked with the search’s own rules; a refused value answers 400 naming `filters.<parameter>`. `page`, `limit`, `sort` and values the search ignores are dropped.';

export const savedSearchesRoutes: FastifyPluginAsyncZod = async (app) => {
  // A listing approved by an admin, or given an open house by its agent, is matched against the
  // saved searches in the background (the change queues it); daily matches wait for the digest.
  app.jobs.handle<MatchJob>(MATCH_QUEUE, (data) => alertMatches(app, data));
  app.jobs.handle(DIGEST_QUEUE, () => sendDigests(app));
  app.jobs.schedule(DIGEST_QUEUE, DIGEST_CRON);

  app.get(
    '/api/saved-searches',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['saved-searches'],
        summary:
          'The caller’s saved searches, newest first, with the homes matched since each was last opened',
        response: { 200: ZSavedSearchList, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      return savedSearchesOf(app.db, caller.id);
    },
  );

  app.post(
    '/api/saved-searches',
    {
      config: { access: 'signed-in', leavesAccounts: true },
      schema: {
        tags: ['saved-searches'],
        summary: 'Save the current search with a name and how often new matches are e-mailed',
        description: `${FILTERS_RULES} At most 50 saved searches per account (409 beyond). Alerts other than \`off\` need a confirmed e-mail address (403 EMAIL_NOT_VERIFIED).`,
        body: ZSavedSearchRequest,
        response: { 201: ZSavedSearch, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const caller = await request.requireUser();
      requireConfirmedForAlerts(caller, request.body.alert);
      const saved = await saveSearch(app.db, caller.id, request.body);
      return reply.status(201).send(saved);
    },
  );

  app.patch(
    '/api/saved-searches/:id',
    {
      config: { access: 'signed-in', leavesAccounts: true },
      schema: {
        tags: ['saved-searches'],
        summary:
          'Rename one of the caller’s saved searches or change how often it e-mails (alerts need a confirmed e-mail address)',
        params: ZSavedSearchIdParams,
        body: ZSavedSearchUpdateRequest,
        response: { 200: ZSavedSearch, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      requireConfirmedForAlerts(caller, request.body.alert);
      return updateSearch(app.db, caller.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/saved-searches/:id',
    {
      config: { access: 'signed-in', leavesAccounts: true },
      schema: {
        tags: ['saved-searches'],
        summary: 'Delete one of the caller’s saved searches',
        params: ZSavedSearchIdParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      await deleteSearch(app.db, caller.id, request.params.id);
      return { message: SAVED_SEARCH_MESSAGES.deleted };
    },
  );

  app.post(
    '/api/saved-searches/:id/viewed',
    {
      config: { access: 'signed-in', leavesAccounts: true },
      schema: {
        tags: ['saved-searches'],
        summary:
          'The caller opened one of their saved searches: its matches so far are no longer new',
        params: ZSavedSearchIdParams,
        response: { 200: ZSavedSearch, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      return markViewed(app.db, caller.id, request.params.id);
    },
  );
};
