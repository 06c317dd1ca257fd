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

/** A price range in dollars, as listings show it. */
export interface PriceRange {
  min: number;
  max: number;
}

/**
 * How a price range moved: `cut` when neither end rose and one came down (by the larger drop),
 * `increase` when neither came down and one rose (by the larger rise), else `change` (one end up,
 * the other down), with no single amount to say.
 */
export function priceMove(
  before: PriceRange,
  after: PriceRange,
): { direction: 'cut' | 'increase' | 'change'; amount: number } {
  const minDelta = after.min - before.min;
  const maxDelta = after.max - before.max;
  if (minDelta <= 0 && maxDelta <= 0) {
    return { direction: 'cut', amount: -Math.min(minDelta, maxDelta) };
  }
  if (minDelta >= 0 && maxDelta >= 0) {
    return { direction: 'increase', amount: Math.max(minDelta, maxDelta) };
  }
  return { direction: 'change', amount: 0 };
}

/** `$15k`, `$1.2M`, `$950`: an amount in few characters, for a badge. */
export function shortUsd(amount: number): string {
  const whole = Math.round(amount);
  const scaled = (value: number, unit: string) =>
    `$${String(Math.round(value * 10) / 10).replace(/\.0$/, '')}${unit}`;
  if (whole >= 999_500) return scaled(whole / 1_000_000, 'M');
  if (whole >= 1_000) return scaled(whole / 1_000, 'k');
  return `$${whole}`;
}
