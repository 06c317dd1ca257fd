import type { Tour, TourAvailability, TourList, TourSlotsResponse } from '@keyhaven/shared';
import {
  TOUR_ACTIONS,
  TOUR_CANCELLERS,
  TOUR_KINDS,
  TOUR_STATUSES,
} from '@keyhaven/shared/constants';
import * as v from 'valibot';
import type { ContractTwin } from '@/lib/contract-twins';

/* Valibot twins of the tours' contract in @keyhaven/shared (see lib/contract-twins.ts). */

const weeklyRangeTwin = v.object({ weekday: v.number(), start: v.string(), end: v.string() });

const availabilityTwin = v.object({
  timeZone: v.nullable(v.string()),
  slotMinutes: v.number(),
  weekly: v.array(weeklyRangeTwin),
  exceptions: v.array(v.object({ date: v.string() })),
  zoneFromPin: v.boolean(),
});
export const ZTourAvailability: ContractTwin<typeof availabilityTwin, TourAvailability> =
  availabilityTwin;

const slotsTwin = v.object({
  timeZone: v.nullable(v.string()),
  slotMinutes: v.number(),
  slots: v.array(
    v.object({
      startsAt: v.string(),
      endsAt: v.string(),
      localDate: v.string(),
      localTime: v.string(),
    }),
  ),
});
export const ZTourSlotsResponse: ContractTwin<typeof slotsTwin, TourSlotsResponse> = slotsTwin;

const person = { id: v.string(), name: v.string() };
const tourTwin = v.object({
  id: v.string(),
  propertyId: v.nullable(v.string()),
  propertyTitle: v.string(),
  propertyLocation: v.string(),
  propertyImage: v.optional(v.string()),
  agent: v.object(person),
  buyer: v.object({ ...person, email: v.optional(v.string()) }),
  kind: v.picklist(TOUR_KINDS),
  note: v.string(),
  status: v.picklist(TOUR_STATUSES),
  startsAt: v.string(),
  endsAt: v.string(),
  timeZone: v.string(),
  proposedStartsAt: v.optional(v.string()),
  proposedEndsAt: v.optional(v.string()),
  cancelReason: v.optional(v.string()),
  cancelledBy: v.optional(v.picklist(TOUR_CANCELLERS)),
  declineReason: v.optional(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
  sequence: v.number(),
  actions: v.array(v.picklist(TOUR_ACTIONS)),
});
export const ZTour: ContractTwin<typeof tourTwin, Tour> = tourTwin;

const tourListTwin = v.object({
  side: v.picklist(['buyer', 'agent']),
  items: v.array(ZTour),
  total: v.number(),
});
export const ZTourList: ContractTwin<typeof tourListTwin, TourList> = tourListTwin;
