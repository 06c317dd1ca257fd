import type {
  PaymentHold,
  Property,
  RequestedProperty,
  RequestStatus,
  UserRequest,
} from '@keyhaven/shared';
import { OFFER_STATUSES, REQUEST_STATUSES } from '@keyhaven/shared/constants';
import { PAYMENT_HOLD_MESSAGES } from '@keyhaven/shared/texts';
import * as v from 'valibot';
import type { ContractTwin, ListTwin } from '@/lib/contract-twins';
import { ZProperty } from '@/lib/listing';

export type { Property, RequestedProperty, RequestStatus, UserRequest };

/*
 * valibot twins of ZRequestedProperty and ZUserRequest in @keyhaven/shared: the buyer's buttons
 * on the listing page should not pull zod, and valibot keeps the first download small. Their
 * types turn any drift from the contract, in either direction, into a compile error.
 */
const paymentPause = v.nullable(
  v.object({ since: v.string(), secondsLeft: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
);

const requestedTwin = v.intersect([
  ZProperty,
  v.object({
    offerId: v.string(),
    offerStatus: v.picklist(OFFER_STATUSES),
    offerAmount: v.number(),
    selectedDate: v.string(),
    offeredAt: v.string(),
    buyerUID: v.string(),
    buyerName: v.string(),
    buyerEmail: v.string(),
    buyerPhone: v.nullable(v.string()),
    transactionId: v.nullable(v.string()),
    payBy: v.nullable(v.string()),
    paymentPause,
  }),
]);
const ZRequestedProperty: ContractTwin<typeof requestedTwin, RequestedProperty> = requestedTwin;
export const ZRequestedPropertyList: ListTwin<typeof ZRequestedProperty, RequestedProperty[]> =
  v.array(ZRequestedProperty);

const PAYMENT_HOLDS = Object.keys(PAYMENT_HOLD_MESSAGES) as PaymentHold[];

const userRequestTwin = v.intersect([
  ZProperty,
  v.object({
    offerId: v.string(),
    offerStatus: v.picklist(OFFER_STATUSES),
    requestStatus: v.picklist(REQUEST_STATUSES),
    userRequestDetails: v.object({
      uid: v.string(),
      offerAmount: v.number(),
      selectedDate: v.string(),
    }),
    transactionId: v.nullable(v.string()),
    payBy: v.nullable(v.string()),
    paymentPause,
    paymentHold: v.nullable(v.picklist(PAYMENT_HOLDS)),
  }),
]);
const ZUserRequest: ContractTwin<typeof userRequestTwin, UserRequest> = userRequestTwin;
export const ZUserRequestList: ListTwin<typeof ZUserRequest, UserRequest[]> = v.array(ZUserRequest);

/** An offer the buyer still stands behind: waiting for the agent, or accepted and to be paid. */
export const isLiveOffer = (offer: Pick<UserRequest, 'offerStatus'>) =>
  offer.offerStatus === 'pending' || offer.offerStatus === 'accepted';
