import { NEWSLETTER_MESSAGES, ZMessageResponse, ZSubscribeRequest } from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';
import { subscribe } from './newsletter.service.js';

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/subscribe',
    {
      // A visitor subscribes once or twice; more from one address is someone filling the list
      // with other people's e-mails.
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 hour' } },
      schema: {
        tags: ['newsletter'],
        summary:
          'Subscribe an e-mail to the newsletter (5 an hour per address); subscribing twice is fine',
        body: ZSubscribeRequest,
        response: { 200: ZMessageResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await subscribe(app, request.body.email);
      // The same answer either way, so the form does not reveal who is subscribed.
      return { message: NEWSLETTER_MESSAGES.subscribed };
    },
  );
};
