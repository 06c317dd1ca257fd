import {
  ACCOUNT_RECOVERY_MESSAGES,
  CONVERSATION_MESSAGES,
  type Conversation,
  type Message,
} from '@keyhaven/shared';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.js';
import { conversations, messages, properties, users } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/session-user.js';
import { requireVerifiedEmail } from '../auth/verified-email.js';
import { agents, buyerVisibleImage, buyerVisibleTitle } from '../listing-views/property-view.js';

const buyers = alias(users, 'buyers');
const senders = alias(users, 'senders');

/** The most conversations one list shows: an agent's busiest months fit, newest activity first. */
const LIST_LIMIT = 200;

/** A message just stored, with what its recipient is told about it. */
export interface SentMessage {
  conversationId: string;
  messageId: string;
  recipientId: string;
  senderName: string;
  propertyTitle: string;
  body: string;
}

const listingNotFound = () => notFound('Property not found');
const conversationNotFound = () => notFound(CONVERSATION_MESSAGES.notFound);

/**
 * An account marked as fraud may read its conversations, never add to them; one whose address
 * nobody confirmed may read them, and writes once it is confirmed.
 */
function assertMaySend(sender: SessionUser) {
  if (sender.role === 'fraud') throw forbidden(CONVERSATION_MESSAGES.fraudCannotSend);
  requireVerifiedEmail(sender, ACCOUNT_RECOVERY_MESSAGES.verifyBeforeMessage);
}

/**
 * A question about a listing opens the one conversation of this buyer and listing, or adds to it
 * when they asked before. Only a listing buyers can see takes questions: approved, from an agent
 * in good standing. Anyone else is told it does not exist, as its page tells them; an admin, who
 * can see such a listing, is told it is not taking questions.
 */
export async function askAboutListing(
  db: Database,
  sender: SessionUser,
  propertyId: string,
  body: string,
): Promise<SentMessage> {
  assertMaySend(sender);
  const [listing] = await db
    .select({
      agentId: properties.agentId,
      title: properties.title,
      approval: properties.approval,
      agentRole: agents.role,
    })
    .from(properties)
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .where(eq(properties.id, propertyId));
  if (!listing) throw listingNotFound();
  if (listing.agentId === sender.id) throw forbidden(CONVERSATION_MESSAGES.ownListing);
  if (listing.approval !== 'approved' || listing.agentRole === 'fraud') {
    if (sender.role === 'admin') throw conflict(CONVERSATION_MESSAGES.listingNotOpen);
    throw listingNotFound();
  }
  return db.transaction(async (tx) => {
    // The unique index on (listing, buyer) makes two first questions at once share one
    // conversation: the second one's insert becomes an update of the row the first one made.
    const [conversation] = await tx
      .insert(conversations)
      .values({
        propertyId,
        propertyTitle: listing.title,
        buyerId: sender.id,
        agentId: listing.agentId,
        lastMessageAt: sql`now()`,
        buyerReadAt: sql`now()`,
      })
      .onConflictDoUpdate({
        target: [conversations.propertyId, conversations.buyerId],
        set: { lastMessageAt: sql`now()`, buyerReadAt: sql`now()` },
      })
      .returning({ id: conversations.id, agentId: conversations.agentId });
    if (!conversation) throw listingNotFound();
    const messageId = await insertMessage(tx, conversation.id, sender.id, body);
    return {
      conversationId: conversation.id,
      messageId,
      recipientId: conversation.agentId,
      senderName: sender.name,
      propertyTitle: listing.title,
      body,
    };
  });
}

async function insertMessage(tx: Executor, conversationId: string, senderId: string, body: string) {
  const [message] = await tx
    .insert(messages)
    .values({ conversationId, senderId, body })
    .returning({ id: messages.id });
  if (!message) throw conversationNotFound();
  return message.id;
}

/**
 * A reply in a conversation, by its buyer or its agent. An admin may read any thread but speaks
 * in none but their own; everyone else is told it does not exist.
 */
export async function reply(
  db: Database,
  sender: SessionUser,
  conversationId: string,
  body: string,
): Promise<SentMessage> {
  assertMaySend(sender);
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({ conversation: conversations, currentTitle: buyerVisibleTitle })
      .from(conversations)
      .leftJoin(properties, eq(properties.id, conversations.propertyId))
      .where(eq(conversations.id, conversationId));
    const side = conversation && sideOf(conversation.conversation, sender.id);
    if (!conversation || !side) {
      if (conversation && sender.role === 'admin') throw forbidden();
      throw conversationNotFound();
    }
    const { buyerId, agentId, propertyTitle } = conversation.conversation;
    const messageId = await insertMessage(tx, conversationId, sender.id, body);
    await tx
      .update(conversations)
      .set(
        side === 'buyer'
          ? { lastMessageAt: sql`now()`, buyerReadAt: sql`now()` }
          : { lastMessageAt: sql`now()`, agentReadAt: sql`now()` },
      )
      .where(eq(conversations.id, conversationId));
    return {
      conversationId,
      messageId,
      recipientId: side === 'buyer' ? agentId : buyerId,
      senderName: sender.name,
      propertyTitle: conversation.currentTitle ?? propertyTitle,
      body,
    };
  });
}

type ConversationRow = typeof conversations.$inferSelect;

function sideOf(conversation: Pick<ConversationRow, 'buyerId' | 'agentId'>, userId: string) {
  if (conversation.buyerId === userId) return 'buyer' as const;
  if (conversation.agentId === userId) return 'agent' as const;
  return undefined;
}

/** The messages of a conversation the caller has not read: the other side's, after their last read. */
const unreadFor = (userId: string) => sql<number>`(
  select count(*)::int from ${messages}
  where ${messages.conversationId} = ${conversations.id}
    and ${messages.senderId} <> ${userId}
    and ${messages.removedAt} is null
    and ${messages.createdAt} > case when ${conversations.buyerId} = ${userId}
      then ${conversations.buyerReadAt} else ${conversations.agentReadAt} end)`;

/** The latest message's text, or null when an admin removed it (every conversation has one). */
const lastMessageBody = sql<string | null>`(
  select case when ${messages.removedAt} is null then ${messages.body} end from ${messages}
  where ${messages.conversationId} = ${conversations.id}
  order by ${messages.createdAt} desc, ${messages.id} desc limit 1)`;

/** The conversation as its list and thread show it to `viewer`. */
function conversationColumns(viewerId: string) {
  return {
    conversation: conversations,
    buyerName: buyers.name,
    agentName: agents.name,
    // A buyer sees the listing as buyers may see it; its agent sees it as it stands now.
    visibleTitle: buyerVisibleTitle,
    currentTitle: properties.title,
    visibleImage: buyerVisibleImage,
    currentImage: properties.image,
    lastMessage: lastMessageBody,
    unread: unreadFor(viewerId),
  };
}

function conversationsQuery(db: Executor, viewerId: string, where: SQL | undefined) {
  return db
    .select(conversationColumns(viewerId))
    .from(conversations)
    .innerJoin(buyers, eq(buyers.id, conversations.buyerId))
    .innerJoin(agents, eq(agents.id, conversations.agentId))
    .leftJoin(properties, eq(properties.id, conversations.propertyId))
    .where(where);
}

type ConversationViewRow = Awaited<ReturnType<typeof conversationsQuery>>[number];

function toConversationView(row: ConversationViewRow, viewerId: string): Conversation {
  const { conversation } = row;
  const role = sideOf(conversation, viewerId) ?? 'admin';
  const asAgent = role !== 'buyer';
  return {
    _id: conversation.id,
    propertyId: conversation.propertyId,
    // A deleted listing is still named by its title when the conversation began.
    propertyTitle: (asAgent ? row.currentTitle : row.visibleTitle) ?? conversation.propertyTitle,
    propertyImage: (asAgent ? row.currentImage : row.visibleImage) ?? null,
    buyerName: row.buyerName,
    agentName: row.agentName,
    role,
    lastMessage: row.lastMessage ?? CONVERSATION_MESSAGES.removed,
    lastMessageAt: conversation.lastMessageAt.toISOString(),
    unread: role === 'admin' ? 0 : row.unread,
  };
}

/** The caller's conversations, as buyer and as agent, newest activity first. */
export async function conversationsOf(db: Database, userId: string): Promise<Conversation[]> {
  const rows = await conversationsQuery(
    db,
    userId,
    or(eq(conversations.buyerId, userId), eq(conversations.agentId, userId)),
  )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(LIST_LIMIT);
  return rows.map((row) => toConversationView(row, userId));
}

/** How many messages the caller has not read, over all their conversations. */
export async function unreadMessageCount(db: Database, userId: string) {
  const [row] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        sql`${messages.senderId} <> ${userId}`,
        sql`${messages.removedAt} is null`,
        or(
          and(
            eq(conversations.buyerId, userId),
            sql`${messages.createdAt} > ${conversations.buyerReadAt}`,
          ),
          and(
            eq(conversations.agentId, userId),
            sql`${messages.createdAt} > ${conversations.agentReadAt}`,
          ),
        ),
      ),
    );
  return row?.unread ?? 0;
}

/**
 * One conversation with its messages, for its buyer, its agent or an admin; anyone else is told
 * it does not exist. Reading it marks it read for the reader's side, up to the newest message it
 * shows (not the clock: a message stored meanwhile stays unread).
 */
export async function readThread(db: Database, viewer: SessionUser, conversationId: string) {
  const [row] = await conversationsQuery(db, viewer.id, eq(conversations.id, conversationId));
  if (!row) throw conversationNotFound();
  const side = sideOf(row.conversation, viewer.id);
  if (!side && viewer.role !== 'admin') throw conversationNotFound();
  const thread = await db
    .select({ message: messages, senderName: senders.name })
    .from(messages)
    .innerJoin(senders, eq(senders.id, messages.senderId))
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const newest = thread.at(-1)?.message.id;
  if (side && newest) {
    // The stored time itself: a JavaScript date would drop its microseconds.
    const readAt = side === 'buyer' ? conversations.buyerReadAt : conversations.agentReadAt;
    const readUpTo = sql`greatest(${readAt}, (select ${messages.createdAt} from ${messages} where ${messages.id} = ${newest}))`;
    await db
      .update(conversations)
      .set(side === 'buyer' ? { buyerReadAt: readUpTo } : { agentReadAt: readUpTo })
      .where(eq(conversations.id, conversationId));
  }
  const { buyerId } = row.conversation;
  return {
    conversation: { ...toConversationView(row, viewer.id), unread: 0 },
    messages: thread.map(
      ({ message, senderName }): Message => ({
        _id: message.id,
        mine: message.senderId === viewer.id,
        senderName,
        sender: message.senderId === buyerId ? 'buyer' : 'agent',
        body: message.removedAt ? '' : message.body,
        removed: message.removedAt !== null,
        createdAt: message.createdAt.toISOString(),
      }),
    ),
  };
}

/**
 * An admin removes a message: its text is no longer shown to anyone, the thread shows that it
 * was removed, and the audit log keeps what it said. Removing it again changes nothing.
 */
export async function removeMessage(db: Database, admin: SessionUser, messageId: string) {
  await db.transaction(async (tx) => {
    const [message] = await tx
      .select()
      .from(messages)
      .where(eq(messages.id, messageId))
      .for('update');
    if (!message) throw notFound(CONVERSATION_MESSAGES.messageNotFound);
    if (message.removedAt) return;
    await tx
      .update(messages)
      .set({ removedAt: sql`now()`, removedBy: admin.id })
      .where(eq(messages.id, messageId));
    await recordAudit(tx, {
      actor: admin,
      action: 'message.removed',
      targetType: 'message',
      targetId: messageId,
      details: {
        conversationId: message.conversationId,
        senderId: message.senderId,
        body: message.body,
      },
      before: { body: message.body, removed: false },
      after: { body: '', removed: true },
    });
  });
}
