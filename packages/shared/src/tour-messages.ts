import { tooLongMessage } from './messages.js';
import type { NotificationKind } from './notification-kinds.js';
import { TOUR_LIMITS, TOUR_PAGE_TITLES, type TourKind, type TourStatus } from './tour-times.js';

/*
 * The words of viewing tours: the listing's Request a tour, the agent's Viewing availability and
 * Tours pages, the buyer's My Tours, the server's refusals, notices, e-mails and invitations.
 */

export const TOUR_MESSAGES = {
  // Page titles and sections
  agentPageTitle: TOUR_PAGE_TITLES.agent,
  buyerPageTitle: TOUR_PAGE_TITLES.buyer,
  requestTitle: 'Request a tour',
  availabilityTitle: TOUR_PAGE_TITLES.availability,
  requestsSection: 'Requests waiting for you',
  upcomingSection: 'Upcoming tours',
  pastSection: 'Past tours',
  // Empty and loading states
  agentEmpty: 'No tour requests yet. Buyers request tours from your listings’ pages.',
  buyerEmpty: 'You have no tours yet. Pick a time on a listing’s page to request one.',
  pastEmpty: 'No past tours.',
  noSlots: 'No free times in the next 14 days. Ask the agent a question instead.',
  noAvailability: 'The agent has not opened times for viewings of this home yet.',
  loadFailed: 'The tours could not be loaded.',
  slotsLoadFailed: 'The free times could not be loaded.',
  loading: 'Loading tours...',
  // The buyer's request form
  chooseSlot: 'Choose a time',
  slotLabel: 'Time',
  kindLabel: 'Tour type',
  noteLabel: 'Note for the agent (optional)',
  noteHint: `At most ${TOUR_LIMITS.noteMaxLength} characters`,
  send: 'Request this time',
  sending: 'Sending...',
  requested: 'Tour requested. The agent will confirm it or propose another time.',
  inHomeZone: (zone: string) => `Times are where the home is (${zone}).`,
  inYourZone: (times: string) => `Your time: ${times}`,
  signInToRequest: 'Sign in to request a tour',
  verifyBeforeTour: 'Please confirm your e-mail address before requesting a tour.',
  // The agent's availability form
  availabilityIntro:
    'Buyers can request a tour in these hours over the next 14 days, on the clock where the home is.',
  weeklyLabel: 'Weekly hours',
  weekdayLabel: 'Day',
  startLabel: 'From',
  endLabel: 'To',
  addRange: 'Add hours',
  removeRange: 'Remove',
  removeRangeLabel: (day: string, from: string, to: string) => `Remove ${day} ${from}–${to}`,
  slotMinutesLabel: 'Length of a tour',
  slotMinutesOption: (minutes: number) => `${minutes} minutes`,
  exceptionsLabel: 'Days off',
  addException: 'Add a day off',
  removeException: (date: string) => `Remove the day off ${date}`,
  timeZoneLabel: 'Time zone of the home',
  timeZoneHint: 'This listing has no map position, so choose where the home is.',
  chooseTimeZone: 'Choose a time zone',
  saveAvailability: 'Save availability',
  availabilitySaved: 'Viewing availability saved.',
  // Actions
  confirm: 'Confirm',
  propose: 'Propose another time',
  proposeTitle: 'Propose another time',
  proposeSend: 'Propose this time',
  accept: 'Accept the new time',
  decline: 'Decline',
  cancel: 'Cancel tour',
  complete: 'Mark as completed',
  addToCalendar: 'Add to calendar',
  reasonLabel: 'Reason',
  declineReasonLabel: 'Reason (optional)',
  cancelTitle: 'Cancel this tour?',
  declineTitle: 'Decline this request?',
  keep: 'Keep the tour',
  confirmed: 'Tour confirmed.',
  proposed: 'New time proposed. The buyer will be asked to accept it.',
  accepted: 'New time accepted. The tour is confirmed.',
  declined: 'Tour request declined.',
  cancelled: 'Tour cancelled.',
  completedDone: 'Tour marked as completed.',
  actionFailed: 'That did not work. Please try again.',
  // Reading a tour
  proposedTime: (times: string) => `Proposed new time: ${times}`,
  requestedBy: (name: string) => `Requested by ${name}`,
  withAgent: (name: string) => `With ${name}`,
  noteFrom: (note: string) => `Note: ${note}`,
  cancelledWithReason: (reason: string) => `Cancelled: ${reason}`,
  cancelledBySystem: 'Cancelled automatically',
  /** The reason a tour cancelled by the marketplace itself carries. */
  systemReasons: {
    sold: 'The home was sold',
    withdrawn: 'The listing was withdrawn',
    agentUnavailable: 'The agent can no longer show this home',
    lapsed: 'The time passed without an answer from the agent',
  },
  // Validation
  slotRequired: 'Choose a time',
  kindRequired: 'Choose in person or video call',
  noteTooLong: tooLongMessage('Note', TOUR_LIMITS.noteMaxLength),
  reasonRequired: 'Please give a reason',
  reasonTooLong: tooLongMessage('Reason', TOUR_LIMITS.cancelReasonMaxLength),
  startsAtRequired: 'Choose a time',
  timeRequired: 'Time is required',
  dateRequired: 'Date is required',
  weekdayRequired: 'Choose a day',
  slotMinutesInvalid: 'Choose a tour length of 30, 45, 60, 90 or 120 minutes',
  endBeforeStart: 'The end must be after the start',
  rangeShorterThanSlot: 'These hours are shorter than one tour',
  rangesOverlap: 'Hours on the same day overlap',
  tooManyRanges: `At most ${TOUR_LIMITS.maxWeeklyRanges} weekly hours`,
  tooManyExceptions: `At most ${TOUR_LIMITS.maxExceptions} days off`,
  exceptionRepeated: 'This day off is listed twice',
  timeZoneRequired: 'Choose the time zone of the home',
  unknownTimeZone: 'Unknown time zone',
  // Refusals
  notFound: 'Tour not found',
  listingNotFound: 'Property not found',
  notYourListing: 'Only the listing’s agent sets its viewing availability',
  listingUnderReview: 'This listing is being reviewed and takes no tour requests for now',
  listingNotOpen: 'This listing takes no tour requests',
  listingSold: 'This home is sold',
  agentUnavailable: 'This agent takes no tour requests',
  ownListing: 'You cannot request a tour of your own listing',
  slotNotFree: 'That time is no longer free. Please choose another.',
  slotNotOnGrid: 'That time is not one of the listing’s tour times',
  alreadyRequested:
    'You already have an open tour request for this home. Cancel it to request another time.',
  buyerOverlap: 'You have another tour at that time',
  onlyBuyers: 'Only buyers request tours',
  onlyAgent: 'Only the listing’s agent can do this',
  onlyBuyer: 'Only the buyer who requested the tour can do this',
  tooMany: 'You are requesting tours too fast. Please wait a while and try again.',
  alreadyStarted: 'This tour has already started',
  notStartedYet: 'This tour has not started yet',
  /** Refusal of an action in the wrong state: says what the tour is now. */
  wrongState: (status: TourStatus) => TOUR_STATE_REFUSALS[status],
  noProposal: 'There is no new time to accept',
  sameTime: 'Propose a time other than the current one',
  // Notices (in the app) and e-mails
  noticeRequested: (title: string) => `Tour request for ${title}`,
  noticeRequestedBody: (buyer: string, times: string, kind: TourKind) =>
    `${buyer} asks for ${kindWords(kind)} on ${times}.`,
  noticeConfirmed: (title: string) => `Your tour of ${title} is confirmed`,
  noticeConfirmedBody: (times: string) => `See you on ${times}.`,
  noticeProposed: (title: string) => `New time proposed for your tour of ${title}`,
  noticeProposedBody: (times: string) => `The agent proposes ${times}. Accept it in My Tours.`,
  noticeAccepted: (title: string) => `New tour time accepted for ${title}`,
  noticeAcceptedBody: (buyer: string, times: string) =>
    `${buyer} accepted ${times}. The tour is confirmed.`,
  noticeDeclined: (title: string) => `Your tour request for ${title} was declined`,
  noticeDeclinedBody: (reason: string | null) =>
    reason ? `The agent’s reason: ${reason}` : 'Choose another time, or ask the agent a question.',
  noticeCancelled: (title: string) => `Tour of ${title} cancelled`,
  noticeCancelledBody: (who: string, times: string, reason: string) =>
    `${who} cancelled the tour of ${times}. Reason: ${reason}`,
  noticeCancelledBySystem: (times: string) =>
    `The tour of ${times} is cancelled: the listing is no longer available.`,
  noticeCancelledAgentUnavailable: (times: string) =>
    `The tour of ${times} is cancelled: the agent can no longer show this home.`,
  noticeLapsed: (title: string) => `Your tour request for ${title} has lapsed`,
  noticeLapsedBody: (times: string) =>
    `The requested time (${times}) passed without an answer. Choose another time.`,
  noticeReminder: (title: string, hours: number) =>
    hours === 1 ? `Your tour of ${title} starts in an hour` : `Your tour of ${title} is tomorrow`,
  noticeReminderBody: (times: string, kind: TourKind) => `${kindCapitalised(kind)}: ${times}.`,
  noticeCompleted: (title: string) => `Your tour of ${title} is completed`,
  noticeCompletedBody: (agent: string) => `How was it? You can now review ${agent}.`,
  // The invitation
  calendarSummary: (title: string) => `Home tour: ${title}`,
  calendarDescription: (title: string, kind: TourKind, link: string) =>
    `${kindCapitalised(kind)} of ${title}. Listing: ${link}`,
  calendarFileName: (id: string) => `tour-${id}.ics`,
} as const;

/**
 * E-mail subjects of tour notices, in our own words (the notice's title, quoting the listing's
 * title, heads the message instead).
 */
export const TOUR_MAIL_SUBJECTS: Record<Extract<NotificationKind, `tour_${string}`>, string> = {
  tour_requested: 'New tour request for your listing',
  tour_confirmed: 'A tour is confirmed',
  tour_rescheduled: 'A new time is proposed for your tour',
  tour_declined: 'Your tour request was declined',
  tour_cancelled: 'A tour is cancelled',
  tour_reminder: 'Reminder: your tour is coming up',
  tour_completed: 'How was your tour?',
};

/** Each state's name, on badges and in refusals. */
export const TOUR_STATUS_LABELS: Record<TourStatus, string> = {
  pending: 'Waiting for the agent',
  confirmed: 'Confirmed',
  rescheduled: 'New time proposed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

/** Why an action does not fit: what the tour is now. */
const TOUR_STATE_REFUSALS: Record<TourStatus, string> = {
  pending: 'This tour is still waiting for the agent',
  confirmed: 'This tour is already confirmed',
  rescheduled: 'A new time is proposed for this tour and waits for the buyer',
  declined: 'This tour request was declined',
  cancelled: 'This tour is cancelled',
  completed: 'This tour is completed',
};

export const TOUR_KIND_LABELS: Record<TourKind, string> = {
  'in-person': 'In person',
  video: 'Video call',
};

const kindWords = (kind: TourKind) => (kind === 'video' ? 'a video tour' : 'an in-person tour');
const kindCapitalised = (kind: TourKind) => (kind === 'video' ? 'Video tour' : 'In-person tour');
