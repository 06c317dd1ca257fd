import {
  OFFER_MESSAGES,
  ZBuyerEmailQuery,
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perAccount } from '../../lib/account-rate-limit.js';
import { forbidden } from '../../lib/app-error.js';
import { assertClaimsCaller } from '../../lib/claimed-user.js';
import { errorResponses } from '../../lib/error-responses.js';
import {
  offerAccepted,
  offerReceived,
  offerRejected,
  offersEndedUnpaid,
  offerWithdrawn,
} from '../notifications/notification-events.js';
import { expireAtProvider } from '../payments/payments.service.js';
import {
  acceptOffer,
  makeOffer,
  offersForAgentByEmail,
  offersOfBuyer,
  rejectOffer,
  releaseOffer,
  withdrawOffer,
} from './offers.service.js';
import { sweepOverdueOffers } from './overdue-offers.js';

/** How often accepted offers past their payment deadline are looked for. */
const LAPSE_SWEEP_MS = 5 * 60 * 1000;

export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Homes reserved by buyers who never paid are offered again once their deadline passes.
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep = setInterval(() => {
      sweepOverdueOffers(app).catch((error) =>
        app.log.error({ err: error }, 'lapsing overdue offers failed'),
      );
    }, LAPSE_SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));

  app.patch(
    '/make-offer/:propertyId',
    {
      config: { access: ['user'], rateLimit: perAccount(app, 'offer'), leavesAccounts: true },
      schema: {
        tags: ['offers'],
        summary:
          'Offer on a listing (buyers): amount within its price range, buying date in the future',
        params: z.object({ propertyId: ZPropertyIdParams.shape.id }),
        body: ZMakeOfferRequest,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const buyer = await request.requireUser();
      assertClaimsCaller(buyer, request.body);
      await app.notifications.changeAndTell(
        (tx) => makeOffer(tx, buyer, request.params.propertyId, request.body),
        offerReceived,
      );
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
        response: { 200: z.array(ZRequestedProperty), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      const { agentEmail } = request.params;
      if (caller.role !== 'admin' && agentEmail !== caller.email) throw forbidden();
      return offersForAgentByEmail(app.db, agentEmail, request.query.requestStatus);
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
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const agent = await request.requireUser();
      const buyerEmail = request.query.email ?? request.body?.userEmailToRemove?.toLowerCase();
      await app.notifications.changeAndTell(
        (tx) => rejectOffer(tx, agent, request.params.id, buyerEmail),
        offerRejected,
      );
      return { message: OFFER_MESSAGES.statusUpdated };
    },
  );

  app.patch(
    '/api/properties/accept-request/:id',
    {
      config: { access: ['agent'], changesListings: { listingParam: 'id' } },
      schema: {
        tags: ['offers'],
        summary:
          "Accept a buyer's offer (the listing's agent): the buyer is ?email=, or the only pending offer; the others are declined",
        params: ZPropertyIdParams,
        querystring: ZBuyerEmailQuery,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const agent = await request.requireUser();
      await sweepOverdueOffers(app, new Date(), request.params.id);
      await app.notifications.changeAndTell(
        (tx) =>
          acceptOffer(
            tx,
            agent,
            request.params.id,
            request.query.email,
            app.config.offerPaymentDays,
          ),
        offerAccepted,
      );
      return { message: OFFER_MESSAGES.accepted };
    },
  );

  app.patch(
    '/api/properties/release-offer/:id',
    {
      config: { access: ['agent', 'admin'], changesListings: { listingParam: 'id' } },
      schema: {
        tags: ['offers'],
        summary:
          "Release a listing's accepted offer that was not paid: its agent once the payment deadline has passed, an admin at any time; the home is offered again",
        params: ZPropertyIdParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      const { closedSessions } = await app.notifications.changeAndTell(
        (tx) => releaseOffer(tx, caller, request.params.id),
        (tx, { offerId, releasedBy }) => offersEndedUnpaid(tx, { offerIds: [offerId], releasedBy }),
      );
      await expireAtProvider(app.paymentProvider, closedSessions);
      return { message: OFFER_MESSAGES.released };
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
        response: { 200: z.array(ZUserRequest), ...errorResponses(400, 401, 403, 404, 409) },
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
      config: {
        access: 'signed-in',
        changesListings: { listingParam: 'id' },
        rateLimit: perAccount(app, 'withdrawal'),
      },
      schema: {
        tags: ['offers'],
        summary:
          "Withdraw the caller's offer on a listing: a pending one is removed; an accepted one not yet paid ends as withdrawn and the home is offered again",
        params: ZPropertyIdParams,
        body: ZUidBody.nullish(),
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const buyer = await request.requireUser();
      assertClaimsCaller(buyer, request.body ?? undefined);
      const propertyId = request.params.id;
      const { closedSessions, wasAccepted } = await app.notifications.changeAndTell(
        (tx) => withdrawOffer(tx, buyer, propertyId),
        (tx, { offerId, wasAccepted }) =>
          offerWithdrawn(tx, { offerId, propertyId, buyerName: buyer.name, wasAccepted }),
      );
      await expireAtProvider(app.paymentProvider, closedSessions);
      return { message: wasAccepted ? OFFER_MESSAGES.withdrawn : OFFER_MESSAGES.removed };
    },
  );
};
