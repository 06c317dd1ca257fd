import { formatNumber } from './en-us-format.js';
import { TOUR_LIMITS } from './tour-times.js';

/*
 * The words of the tour screens beyond the contract's (tour-messages.ts): where the agent reaches
 * a listing's viewing times, how the buyer's own request reads on the listing's page, and the
 * lists' counts.
 */

export const TOUR_SCREEN_MESSAGES = {
  /** The way from My Properties and Tours to a listing's viewing availability. */
  viewingTimes: 'Viewing times',
  viewingTimesOf: (title: string) => `Viewing times of ${title}`,
  listingsSection: 'Viewing times of your listings',
  listingsIntro: 'Set the hours buyers may book a tour of each listing.',
  backToTours: 'Back to Tours',
  /** The buyer's open request on the listing's page. */
  yourTour: 'Your tour of this home',
  seeMyTours: 'See all your tours',
  onDay: (day: string) => `Tours on ${day}`,
  tourNoun: ['tour', 'tours'] as const,
  pastPages: 'Past tour pages',
  dayOffLabel: 'Day off',
  availabilityLoadFailed: 'The viewing availability could not be loaded.',
  noWeeklyHours: 'No weekly hours yet: buyers cannot request a tour.',
  timeZoneShown: (zone: string) => `Time zone of the home: ${zone} (from its map position)`,
} as const;

/** `120 / 500 characters` under the note to the agent. */
export const tourNoteLengthLabel = (length: number) =>
  `${formatNumber(length)} / ${formatNumber(TOUR_LIMITS.noteMaxLength)} characters`;

/** The same under a reason to cancel or decline. */
export const tourReasonLengthLabel = (length: number) =>
  `${formatNumber(length)} / ${formatNumber(TOUR_LIMITS.cancelReasonMaxLength)} characters`;
