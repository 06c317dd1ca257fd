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
