import { openHouseTimes } from './open-house-times.js';

/*
 * Viewing tours without the schema library: their states, what moves them, their limits, and how
 * a tour's time reads, so pages can import them from `@keyhaven/shared/constants`.
 */

/** Rules a tour keeps; the server checks them, the forms tell them. */
export const TOUR_LIMITS = {
  /** Buyers book at most this many days ahead; the slots list covers this far. */
  daysAhead: 14,
  noteMaxLength: 500,
  cancelReasonMaxLength: 500,
  /** Tour requests one buyer may send in an hour, like offers. */
  requestsPerHour: 10,
  /**
   * Answers or changes of one kind (confirm, propose, accept, decline, cancel, complete) one
   * account may make to tours in an hour: a busy agent's morning of requests fits; each mails the
   * other side, so an account proposing or cancelling over and over cannot fill an inbox.
   */
  changesPerHour: 60,
  /** Weekly opening ranges of one listing (several per weekday are fine). */
  maxWeeklyRanges: 21,
  /** Days off of one listing. */
  maxExceptions: 60,
  /** A confirmed tour nobody marked completed becomes completed this long after it ended. */
  autoCompleteHours: 24,
  /** Reminders go out this many hours before a confirmed tour. */
  reminderHours: [24, 1],
} as const;

export const TOUR_SLOT_MINUTES = [30, 45, 60, 90, 120] as const;
export type TourSlotMinutes = (typeof TOUR_SLOT_MINUTES)[number];

export const TOUR_KINDS = ['in-person', 'video'] as const;
export type TourKind = (typeof TOUR_KINDS)[number];

export const TOUR_STATUSES = [
  'pending',
  'confirmed',
  'rescheduled',
  'declined',
  'cancelled',
  'completed',
] as const;
export type TourStatus = (typeof TOUR_STATUSES)[number];

/**
 * A tour that holds its time: the agent is expected there, nobody else can book it, and the
 * buyer has an open request for the listing (one at a time).
 */
export const TOUR_ACTIVE_STATUSES = ['pending', 'confirmed', 'rescheduled'] as const;

/** What one side may do next; each tour lists those its reader may. */
export const TOUR_ACTIONS = [
  'confirm',
  'propose',
  'accept',
  'decline',
  'cancel',
  'complete',
] as const;
export type TourAction = (typeof TOUR_ACTIONS)[number];

export const TOUR_CANCELLERS = ['buyer', 'agent', 'system'] as const;
export type TourCanceller = (typeof TOUR_CANCELLERS)[number];

/** Sunday first, as `weekday` numbers them (0 = Sunday). */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/**
 * The tour pages' titles, apart from the rest of tours' words (`TOUR_MESSAGES`): the route table
 * and the dashboard's menu, which every page loads first, name the pages with these alone.
 */
export const TOUR_PAGE_TITLES = {
  agent: 'Tours',
  buyer: 'My Tours',
  availability: 'Viewing availability',
} as const;

/** The dashboard pages of tours; notices and e-mails link there. */
export const TOUR_PAGES = {
  /** The agent's Tours: requests waiting and upcoming tours by day, and past ones. */
  agent: '/dashboard/tours',
  /** The buyer's My Tours. */
  buyer: '/dashboard/my-tours',
  /** The agent sets a listing's viewing availability (`:id` = the listing). */
  availability: '/dashboard/tour-availability/:id',
} as const;

/**
 * A tour's time in full in `timeZone` (the home's, or the reader's own), worded as open houses
 * are: `Saturday, December 12, 1:00 PM – 1:30 PM EST`.
 */
export const tourTimes = openHouseTimes;
