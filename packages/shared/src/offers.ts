import { z } from 'zod';
import { OFFER_STATUSES } from './constants.js';
import { OFFER_MESSAGES } from './messages.js';
import { ZProperty } from './properties.js';

/** Today as YYYY-MM-DD in UTC: a buying date must come after it. */
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

/** The user fields the spec's client sends; they must name the caller, or be left out. */
const ZClaimedUser = {
  uid: z.string().max(64).optional(),
  _id: z.string().max(64).optional(),
  email: z.string().max(254).optional(),
  name: z.string().max(200).optional(),
  phone: z.string().max(60).nullish(),
  photo: z.string().max(2048).nullish(),
  role: z.string().max(20).optional(),
};

const amount = z.preprocess(
  (value) =>
    value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value,
  z
    .number({ error: OFFER_MESSAGES.amountRequired })
    .refine(Number.isFinite, OFFER_MESSAGES.amountRequired)
    .min(0, 'Offer must be positive')
    .max(1_000_000_000, 'Offer is too large')
    .refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      OFFER_MESSAGES.amountCents,
    ),
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
      .pipe(z.iso.date({ error: OFFER_MESSAGES.dateRequired })),
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
}).meta({ id: 'RequestedProperty' });
export type RequestedProperty = z.infer<typeof ZRequestedProperty>;

/** An offer as its buyer sees it on Purchased Properties. */
export const ZUserRequest = ZProperty.extend({
  offerId: z.string(),
  offerStatus: z.enum(OFFER_STATUSES),
  /** The spec's wording: pending, accepted, rejected or bought. */
  requestStatus: z.enum(['pending', 'accepted', 'rejected', 'bought']),
  userRequestDetails: z.object({
    uid: z.string(),
    offerAmount: z.number(),
    selectedDate: z.string(),
  }),
  transactionId: z.string().nullable(),
}).meta({ id: 'UserRequest' });
export type UserRequest = z.infer<typeof ZUserRequest>;

export const ZRequestedQuery = z.object({
  requestStatus: z.enum(['pending', 'accepted']).optional(),
});
