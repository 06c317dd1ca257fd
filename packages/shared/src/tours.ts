import { z } from 'zod';
import { LIMITS } from './constants.js';
import { queryInteger } from './numbers.js';
import { TOUR_MESSAGES } from './tour-messages.js';
import {
  TOUR_ACTIONS,
  TOUR_CANCELLERS,
  TOUR_KINDS,
  TOUR_LIMITS,
  TOUR_SLOT_MINUTES,
  TOUR_STATUSES,
} from './tour-times.js';

/*
 * Viewing tours: a listing's weekly viewing hours, its free slots, a buyer's request and the tour
 * both sides read. Routes (module `apps/server/src/modules/tours`):
 *
 *   GET    /api/properties/:id/tour-availability  the listing's agent, admin  → ZTourAvailability
 *   PUT    /api/properties/:id/tour-availability  the listing's agent         ZTourAvailabilityRequest → ZTourAvailability
 *   GET    /api/properties/:id/tour-slots         signed-in (listing visible as its page is; its agent and admins always)
 *                                                                             → ZTourSlotsResponse
 *   POST   /api/properties/:id/tours              buyer (role user, confirmed e-mail), 10 an hour
 *                                                                             ZTourRequest → 201 ZTour
 *   GET    /api/tours?scope=upcoming|past&page&limit
 *                                                 buyer: their tours; agent: tours of their listings
 *                                                 (admins: 403; they open one tour by its id)
 *                                                                             → ZTourList
 *   GET    /api/tours/:id                         its buyer, its agent, admin → ZTour
 *   PATCH  /api/tours/:id/confirm                 its agent (pending → confirmed)          → ZTour
 *   PATCH  /api/tours/:id/propose                 its agent (pending|confirmed → rescheduled) ZTourProposeRequest → ZTour
 *   PATCH  /api/tours/:id/accept                  its buyer (rescheduled → confirmed at the proposed time) → ZTour
 *   PATCH  /api/tours/:id/decline                 its agent (pending|rescheduled → declined) ZTourDeclineRequest → ZTour
 *   PATCH  /api/tours/:id/cancel                  its buyer or agent (pending|confirmed|rescheduled, before it starts)
 *                                                                             ZTourCancelRequest → ZTour
 *   PATCH  /api/tours/:id/complete                its agent (confirmed, after it started) → ZTour
 *   GET    /api/tours/:id/calendar.ics            its buyer or agent: the current invitation (text/calendar)
 *
 * Refusals: 400 bad input, 401 signed out, 403 wrong role, 404 not found or someone else's tour,
 * 409 the listing or tour is not in a state for it (message from TOUR_MESSAGES), 429 too many.
 * Every tour carries `actions`: what its reader may do now, so screens never guess.
 */

const clockTime = z
  .string({ error: TOUR_MESSAGES.timeRequired })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, TOUR_MESSAGES.timeRequired);

const localDate = z
  .string({ error: TOUR_MESSAGES.dateRequired })
  .regex(/^\d{4}-\d{2}-\d{2}$/, TOUR_MESSAGES.dateRequired)
  .refine((date) => !Number.isNaN(Date.parse(`${date}T00:00:00Z`)), TOUR_MESSAGES.dateRequired);

const instant = z.iso.datetime({ offset: true, error: TOUR_MESSAGES.startsAtRequired });

/** Open hours on one weekday (0 = Sunday), on the home's wall clock. */
export const ZTourWeeklyRange = z
  .object({
    weekday: z.number({ error: TOUR_MESSAGES.weekdayRequired }).int().min(0).max(6),
    start: clockTime,
    end: clockTime,
  })
  .refine((range) => range.start < range.end, {
    message: TOUR_MESSAGES.endBeforeStart,
    path: ['end'],
  })
  .meta({ id: 'TourWeeklyRange' });
export type TourWeeklyRange = z.infer<typeof ZTourWeeklyRange>;

const slotMinutes = z
  .number({ error: TOUR_MESSAGES.slotMinutesInvalid })
  .refine(
    (minutes) => (TOUR_SLOT_MINUTES as readonly number[]).includes(minutes),
    TOUR_MESSAGES.slotMinutesInvalid,
  );

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * What the agent saves: weekly hours, tour length and days off. `timeZone` is read only for a
 * listing without a map position (its pin decides otherwise).
 */
export const ZTourAvailabilityRequest = z
  .object({
    timeZone: z
      .string()
      .trim()
      .max(64, TOUR_MESSAGES.unknownTimeZone)
      .nullish()
      .transform((zone) => zone || null),
    slotMinutes,
    weekly: z.array(ZTourWeeklyRange).max(TOUR_LIMITS.maxWeeklyRanges, TOUR_MESSAGES.tooManyRanges),
    exceptions: z
      .array(z.object({ date: localDate }))
      .max(TOUR_LIMITS.maxExceptions, TOUR_MESSAGES.tooManyExceptions)
      .refine(
        (days) => new Set(days.map((day) => day.date)).size === days.length,
        TOUR_MESSAGES.exceptionRepeated,
      ),
  })
  .superRefine((availability, context) => {
    availability.weekly.forEach((range, index) => {
      if (minutesOf(range.end) - minutesOf(range.start) < availability.slotMinutes) {
        context.addIssue({
          code: 'custom',
          message: TOUR_MESSAGES.rangeShorterThanSlot,
          path: ['weekly', index, 'end'],
        });
      }
      const overlapping = availability.weekly.some(
        (other, otherIndex) =>
          otherIndex < index &&
          other.weekday === range.weekday &&
          other.start < range.end &&
          range.start < other.end,
      );
      if (overlapping) {
        context.addIssue({
          code: 'custom',
          message: TOUR_MESSAGES.rangesOverlap,
          path: ['weekly', index, 'start'],
        });
      }
    });
  })
  .meta({ id: 'TourAvailabilityRequest' });
export type TourAvailabilityRequest = z.input<typeof ZTourAvailabilityRequest>;

/**
 * A listing's viewing availability as saved. `timeZone` is the home's (null: no map position and
 * none chosen yet); a listing never set up reads as no weekly hours, 30-minute tours.
 */
export const ZTourAvailability = z
  .object({
    timeZone: z.string().nullable(),
    slotMinutes: z.number().int(),
    weekly: z.array(ZTourWeeklyRange),
    exceptions: z.array(z.object({ date: z.string() })),
    /** Whether the listing has a map position (then `timeZone` comes from it, not the form). */
    zoneFromPin: z.boolean(),
  })
  .meta({ id: 'TourAvailability' });
export type TourAvailability = z.infer<typeof ZTourAvailability>;

/** One free time to book: instants, and the home's local date and time it starts. */
export const ZTourSlot = z
  .object({
    startsAt: z.string(),
    endsAt: z.string(),
    localDate: z.string(),
    localTime: z.string(),
  })
  .meta({ id: 'TourSlot' });
export type TourSlot = z.infer<typeof ZTourSlot>;

/** The free times over the next 14 days, soonest first, in the home's zone. */
export const ZTourSlotsResponse = z
  .object({
    /** Null: the listing has no zone yet, so no slots. */
    timeZone: z.string().nullable(),
    slotMinutes: z.number().int(),
    slots: z.array(ZTourSlot),
  })
  .meta({ id: 'TourSlotsResponse' });
export type TourSlotsResponse = z.infer<typeof ZTourSlotsResponse>;

export const ZTourRequest = z
  .object({
    startsAt: instant,
    kind: z.enum(TOUR_KINDS, { error: TOUR_MESSAGES.kindRequired }),
    note: z
      .string()
      .trim()
      .max(TOUR_LIMITS.noteMaxLength, TOUR_MESSAGES.noteTooLong)
      .optional()
      .transform((note) => note ?? ''),
  })
  .meta({ id: 'TourRequest' });
export type TourRequest = z.input<typeof ZTourRequest>;

export const ZTourProposeRequest = z
  .object({ startsAt: instant })
  .meta({ id: 'TourProposeRequest' });
export type TourProposeRequest = z.input<typeof ZTourProposeRequest>;

const reason = z
  .string()
  .trim()
  .max(TOUR_LIMITS.cancelReasonMaxLength, TOUR_MESSAGES.reasonTooLong);

export const ZTourDeclineRequest = z
  .object({ reason: reason.optional().transform((text) => text || null) })
  .meta({ id: 'TourDeclineRequest' });
export type TourDeclineRequest = z.input<typeof ZTourDeclineRequest>;

export const ZTourCancelRequest = z
  .object({ reason: reason.min(1, TOUR_MESSAGES.reasonRequired) })
  .meta({ id: 'TourCancelRequest' });
export type TourCancelRequest = z.input<typeof ZTourCancelRequest>;

const person = z.object({ id: z.string(), name: z.string() });

/** A tour as its buyer, its agent or an admin reads it. Times are instants in ISO form. */
export const ZTour = z
  .object({
    id: z.string(),
    /** Null once the listing is withdrawn (deleted): its tours stay, cancelled, with its title. */
    propertyId: z.string().nullable(),
    propertyTitle: z.string(),
    propertyLocation: z.string(),
    propertyImage: z.string().optional(),
    agent: person,
    /** `email` only for the agent (and admins): the buyer's address to reach them. */
    buyer: person.extend({ email: z.string().optional() }),
    kind: z.enum(TOUR_KINDS),
    note: z.string(),
    status: z.enum(TOUR_STATUSES),
    startsAt: z.string(),
    endsAt: z.string(),
    /** The home's zone: the wall clock the tour is on. */
    timeZone: z.string(),
    /** While `rescheduled`: the agent's new time, waiting for the buyer. */
    proposedStartsAt: z.string().optional(),
    proposedEndsAt: z.string().optional(),
    cancelReason: z.string().optional(),
    cancelledBy: z.enum(TOUR_CANCELLERS).optional(),
    /** Why the agent declined, if they said. */
    declineReason: z.string().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The invitation's SEQUENCE: grows with every change of time or state. */
    sequence: z.number().int(),
    /** What the reader may do now. */
    actions: z.array(z.enum(TOUR_ACTIONS)),
  })
  .meta({ id: 'Tour' });
export type Tour = z.infer<typeof ZTour>;

export const TOUR_LIST_SCOPES = ['upcoming', 'past'] as const;

/**
 * `upcoming`: tours still holding their time (pending, confirmed, rescheduled) that have not
 * ended, soonest first; `past`: the rest, latest first.
 */
export const ZTourListQuery = z.object({
  scope: z.enum(TOUR_LIST_SCOPES).default('upcoming'),
  page: queryInteger(1, 100_000, 1),
  limit: queryInteger(1, LIMITS.maxPageSize, LIMITS.defaultPageSize),
});

export const ZTourList = z
  .object({
    /** Which side the reader is on: `agent` lists tours of their listings, `buyer` their own. */
    side: z.enum(['buyer', 'agent']),
    items: z.array(ZTour),
    total: z.number().int(),
  })
  .meta({ id: 'TourList' });
export type TourList = z.infer<typeof ZTourList>;

export const ZTourIdParams = z.object({ id: z.uuid({ error: TOUR_MESSAGES.notFound }) });
