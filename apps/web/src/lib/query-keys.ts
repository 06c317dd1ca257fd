/*
 * The query keys of the lists that more than one part of the app changes: an offer changes a
 * listing's availability and the buyer's wishlist, a payment the offers and the listing. Keeping
 * them here lets each part refresh what it changed without reaching into another's code.
 */

/** Every listing query lives under `['properties']`, so one invalidation refreshes them all. */
export const propertyKeys = {
  all: ['properties'] as const,
  search: (query: object) => ['properties', 'search', query] as const,
  catalogue: (query: object) => ['properties', 'catalogue', query] as const,
  managed: (query: object) => ['properties', 'managed', query] as const,
  detail: (id: string) => ['properties', 'detail', id] as const,
};

/** Every offer query lives under `['offers']`, so one invalidation refreshes them all. */
export const offerKeys = {
  all: ['offers'] as const,
  /** The signed-in buyer's own offers (Purchased Properties, the Make Offer buttons). */
  mine: (uid: string) => ['offers', 'mine', uid] as const,
  /** Offers on an agent's listings; `status` as the API's `requestStatus` filter. */
  requested: (agentEmail: string, status?: 'pending' | 'accepted') =>
    ['offers', 'requested', agentEmail, status ?? 'all'] as const,
  /** Mutation key of offer submissions, read back by the page the buyer lands on. */
  make: ['offers', 'make'] as const,
};

/** Every wishlist query lives under `['wishlist']`. */
export const wishlistKeys = {
  all: ['wishlist'] as const,
  list: (uid: string) => ['wishlist', uid] as const,
};

/**
 * Every conversation query lives under `['conversations']`, so a sent message, and the live
 * stream's word that one arrived, refresh them all.
 */
export const conversationKeys = {
  all: ['conversations'] as const,
  list: () => ['conversations', 'list'] as const,
  thread: (id: string) => ['conversations', 'thread', id] as const,
  /** How many messages the signed-in person has not read, over all their conversations. */
  unread: () => ['conversations', 'unread'] as const,
};
