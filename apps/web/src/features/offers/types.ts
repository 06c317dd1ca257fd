import {
  OFFER_STATUSES,
  type Property,
  type RequestedProperty,
  type UserRequest,
} from '@keyhaven/shared';
import * as z from 'zod/mini';
import { ZProperty } from '@/features/properties/types';

export type { Property, RequestedProperty, UserRequest };

/*
 * zod/mini twins of ZRequestedProperty and ZUserRequest in @keyhaven/shared: the buyer's buttons
 * on the listing page should not pull the full zod build. `Exactly` turns any drift from the
 * contract, in either direction, into a compile error.
 */
type Exactly<Twin, Contract> = [Twin] extends [Contract]
  ? [Contract] extends [Twin]
    ? Contract
    : never
  : never;

const requestedTwin = z.intersection(
  ZProperty,
  z.object({
    offerId: z.string(),
    offerStatus: z.enum(OFFER_STATUSES),
    offerAmount: z.number(),
    selectedDate: z.string(),
    offeredAt: z.string(),
    buyerUID: z.string(),
    buyerName: z.string(),
    buyerEmail: z.string(),
    buyerPhone: z.nullable(z.string()),
    transactionId: z.nullable(z.string()),
  }),
);
export const ZRequestedProperty: z.ZodMiniType<
  Exactly<z.output<typeof requestedTwin>, RequestedProperty>
> = requestedTwin;
export const ZRequestedPropertyList = z.array(ZRequestedProperty);

const userRequestTwin = z.intersection(
  ZProperty,
  z.object({
    offerId: z.string(),
    offerStatus: z.enum(OFFER_STATUSES),
    requestStatus: z.enum(['pending', 'accepted', 'rejected', 'bought']),
    userRequestDetails: z.object({
      uid: z.string(),
      offerAmount: z.number(),
      selectedDate: z.string(),
    }),
    transactionId: z.nullable(z.string()),
  }),
);
export const ZUserRequest: z.ZodMiniType<Exactly<z.output<typeof userRequestTwin>, UserRequest>> =
  userRequestTwin;
export const ZUserRequestList = z.array(ZUserRequest);

export const ZMessage = z.object({ message: z.string() });

/** The buyer's wording of an offer's state (spec section 4). */
export type RequestStatus = UserRequest['requestStatus'];

/** An offer the buyer still stands behind: waiting for the agent, or accepted and to be paid. */
export const isLiveOffer = (offer: Pick<UserRequest, 'offerStatus'>) =>
  offer.offerStatus === 'pending' || offer.offerStatus === 'accepted';
