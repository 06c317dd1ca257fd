import {
  NOTIFICATION_MESSAGES,
  ZMessageResponse,
  ZUnsubscribeQuery,
  ZUnsubscribeRequest,
} from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';
import { resolveSessionSecret } from '../../lib/session-secret.js';
import { unsubscribe } from './unsubscribe.service.js';
import { readUnsubscribeToken } from './unsubscribe-token.js';

/** A form body as its fields; a repeated field keeps its last value. */
function formFields(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = resolveSessionSecret(app.config);
  // Mail programs send one-click unsubscribes as a form (RFC 8058); only this route reads forms.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (request, body, done) => {
      const type = request.headers['content-type'] ?? '';
      // A multipart one-click form says nothing the address does not: the token is in the URL.
      done(null, type.startsWith('multipart/') ? {} : formFields(body as string));
    },
  );

  app.post(
    '/api/unsubscribe',
    {
      // Mail providers unsubscribe on behalf of many people from a few addresses, so the limit is
      // wider than for a form a person fills in; it still stops anyone trying tokens by the thousand.
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['notifications'],
        summary:
          'One-click unsubscribe (RFC 8058) from saved-search alerts or the newsletter with a signed token',
        querystring: ZUnsubscribeQuery.partial(),
        body: ZUnsubscribeRequest.optional(),
        response: { 200: ZMessageResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const token = request.query.token ?? request.body?.token;
      const claim = token ? readUnsubscribeToken(secret, token) : null;
      if (!claim) throw new AppError('VALIDATION_FAILED', NOTIFICATION_MESSAGES.unsubscribeInvalid);
      await unsubscribe(app.db, claim);
      return { message: NOTIFICATION_MESSAGES.unsubscribed };
    },
  );
};
