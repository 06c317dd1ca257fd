import { z } from 'zod';
import { latestBuyingDateIso } from './buying-dates.js';
import { LIMITS, OFFER_STATUSES, REQUEST_STATUSES } from './constants.js';
import { hasAtMostCents } from './money.js';
import { strictNumber } from './numbers.js';
import { OFFER_MESSAGES, PAYMENT_HOLD_MESSAGES, type PaymentHold } from './offer-messages.js';
import { ZProperty } from './properties.js';

/** The user fields the web client sends along; they must name the caller, or be left out. */
const ZClaimedUser = {
  uid: z.string().max(64).optional(),
  _id: z.string().max(64).optional(),
  email: z.string().max(254).optional(),
  name: z.string().max(200).optional(),
  phone: z.string().max(60).nullish(),
  photo: z.string().max(2048).nullish(),
  role: z.string().max(20).optional(),
};

const amount = strictNumber(OFFER_MESSAGES.amountRequired, OFFER_MESSAGES.amountInDigits).pipe(
  z
    .number()
    .min(0, OFFER_MESSAGES.amountPositive)
    .max(LIMITS.priceMax, OFFER_MESSAGES.amountTooLarge)
    .refine(hasAtMostCents, OFFER_MESSAGES.amountCents),
);

export const ZMakeOfferRequest = z
  .object({
    ...ZClaimedUser,
    offerAmount: amount,
    selectedDate: z
      .string({ error: OFFER_MESSAGES.dateRequired })
      .trim()
      .min(1, OFFER_MESSAGES.dateRequired)
      .transform((value) => value.slice(0, 10))
      .pipe(z.iso.date({ error: OFFER_MESSAGES.dateRequired }))
      // A sale is planned within months: a date years ahead is a typo or a way to hold a home.
      .refine((value) => value <= latestBuyingDateIso(), OFFER_MESSAGES.dateTooFar),
  })
  .meta({ id: 'MakeOfferRequest' });
export type MakeOfferRequest = z.input<typeof ZMakeOfferRequest>;

export const ZWishlistRequest = z
  .object({
    wishlistStatus: z.unknown().optional(),
    wishlistUser: z.object(ZClaimedUser).optional(),
  })
  .meta({ id: 'WishlistRequest' });

export const ZUidBody = z.object({ uid: z.string().max(64).optional() }).meta({ id: 'UidBody' });

export const ZRequestStatusBody = z
  .object({
    requestStatus: z.string().max(20).optional(),
    userEmailToRemove: z.string().max(254).optional(),
  })
  .meta({ id: 'RequestStatusBody' });

export const ZBuyerEmailQuery = z.object({
  email: z.string().trim().toLowerCase().max(254).optional(),
});

/**
 * An accepted offer's payment deadline standing still while its listing is reviewed (the buyer
 * cannot pay meanwhile): since when, and the time to pay it keeps for when the review ends.
 */
export const ZPaymentPause = z
  .object({ since: z.string(), secondsLeft: z.number().int().nonnegative() })
  .nullable();

/** An offer as the agent sees it on Requested Properties: one row per offer. */
export const ZRequestedProperty = ZProperty.extend({
  offerId: z.string(),
  offerStatus: z.enum(OFFER_STATUSES),
  offerAmount: z.number(),
  selectedDate: z.string(),
  offeredAt: z.string(),
  buyerUID: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  buyerPhone: z.string().nullable(),
  transactionId: z.string().nullable(),
  /** When an accepted offer lapses unless paid (ISO time); null for other states and while paused. */
  payBy: z.string().nullable(),
  paymentPause: ZPaymentPause,
}).meta({ id: 'RequestedProperty' });
export type RequestedProperty = z.infer<typeof ZRequestedProperty>;

/** An offer as its buyer sees it on Purchased Properties. */
export const ZUserRequest = ZProperty.extend({
  offerId: z.string(),
  offerStatus: z.enum(OFFER_STATUSES),
  /** Pending, accepted, rejected or bought, and how an accepted offer can end unpaid. */
  requestStatus: z.enum(REQUEST_STATUSES),
  userRequestDetails: z.object({
    uid: z.string(),
    offerAmount: z.number(),
    selectedDate: z.string(),
  }),
  transactionId: z.string().nullable(),
  /** When an accepted offer lapses unless paid (ISO time); null for other states and while paused. */
  payBy: z.string().nullable(),
  paymentPause: ZPaymentPause,
  /** Why an accepted offer cannot be paid now (the listing is under review, its agent suspended). */
  paymentHold: z
    .enum(Object.keys(PAYMENT_HOLD_MESSAGES) as [PaymentHold, ...PaymentHold[]])
    .nullable(),
}).meta({ id: 'UserRequest' });
export type UserRequest = z.infer<typeof ZUserRequest>;

export const ZRequestedQuery = z.object({
  requestStatus: z.enum(['pending', 'accepted']).optional(),
});
