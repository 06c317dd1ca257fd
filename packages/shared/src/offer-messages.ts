import { LIMITS } from './constants.js';
import { atMostCharactersMessage, MESSAGES } from './messages.js';
import { formatDollars } from './money.js';

/*
 * The words of offers, payments and reviews. Apart from the texts every page may show, so that the
 * first download carries only what the home page needs.
 */

export const OFFER_MESSAGES = {
  amountRequired: 'Offer amount is required',
  /** An amount holding something other than digits, such as `1e5`. */
  amountInDigits: 'Enter the offer amount in digits',
  amountPositive: 'Offer must be positive',
  amountTooLarge: 'Offer is too large',
  dateRequired: 'Buying date is required',
  dateInPast: 'Buying date must be in the future',
  dateTooFar: 'Buying date must be within two years',
  amountCents: 'Offers can have at most two decimals',
  submitted: 'Your offer has been submitted successfully.',
  sentTitle: 'Offer Sent!',
  failedTitle: 'Error',
  failed: MESSAGES.somethingWentWrong,
  requested: 'Offer Requested',
  statusUpdated: 'Request status updated successfully.',
  statusUpdateFailed: 'Failed to update request status',
  accepted: 'Property request has been accepted',
  acceptFailed: 'Failed to accept property request',
  removed: 'Removed!',
  removeFailed: 'Something went wrong while removing the property.',
  wishlistAdded: 'Added to wishlist!',
  wishlistFailed: 'Something went wrong',
  wishlistEmpty: 'Your wishlist is empty',
  noPurchases: 'No Purchased Properties',
  notFoundText: "The property you're trying to make an offer on couldn't be found.",
  acceptWhileUnderReview:
    'This property is waiting for review: its offers can be accepted once an admin approves it.',
  withdrawn: 'Your offer has been withdrawn and the home is offered to other buyers again.',
  released: 'The accepted offer has been released and the home is offered to other buyers again.',
  releaseBeforeDeadline:
    'The buyer still has time to pay. You can release the offer once the payment deadline passes, or ask an admin.',
  noAcceptedOffer: 'There is no unpaid accepted offer on this property.',
  releaseWhileDeadlinePaused:
    "The buyer's payment deadline is paused while this property is under review. You can release the offer once it resumes and passes, or ask an admin.",
} as const;

/** Why an accepted offer cannot be paid right now; shown to the buyer on their dashboard. */
export const PAYMENT_HOLD_MESSAGES = {
  'under-review':
    'This property is being checked by our team. Payment is on hold until it is approved; you will not be charged.',
  'agent-suspended':
    "Payment is on hold: this property's agent is under investigation. You will not be charged.",
} as const;
export type PaymentHold = keyof typeof PAYMENT_HOLD_MESSAGES;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * `2 days and 5 hours`: the time to pay a paused payment deadline keeps for the buyer (days and
 * hours, or hours and minutes under a day).
 */
export function timeToPayLeft(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'less than a minute';
  const [big, bigUnit, small, smallUnit] =
    minutes >= 24 * 60
      ? [Math.floor(minutes / (24 * 60)), 'day', Math.floor(minutes / 60) % 24, 'hour']
      : [Math.floor(minutes / 60), 'hour', minutes % 60, 'minute'];
  if (big === 0) return plural(small, smallUnit);
  return small === 0
    ? plural(big, bigUnit)
    : `${plural(big, bigUnit)} and ${plural(small, smallUnit)}`;
}

/** What a paused payment deadline means, for the buyer who cannot pay meanwhile. */
export const pausedDeadlineMessage = (secondsLeft: number) =>
  `Your payment deadline is paused while our team reviews this property. You will still have ${timeToPayLeft(secondsLeft)} to pay once it is approved.`;

/** What buyers see of a listing that has never been approved, in their saved and offered lists. */
export const LISTING_UNDER_REVIEW = {
  title: 'Under review',
  description:
    'This listing is being checked by our team. Its details will show again once it is approved.',
} as const;

export const REVIEW_MESSAGES = {
  submitted: 'Review submitted!',
  failedTitle: 'Error submitting review',
  failed: 'Something went wrong.',
  none: 'No reviews found',
  deleted: 'Review deleted.',
  propertyRequired: 'Choose the property you are reviewing',
  ratingNotNumber: `Rating must be a number from ${LIMITS.ratingMin} to ${LIMITS.ratingMax}`,
  ratingNotWhole: `Rating must be a whole number from ${LIMITS.ratingMin} to ${LIMITS.ratingMax}`,
  ratingOutOfRange: `Rating must be from ${LIMITS.ratingMin} to ${LIMITS.ratingMax}`,
  titleTooLong: atMostCharactersMessage(LIMITS.reviewTitleMaxLength),
  textTooLong: atMostCharactersMessage(LIMITS.reviewTextMaxLength),
} as const;

export const PAYMENT_MESSAGES = {
  sessionFailedTitle: 'Payment Failed',
  sessionFailed: 'Something went wrong while creating the payment session.',
  success: 'Payment Successful!',
  notVerified: 'Payment Not Verified',
  error: 'Error Occurred',
  declined: 'Your card was declined. No payment was taken; try another card.',
  unknownTestCard: 'This is a test checkout: use the card 4242 4242 4242 4242.',
  deadlinePassed:
    'The time to pay for this offer has passed, and the home has been offered to other buyers again.',
  notPayable: 'This offer can no longer be paid.',
} as const;

/** `Offer must be between $250,000 and $280,000`: an offer stays within the listing's price range. */
export const offerBoundsMessage = (min: number, max: number) =>
  `Offer must be between ${formatDollars(min)} and ${formatDollars(max)}`;
