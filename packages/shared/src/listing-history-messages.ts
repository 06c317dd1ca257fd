import { type PriceRange, priceMove, shortUsd } from './listing-history.js';
import { formatDollars } from './money.js';

/* The words of a listing's history: its timeline, the cards' badges and saved-home alerts. */

const dollars = formatDollars;

/** `$250,000 - $280,000` as listings show a range, or one amount when it is one price. */
const rangeText = (range: PriceRange) =>
  range.min === range.max ? dollars(range.min) : `${dollars(range.min)} - ${dollars(range.max)}`;

export const LISTING_HISTORY_MESSAGES = {
  sectionTitle: 'Price and status history',
  none: 'No changes yet.',
  dateColumn: 'Date',
  eventColumn: 'Event',
  priceColumn: 'Price',
  listed: 'Listed',
  underOffer: 'Under offer',
  backOnMarket: 'Back on the market',
  sold: 'Sold',
  newBadge: 'New',
  /** Under a card's badge for screen readers: what "New" means. */
  newBadgeLabel: (days: number) => `New: listed in the last ${days} days`,
} as const;

/** A price change in the timeline: `Price reduced by $15,000`. */
export function priceChangeText(before: PriceRange, after: PriceRange): string {
  const move = priceMove(before, after);
  if (move.direction === 'cut') return `Price reduced by ${dollars(move.amount)}`;
  if (move.direction === 'increase') return `Price increased by ${dollars(move.amount)}`;
  return 'Price changed';
}

/** `Sold for $265,000`, or `Sold` when the price is not known here. */
export const soldText = (salePrice: number | null) =>
  salePrice === null ? LISTING_HISTORY_MESSAGES.sold : `Sold for ${dollars(salePrice)}`;

/** A card's badge for a recent cut: `Price cut $15k`. */
export const priceCutBadge = (amount: number) => `Price cut ${shortUsd(amount)}`;

/** What a buyer is told when a home on their wishlist changes, in the app and by e-mail. */
export const SAVED_HOME_ALERTS = {
  priceCutTitle: 'Price cut on a home on your wishlist',
  priceIncreaseTitle: 'Price change on a home on your wishlist',
  priceBody: (title: string, before: PriceRange, after: PriceRange) =>
    `${title}: ${priceChangeText(before, after)
      .toLowerCase()
      .replace(/^price/, 'the price was')}, now ${rangeText(after)}.`,
  underOfferTitle: 'A home on your wishlist is under offer',
  underOfferBody: (title: string) =>
    `${title} has accepted an offer. It may come back on the market if the sale falls through.`,
  backOnMarketTitle: 'A home on your wishlist is back on the market',
  backOnMarketBody: (title: string) => `${title} is available again.`,
  soldTitle: 'A home on your wishlist has sold',
  soldBody: (title: string, salePrice: number | null) =>
    salePrice === null ? `${title} has sold.` : `${title} sold for ${dollars(salePrice)}.`,
  openHouseTitle: 'Open house at a home on your wishlist',
  openHouseBody: (title: string, times: string) => `${title} is open to visit ${times}.`,
} as const;

/** The subjects of saved-home alert e-mails: in our words, never a listing's title. */
export const SAVED_HOME_MAIL_SUBJECTS = {
  saved_home_price_changed: 'The price of a home on your wishlist has changed',
  saved_home_under_offer: 'A home on your wishlist is under offer',
  saved_home_back_on_market: 'A home on your wishlist is back on the market',
  saved_home_sold: 'A home on your wishlist has sold',
  saved_home_open_house: 'A home on your wishlist has an open house',
} as const;
