import {
  AGENT_MESSAGES,
  ZAgentIdParams,
  ZAgentListQuery,
  ZAgentPageQuery,
  ZAgentProfile,
  ZAgentProfileRequest,
  ZAgentReviewRequest,
  ZAgentSaleList,
  ZAgentSummaryList,
  ZOwnAgentProfile,
  ZPropertyList,
  ZPublicReviewList,
  ZReviewSaved,
} from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAccount } from '../../lib/account-rate-limit.js';
import { errorResponses } from '../../lib/error-responses.js';
import { listReviews, reviewsOfAgent, toPublicReview } from '../reviews/reviews.service.js';
import { agentDirectory } from './agent-directory.js';
import {
  activeListings,
  agentProfileView,
  agentSales,
  ownProfile,
  saveAgentReview,
  saveOwnProfile,
  visibleAgent,
} from './agents.service.js';

export const agentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/agents',
    {
      config: { access: 'public' },
      schema: {
        tags: ['agents'],
        summary:
          'The agents directory (trusted agents only): search by name or service area, sort by homes sold or rating; total in X-Total-Count',
        querystring: ZAgentListQuery,
        response: { 200: ZAgentSummaryList, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { items, total } = await agentDirectory(app.db, request.query);
      reply.header('x-total-count', total);
      return items;
    },
  );

  app.get(
    '/api/agent-profile',
    {
      config: { access: ['agent'] },
      schema: {
        tags: ['agents'],
        summary: "The calling agent's own profile as they edit it (defaults until first saved)",
        response: { 200: ZOwnAgentProfile, ...errorResponses(401, 403) },
      },
    },
    async (request) => ownProfile(app.db, await request.requireUser()),
  );

  app.put(
    '/api/agent-profile',
    {
      config: { access: ['agent'] },
      schema: {
        tags: ['agents'],
        summary:
          "Save the calling agent's bio, service areas and which contact details their profile shows",
        body: ZAgentProfileRequest,
        response: { 200: ZOwnAgentProfile, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => saveOwnProfile(app.db, await request.requireUser(), request.body),
  );

  app.get(
    '/api/agents/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['agents'],
        summary:
          "An agent's profile with the contact they show and their figures (signed in; an agent marked as fraud only for admins, anyone else 404)",
        params: ZAgentIdParams,
        response: { 200: ZAgentProfile, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => agentProfileView(app.db, request.params.id, await request.requireUser()),
  );

  app.get(
    '/api/agents/:id/listings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['agents'],
        summary:
          "An agent's approved listings on the market, newest first (signed in); total in X-Total-Count",
        params: ZAgentIdParams,
        querystring: ZAgentPageQuery,
        response: { 200: ZPropertyList, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireUser();
      const agent = await visibleAgent(app.db, request.params.id, viewer);
      const { page, limit } = request.query;
      const { items, total } = await activeListings(app.db, agent.id, viewer, page, limit);
      reply.header('x-total-count', total);
      return items;
    },
  );

  app.get(
    '/api/agents/:id/sales',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['agents'],
        summary:
          "An agent's sold homes, latest first: title, place and date, never the buyer (signed in); total in X-Total-Count",
        params: ZAgentIdParams,
        querystring: ZAgentPageQuery,
        response: { 200: ZAgentSaleList, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const agent = await visibleAgent(app.db, request.params.id, await request.requireUser());
      const { items, total } = await agentSales(
        app.db,
        agent.id,
        request.query.page,
        request.query.limit,
      );
      reply.header('x-total-count', total);
      return items;
    },
  );

  app.get(
    '/api/agents/:id/reviews',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['agents'],
        summary:
          "Reviews of an agent, newest first, the caller's own marked `mine` (signed in); total in X-Total-Count",
        params: ZAgentIdParams,
        querystring: ZAgentPageQuery,
        response: { 200: ZPublicReviewList, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireUser();
      const agent = await visibleAgent(app.db, request.params.id, viewer);
      const { items, total } = await listReviews(
        app.db,
        reviewsOfAgent(agent.id),
        request.query.page,
        request.query.limit,
      );
      reply.header('x-total-count', total);
      return items.map((review) => toPublicReview(review, viewer.id));
    },
  );

  app.post(
    '/api/agents/:id/reviews',
    {
      config: { access: ['user'], rateLimit: perAccount(app, 'review') },
      schema: {
        tags: ['agents'],
        summary:
          'Review an agent (confirmed buyers who completed a tour or bought a home with them, 10 reviews an hour); a second review of one agent replaces the first',
        params: ZAgentIdParams,
        body: ZAgentReviewRequest,
        response: { 200: ZReviewSaved, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const reviewer = await request.requireUser();
      const insertedId = await saveAgentReview(app.db, reviewer, request.params.id, request.body);
      return { insertedId, message: AGENT_MESSAGES.reviewSaved };
    },
  );
};
