import {
  DEMO_CARDS,
  PAYMENT_MESSAGES,
  toDollars,
  ZCheckoutRequest,
  ZCheckoutResponse,
  ZDemoCheckout,
  ZDemoPaymentRequest,
  ZDemoPaymentResponse,
  ZMessageResponse,
  ZRefundItem,
  ZVerifyQuery,
  ZVerifyResponse,
} from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { AppError, conflict, invalidField, notFound } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';
import { buyerVisibleListing } from '../listing-views/property-view.js';
import { paymentFulfilled } from '../notifications/notification-events.js';
import { sweepOverdueOffers } from '../offers/overdue-offers.js';
import { toursEndedBySale } from '../tours/tours-ended.js';
import { randomId } from './payment-provider.js';
import {
  fulfilPayment,
  paymentOfBuyer,
  paymentsToRefund,
  refundPayment,
  type SaleAnnouncer,
  startCheckout,
  verifyPayment,
} from './payments.service.js';

const STRIPE_EVENT_BODY_LIMIT = 256 * 1024;
const FULFILLING_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { stripe, paymentProvider: provider } = app;
  /** Each side of a sale is told once, whichever path completed it (keyed by the payment). */
  const announceSale: SaleAnnouncer = async (tx, sessionId) =>
    app.notifications.queue(tx, [
      ...(await paymentFulfilled(tx, sessionId)),
      // A sold home takes no more visitors: its coming tours end and their buyers are told.
      ...(await toursEndedBySale(tx, sessionId, app.config)),
    ]);

  app.post(
    '/api/payment/create-checkout-session',
    {
      // Opening a checkout first lapses an overdue offer, which offers the home again.
      config: { access: ['user'], changesListings: true },
      schema: {
        tags: ['payments'],
        summary:
          "Open a checkout for the caller's accepted offer on a listing (offer.property._id or offer._id); the stored amount is charged",
        body: ZCheckoutRequest,
        response: { 200: ZCheckoutResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const buyer = await request.requireUser();
      const { offer } = request.body;
      const propertyId = offer.property?._id ?? offer._id;
      if (!propertyId || !z.uuid().safeParse(propertyId).success) {
        throw notFound('You have no accepted offer on this property');
      }
      const lapseOverdue = (id: string, now: Date) => sweepOverdueOffers(app, now, id);
      return { url: await startCheckout(app.db, provider, buyer, propertyId, lapseOverdue) };
    },
  );

  app.get(
    '/api/payment/verify',
    {
      // Asking the provider may complete a sale whose webhook has not arrived yet.
      config: { access: 'signed-in', changesListings: true },
      schema: {
        tags: ['payments'],
        summary: "Whether the caller's checkout session is paid",
        querystring: ZVerifyQuery,
        response: { 200: ZVerifyResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      verifyPayment(
        app.db,
        provider,
        await request.requireUser(),
        request.query.session_id,
        announceSale,
      ),
  );

  app.get(
    '/api/admin/refunds',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['payments'],
        summary:
          'Money received that did not become a sale (the listing or its agent stopped being trusted, or the offer ended), to refund',
        response: { 200: z.array(ZRefundItem), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async () => paymentsToRefund(app.db),
  );

  app.post(
    '/api/admin/refunds/:paymentId',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['payments'],
        summary: 'Send a payment due for a refund back to the buyer, through its provider (admins)',
        params: z.object({ paymentId: z.uuid() }),
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await refundPayment(app.db, provider, await request.requireUser(), request.params.paymentId);
      return { message: 'The payment has been refunded.' };
    },
  );

  if (provider.name === 'demo') {
    const ZSessionParams = z.object({ sessionId: z.string().regex(/^demo_cs_[\w-]+$/) });

    app.get(
      '/api/payment/demo/:sessionId',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['payments'],
          summary: 'The test checkout: what is being paid (its buyer only)',
          params: ZSessionParams,
          response: { 200: ZDemoCheckout, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const payment = await paymentOfBuyer(
          app.db,
          await request.requireUser(),
          request.params.sessionId,
        );
        // The buyer sees the listing as it was approved, never an edit waiting for review.
        const listing = payment.propertyId
          ? await buyerVisibleListing(app.db, payment.propertyId)
          : undefined;
        return {
          sessionId: payment.checkoutSessionId,
          status: payment.status,
          amount: toDollars(payment.amountCents),
          propertyTitle: listing?.title ?? 'Property',
          propertyLocation: listing?.location ?? '',
          propertyImage: listing?.image ?? null,
        };
      },
    );

    app.post(
      '/api/payment/demo/:sessionId/pay',
      {
        config: { access: ['user'], changesListings: true },
        schema: {
          tags: ['payments'],
          summary:
            'Pay the test checkout: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined',
          params: ZSessionParams,
          body: ZDemoPaymentRequest,
          response: { 200: ZDemoPaymentResponse, ...errorResponses(400, 401, 402, 403, 404, 409) },
        },
      },
      async (request) => {
        const payment = await paymentOfBuyer(
          app.db,
          await request.requireUser(),
          request.params.sessionId,
        );
        const { cardNumber } = request.body;
        if (cardNumber === DEMO_CARDS.declined) {
          throw new AppError('PAYMENT_DECLINED', PAYMENT_MESSAGES.declined);
        }
        if (cardNumber !== DEMO_CARDS.success) {
          throw invalidField('cardNumber', PAYMENT_MESSAGES.unknownTestCard);
        }
        const result = await fulfilPayment(
          app.db,
          payment.checkoutSessionId,
          randomId('demo_txn'),
          { refuseUnpayable: true, onFulfilled: announceSale },
        );
        if (result === 'offer-not-payable') {
          throw conflict(PAYMENT_MESSAGES.notPayable);
        }
        return {
          redirectUrl: `/payment-success?session_id=${encodeURIComponent(payment.checkoutSessionId)}`,
        };
      },
    );
  }

  if (stripe && app.config.stripe) {
    const { webhookSecret } = app.config.stripe;
    // The signature covers the exact bytes Stripe sent, so this route keeps the raw body.
    await app.register(async (webhook) => {
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );

      webhook.post(
        '/api/payment/webhook',
        {
          // Stripe's events are a few kilobytes; this leaves room for the largest of them.
          bodyLimit: STRIPE_EVENT_BODY_LIMIT,
          config: { access: 'public', changesListings: true },
          schema: {
            tags: ['payments'],
            summary: 'Stripe webhook: signed checkout.session events fulfil payments once',
            response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(400) },
          },
        },
        async (request) => {
          let event: Stripe.Event;
          try {
            event = stripe.webhooks.constructEvent(
              request.body as Buffer,
              String(request.headers['stripe-signature'] ?? ''),
              webhookSecret,
            );
          } catch {
            throw new AppError('VALIDATION_FAILED', 'Invalid webhook signature');
          }
          if (!FULFILLING_EVENTS.has(event.type)) return { received: true as const };
          const session = event.data.object as Stripe.Checkout.Session;
          if (session.payment_status !== 'paid') return { received: true as const };
          const paymentIntent = session.payment_intent;
          const transactionId =
            typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? session.id);
          const result = await fulfilPayment(app.db, session.id, transactionId, {
            event: { id: event.id, type: event.type },
            onFulfilled: announceSale,
          });
          if (result === 'refund-due') {
            request.log.warn(
              { sessionId: session.id },
              'payment received for an unpayable offer: due for refund',
            );
          }
          if (result === 'unknown-session') {
            request.log.error({ sessionId: session.id }, 'paid checkout of an unknown session');
          }
          return { received: true as const };
        },
      );
    });
  }
};
