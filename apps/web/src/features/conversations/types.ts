import type {
  Conversation,
  ConversationStarted,
  ConversationThread,
  Message,
} from '@keyhaven/shared';
import * as v from 'valibot';
import type { ContractTwin, ListTwin } from '@/lib/contract-twins';

export type { Conversation, ConversationThread, Message };

/* The valibot twins of the conversations contract in @keyhaven/shared. */
const conversationTwin = v.object({
  _id: v.string(),
  propertyId: v.nullable(v.string()),
  propertyTitle: v.string(),
  propertyImage: v.nullable(v.string()),
  buyerName: v.string(),
  agentName: v.string(),
  role: v.picklist(['buyer', 'agent', 'admin']),
  lastMessage: v.string(),
  lastMessageAt: v.string(),
  unread: v.number(),
});
const ZConversation: ContractTwin<typeof conversationTwin, Conversation> = conversationTwin;
export const ZConversationList: ListTwin<typeof ZConversation, Conversation[]> =
  v.array(ZConversation);

const messageTwin = v.object({
  _id: v.string(),
  mine: v.boolean(),
  senderName: v.string(),
  sender: v.picklist(['buyer', 'agent']),
  body: v.string(),
  removed: v.boolean(),
  createdAt: v.string(),
});
const ZMessage: ContractTwin<typeof messageTwin, Message> = messageTwin;

const threadTwin = v.object({ conversation: ZConversation, messages: v.array(ZMessage) });
export const ZConversationThread: ContractTwin<typeof threadTwin, ConversationThread> = threadTwin;

const startedTwin = v.object({ conversationId: v.string() });
export const ZConversationStarted: ContractTwin<typeof startedTwin, ConversationStarted> =
  startedTwin;

/** The person on the other side of a conversation, as the caller sees it. */
export const otherPartyOf = (conversation: Conversation) =>
  conversation.role === 'buyer' ? conversation.agentName : conversation.buyerName;
