import {
  CONVERSATION_MESSAGES,
  ZConversationIdParams,
  ZConversationList,
  ZConversationStarted,
  ZConversationThread,
  ZMessageIdParams,
  ZMessageResponse,
  ZPropertyIdParams,
  ZSendMessageRequest,
  ZUnreadCount,
} from '@keyhaven/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transaction } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';
import {
  askAboutListing,
  conversationsOf,
  readThread,
  removeMessage,
  reply,
  type SentMessage,
  unreadMessageCount,
} from './conversations.service.js';

/** How much of a message its notification quotes. */
const PREVIEW_LENGTH = 140;

function preview(body: string) {
  const oneLine = body.replace(/\s+/g, ' ').trim();
  return oneLine.length > PREVIEW_LENGTH ? `${oneLine.slice(0, PREVIEW_LENGTH - 1)}…` : oneLine;
}

/**
 * Messages per account and hour, counted together for questions and replies (a route's own
 * `rateLimit` would count each route apart), where the app's other limits are counted (Redis
 * when several instances share them). Counted after the access check and validation, as
 * `perAccount` counts; past the limit the answer is 429 with Retry-After, in the product's words.
 */
function messageAllowance(app: FastifyInstance) {
  const count = app.createRateLimit({
    max: app.accountLimits.message,
    timeWindow: '1 hour',
    keyGenerator: async (request) => `messages:${(await request.requireUser()).id}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await count(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', limit.ttlInSeconds);
      throw new AppError('RATE_LIMITED', CONVERSATION_MESSAGES.tooMany);
    }
  };
}

/**
 * Keeps a message and queues the other side's notice of it (in the app, and by e-mail as they
 * chose) in one transaction, then tells their open pages. A page that misses the live word
 * catches up on its next poll, so that failure is logged rather than answered: the message is
 * kept, and the sender must not send it again.
 */
async function sendAndTell(
  app: FastifyInstance,
  request: FastifyRequest,
  send: (tx: Transaction) => Promise<SentMessage>,
) {
  const sent = await app.notifications.changeAndTell(send, (_tx, message) => [
    {
      kind: 'message_received',
      key: `message_received:${message.messageId}`,
      recipients: [message.recipientId],
      title: `${message.senderName} wrote about ${message.propertyTitle}`,
      body: preview(message.body),
      link: `/dashboard/messages/${message.conversationId}`,
    },
  ]);
  await app.live
    .publish(sent.recipientId, { type: 'messages' })
    .catch((error) => request.log.warn({ err: error }, 'live word of a message not published'));
  return sent;
}

export const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const withinAllowance = messageAllowance(app);

  app.post(
    '/api/properties/:id/messages',
    {
      config: { access: 'signed-in', leavesAccounts: true },
      preHandler: withinAllowance,
      schema: {
        tags: ['messages'],
        summary:
          "Ask a listing's agent a question (anyone signed in with a confirmed e-mail address but its agent and fraud accounts; approved listings only): opens the one conversation of the caller and the listing, or adds to it",
        params: ZPropertyIdParams,
        body: ZSendMessageRequest,
        response: {
          201: ZConversationStarted,
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, response) => {
      const sender = await request.requireUser();
      const sent = await sendAndTell(app, request, (tx) =>
        askAboutListing(tx, sender, request.params.id, request.body.body),
      );
      return response.status(201).send({ conversationId: sent.conversationId });
    },
  );

  app.get(
    '/api/conversations',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['messages'],
        summary:
          "The caller's conversations, as buyer and as agent, newest activity first, each with its count of unread messages",
        response: { 200: ZConversationList, ...errorResponses(401) },
      },
    },
    async (request) => conversationsOf(app.db, (await request.requireUser()).id),
  );

  app.get(
    '/api/conversations/unread-count',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['messages'],
        summary: 'How many messages the caller has not read, over all their conversations',
        response: { 200: ZUnreadCount, ...errorResponses(401) },
      },
    },
    async (request) => ({
      unread: await unreadMessageCount(app.db, (await request.requireUser()).id),
    }),
  );

  app.get(
    '/api/conversations/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['messages'],
        summary:
          'One conversation with its messages (its buyer, its agent or an admin); marks it read for the caller',
        params: ZConversationIdParams,
        response: { 200: ZConversationThread, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => readThread(app.db, await request.requireUser(), request.params.id),
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      config: { access: 'signed-in', leavesAccounts: true },
      preHandler: withinAllowance,
      schema: {
        tags: ['messages'],
        summary: 'Reply in a conversation (its buyer or its agent; not fraud accounts)',
        params: ZConversationIdParams,
        body: ZSendMessageRequest,
        response: {
          201: ZConversationStarted,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, response) => {
      const sender = await request.requireUser();
      const sent = await sendAndTell(app, request, (tx) =>
        reply(tx, sender, request.params.id, request.body.body),
      );
      return response.status(201).send({ conversationId: sent.conversationId });
    },
  );

  app.delete(
    '/api/messages/:id',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['messages'],
        summary:
          'Remove a message (admins): its text is hidden from everyone, the thread shows it was removed; audit-logged',
        params: ZMessageIdParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await removeMessage(app.db, await request.requireUser(), request.params.id);
      return { message: CONVERSATION_MESSAGES.removedDone };
    },
  );
};
