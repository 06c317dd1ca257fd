import {
  OFFER_MESSAGES,
  ZBuyerEmailQuery,
  ZErrorResponse,
  ZMakeOfferRequest,
  ZMessageResponse,
  ZPropertyIdParams,
  ZRequestedProperty,
  ZRequestedQuery,
  ZRequestStatusBody,
  ZUidBody,
  ZUserIdParams,
  ZUserRequest,
} from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { assertClaimsCaller } from '../../lib/claimed-user.js';
import {
  acceptOffer,
  makeOffer,
  offersForAgent,
  offersOfBuyer,
  rejectOffer,
  withdrawOffer,
} from './offers.service.js';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};

export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/make-offer/:propertyId',
    {
      config: { access: ['user'] },
      schema: {
        tags: ['offers'],
        summary:
          'Offer on a listing (buyers): amount within its price range, buying date in the future',
        params: z.object({ propertyId: ZPropertyIdParams.shape.id }),
        body: ZMakeOfferRequest,
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) => {
      const buyer = await request.requireUser();
      assertClaimsCaller(buyer, request.body);
      await makeOffer(app.db, buyer, request.params.propertyId, request.body);
      return { message: OFFER_MESSAGES.submitted };
    },
  );

  app.get(
    '/api/properties/requested/:agentEmail',
    {
      config: { access: ['agent', 'admin'] },
      schema: {
        tags: ['offers'],
        summary: "Offers on an agent's listings, one row per offer (that agent or an admin)",
        params: z.object({ agentEmail: z.string().trim().toLowerCase().max(254) }),
        querystring: ZRequestedQuery,
        response: { 200: z.array(ZRequestedProperty), ...errors },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      const { agentEmail } = request.params;
      if (caller.role !== 'admin' && agentEmail !== caller.email) throw forbidden();
      const [agent] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, agentEmail));
      if (!agent) throw notFound('Agent not found');
      return offersForAgent(app.db, agent.id, request.query.requestStatus);
    },
  );

  app.patch(
    '/api/properties/requestStatus/:id',
    {
      config: { access: ['agent'] },
      schema: {
        tags: ['offers'],
        summary: "Reject a buyer's pending offer (the listing's agent); the buyer is ?email=",
        params: ZPropertyIdParams,
        querystring: ZBuyerEmailQuery,
        body: ZRequestStatusBody.nullish(),
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) => {
      const agent = await request.requireUser();
      const buyerEmail = request.query.email ?? request.body?.userEmailToRemove?.toLowerCase();
      await rejectOffer(app.db, agent, request.params.id, buyerEmail);
      return { message: OFFER_MESSAGES.statusUpdated };
    },
  );

  app.patch(
    '/api/properties/accept-request/:id',
    {
      config: { access: ['agent'] },
      schema: {
        tags: ['offers'],
        summary:
          "Accept a buyer's offer (the listing's agent): the buyer is ?email=, or the only pending offer; the others are declined",
        params: ZPropertyIdParams,
        querystring: ZBuyerEmailQuery,
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) => {
      const agent = await request.requireUser();
      await acceptOffer(app.db, agent, request.params.id, request.query.email);
      return { message: OFFER_MESSAGES.accepted };
    },
  );

  app.get(
    '/api/properties/user-requests/:uid',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['offers'],
        summary: "The caller's offers with their listings (self only)",
        params: ZUserIdParams,
        response: { 200: z.array(ZUserRequest), ...errors },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      if (request.params.uid !== caller.id) throw forbidden();
      return offersOfBuyer(app.db, caller.id);
    },
  );

  app.patch(
    '/requested-properties/:id/remove',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['offers'],
        summary: "Withdraw the caller's pending offer on a listing",
        params: ZPropertyIdParams,
        body: ZUidBody.nullish(),
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) => {
      const buyer = await request.requireUser();
      assertClaimsCaller(buyer, request.body ?? undefined);
      await withdrawOffer(app.db, buyer, request.params.id);
      return { message: OFFER_MESSAGES.removed };
    },
  );
};
