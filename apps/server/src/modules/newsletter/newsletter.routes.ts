import {
  NEWSLETTER_MESSAGES,
  ZMessageResponse,
  ZSubscribeRequest,
  ZSubscriptionConfirmRequest,
} from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';
import {
  confirmSubscription,
  NEWSLETTER_QUEUE,
  requestSubscription,
  subscribe,
} from './newsletter.service.js';

/** Newsletter sign-ups one client address may make in an hour. */
export const SIGN_UPS_PER_HOUR = 5;

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.handle<{ email: string }>(NEWSLETTER_QUEUE, ({ email }) => subscribe(app, email));

  app.post(
    '/api/subscribe',
    {
      // A visitor subscribes once or twice; more from one address is someone filling the list
      // with other people's e-mails. Only sign-ups that are taken count: counted after
      // validation, a mistyped address costs nothing.
      config: {
        access: 'public',
        rateLimit: {
          max: SIGN_UPS_PER_HOUR,
          timeWindow: '1 hour',
          hook: 'preHandler',
          errorResponseBuilder: (_request, { ttl }) =>
            new AppError(
              'RATE_LIMITED',
              NEWSLETTER_MESSAGES.tooManySignUps(Math.max(1, Math.ceil(ttl / 60_000))),
            ),
        },
      },
      schema: {
        tags: ['newsletter'],
        summary:
          'Subscribe an e-mail to the newsletter (5 an hour per address): mails a link that confirms it (3 an hour per e-mail); nothing else is sent until it is confirmed; subscribing twice is fine',
        body: ZSubscribeRequest,
        response: { 200: ZMessageResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await requestSubscription(app, request.body.email);
      // The same answer either way, so the form does not reveal who is subscribed.
      return { message: NEWSLETTER_MESSAGES.confirmSent };
    },
  );

  app.post(
    '/api/subscribe/confirm',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: {
        tags: ['newsletter'],
        summary:
          'Confirm a newsletter subscription with the token from the mailed link (works once, for a week); the welcome follows',
        body: ZSubscriptionConfirmRequest,
        response: { 200: ZMessageResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      if (!(await confirmSubscription(app, request.body.token))) {
        throw new AppError('VALIDATION_FAILED', NEWSLETTER_MESSAGES.confirmInvalid);
      }
      return { message: NEWSLETTER_MESSAGES.confirmed };
    },
  );
};
