import {
  REVIEW_MESSAGES,
  ZMessageResponse,
  ZPageQuery,
  ZPublicReviewList,
  ZReviewList,
  ZReviewQuery,
  ZReviewRequest,
  ZReviewSaved,
  ZUserIdParams,
} from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perAccount } from '../../lib/account-rate-limit.js';
import { AppError, forbidden } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';
import { sendListPage, withEtag } from '../../lib/list-page.js';
import { reviewReceived } from '../notifications/notification-events.js';
import {
  deleteReview,
  listReviews,
  reviewsBy,
  reviewsOfListing,
  saveReview,
  toPublicReview,
  websiteReviews,
} from './reviews.service.js';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/reviews',
    {
      config: { access: ['user'], rateLimit: perAccount(app, 'review') },
      schema: {
        tags: ['reviews'],
        summary:
          'Review the website or a listing (buyers with a confirmed e-mail address, 10 an hour); a second review of the website or of one listing replaces the first',
        body: ZReviewRequest,
        response: { 200: ZReviewSaved, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const reviewer = await request.requireUser();
      const insertedId = await app.notifications.changeAndTell(
        (tx) => saveReview(tx, reviewer, request.body),
        (tx, id) => (request.body.reviewFor === 'property' ? reviewReceived(tx, id) : []),
      );
      return { insertedId, message: REVIEW_MESSAGES.submitted };
    },
  );

  app.get(
    '/api/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        summary:
          "Website reviews (?reviewFor=website, public) or a listing's reviews (?propertyId=, signed in, the caller's own marked `mine`), newest first, without account ids; total in X-Total-Count; website reviews carry an ETag (If-None-Match → 304)",
        querystring: ZReviewQuery,
        response: { 200: ZPublicReviewList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { propertyId, reviewFor, page, limit } = request.query;
      if (propertyId) {
        const viewer = await request.requireUser();
        const { items, total } = await listReviews(
          app.db,
          reviewsOfListing(propertyId),
          page,
          limit,
        );
        reply.header('x-total-count', total);
        return items.map((review) => toPublicReview(review, viewer.id));
      }
      if (reviewFor !== 'website') {
        throw new AppError('VALIDATION_FAILED', 'Ask for reviewFor=website or a propertyId');
      }
      // The same for every visitor: an ETag lets the home page ask again cheaply.
      const { items, total } = await listReviews(app.db, websiteReviews(), page, limit);
      const body = JSON.stringify(
        ZPublicReviewList.encode(items.map((review) => toPublicReview(review))),
      );
      return sendListPage(request, reply, withEtag({ body, total }));
    },
  );

  app.get(
    '/api/property-reviews',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['reviews'],
        summary: 'Every review, newest first (admins); total in X-Total-Count',
        querystring: ZPageQuery,
        response: { 200: ZReviewList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listReviews(
        app.db,
        undefined,
        request.query.page,
        request.query.limit,
      );
      reply.header('x-total-count', total);
      return items;
    },
  );

  app.get(
    '/api/property-reviews/:uid',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reviews'],
        summary: "A user's reviews (self or admin), newest first",
        params: ZUserIdParams,
        querystring: ZPageQuery,
        response: { 200: ZReviewList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = await request.requireUser();
      if (caller.id !== request.params.uid && caller.role !== 'admin') throw forbidden();
      const { items, total } = await listReviews(
        app.db,
        reviewsBy(request.params.uid),
        request.query.page,
        request.query.limit,
      );
      reply.header('x-total-count', total);
      return items;
    },
  );

  app.delete(
    '/api/property-reviews/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reviews'],
        summary: 'Delete a review (its reviewer or an admin)',
        params: z.object({ id: z.uuid({ error: 'Review not found' }) }),
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteReview(app.db, await request.requireUser(), request.params.id);
      return { message: REVIEW_MESSAGES.deleted };
    },
  );
};
