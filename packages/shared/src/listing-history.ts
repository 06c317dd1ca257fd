/*
 * What happens to a listing over its life, as its history keeps it: each change of its price
 * (as buyers see it), availability, approval and each open house added is one event.
 */

export const LISTING_EVENT_KINDS = [
  /** The agent created it; only the agent and admins see this one. */
  'created',
  /** First approved: buyers could see it from then on. */
  'listed',
  'price_changed',
  /** Availability became Pending: an offer was accepted (or the agent marked it so). */
  'under_offer',
  /** Available again after being Pending or Sold. */
  'back_on_market',
  'sold',
  /** An edit approved after the listing was first listed. */
  'approved',
  'rejected',
  /** Sent back to an admin's review: an agent's edit, or held by reports. */
  'sent_for_review',
  'open_house',
] as const;
export type ListingEventKind = (typeof LISTING_EVENT_KINDS)[number];

/** The events buyers see on a listing's "Price and status history". */
export const PUBLIC_LISTING_EVENT_KINDS = [
  'listed',
  'price_changed',
  'under_offer',
  'back_on_market',
  'sold',
] as const satisfies readonly ListingEventKind[];

/** How recent a change must be for a card to show it. */
export const LISTING_BADGE_DAYS = {
  /** "New": first listed this many days ago or less. */
  new: 7,
  /** "Price cut $15k": the price last came down this many days ago or less. */
  priceCut: 14,
} as const;
