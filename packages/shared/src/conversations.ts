import { z } from 'zod';
import { CONVERSATION_MESSAGES } from './engagement-messages.js';
import { ENGAGEMENT_LIMITS } from './notification-kinds.js';
import { ZServedImageUrl } from './uploads.js';

export const ZSendMessageRequest = z
  .object({
    body: z
      .string({ error: CONVERSATION_MESSAGES.bodyRequired })
      .trim()
      .min(1, CONVERSATION_MESSAGES.bodyRequired)
      .max(ENGAGEMENT_LIMITS.messageMaxLength, CONVERSATION_MESSAGES.bodyTooLong),
  })
  .meta({ id: 'SendMessageRequest' });
export type SendMessageRequest = z.input<typeof ZSendMessageRequest>;

export const ZMessage = z
  .object({
    _id: z.uuid(),
    /** Whether the caller wrote it. */
    mine: z.boolean(),
    senderName: z.string(),
    /** Which side wrote it, for an admin reading someone else's thread. */
    sender: z.enum(['buyer', 'agent']),
    /** Empty once an admin removed it. */
    body: z.string(),
    removed: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof ZMessage>;

export const ZConversation = z
  .object({
    _id: z.uuid(),
    propertyId: z.uuid().nullable(),
    propertyTitle: z.string(),
    /** The listing's cover; an address that is not one of our uploads is never passed on. */
    propertyImage: ZServedImageUrl,
    buyerName: z.string(),
    agentName: z.string(),
    /** The caller's side: the buyer asking, the agent answering, or an admin reading it. */
    role: z.enum(['buyer', 'agent', 'admin']),
    lastMessage: z.string(),
    lastMessageAt: z.iso.datetime({ offset: true }),
    unread: z.number().int(),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof ZConversation>;
export const ZConversationList = z.array(ZConversation).meta({ id: 'ConversationList' });

export const ZConversationThread = z
  .object({ conversation: ZConversation, messages: z.array(ZMessage) })
  .meta({ id: 'ConversationThread' });
export type ConversationThread = z.infer<typeof ZConversationThread>;

export const ZConversationStarted = z
  .object({ conversationId: z.uuid() })
  .meta({ id: 'ConversationStarted' });
export type ConversationStarted = z.infer<typeof ZConversationStarted>;

export const ZConversationIdParams = z.object({
  id: z.uuid({ error: CONVERSATION_MESSAGES.notFound }),
});
export const ZMessageIdParams = z.object({
  id: z.uuid({ error: CONVERSATION_MESSAGES.messageNotFound }),
});
