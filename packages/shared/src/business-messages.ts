/* The words of listing reports, analytics and the admin dashboard. */

export const REPORT_MESSAGES = {
  reasonRequired: 'Please choose a reason',
  noteTooLong: 'Please keep the note under 1000 characters',
  reported: 'Thank you. An admin will look at this listing.',
  alreadyReported: 'You have already reported this listing. An admin will look at it.',
  ownListing: 'You cannot report your own listing.',
  tooMany: 'You have sent many reports in the last hour. Please try again later.',
  notFound: 'Property not found',
  noOpenReports: 'This listing has no open reports.',
  correctionNoteRequired: 'Please tell the agent what to correct',
  correctionNoteTooLong: 'Please keep the note under 1000 characters',
  dismissed: 'The reports were dismissed.',
  correctionRequested: 'The agent was asked for a correction.',
  listingRemoved: 'The listing was removed.',
  agentMarkedFraud: 'The agent was marked as fraud.',
} as const;

/** What a reporter is told of the outcome, by decision. */
export const REPORT_OUTCOME_MESSAGES = {
  dismiss: 'An admin looked at the listing you reported and found nothing to change.',
  request_correction: 'An admin asked the agent to correct the listing you reported.',
  remove_listing: 'The listing you reported was removed.',
  mark_agent_fraud: "The listing you reported was removed and its agent's account was closed.",
} as const;

export const ANALYTICS_MESSAGES = {
  noListings: 'You have no listings yet.',
  noData: 'No activity in this period yet.',
  comparedWith: (days: number) => `against the ${days} days before`,
} as const;

export const AUDIT_MESSAGES = {
  empty: 'No entries match these filters.',
  badDateRange: 'The start date must not be after the end date',
} as const;
