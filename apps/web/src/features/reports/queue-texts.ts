/** The queue's words for a listing's approval (as its badge reads across the dashboard). */
export const APPROVAL_LABELS = { pending: 'Pending', true: 'Approved', false: 'Rejected' } as const;

export const QUEUE_TEXT = {
  heading: 'Reported Listings',
  intro:
    'Listings that people reported, most reported first. One decision closes every open report on a listing, and the reporters are told the outcome.',
  listTitle: 'Open reports',
  empty: 'No listing is reported.',
  emptyDetail: 'Reports people send from a listing’s page wait here for a decision.',
  loading: 'Loading reported listings',
  failure: "We couldn't load the reported listings. Please try again.",
  pages: 'Reported listings pages',
  hidden: 'Hidden from search',
  decisionFailed: 'The decision could not be saved. Please try again.',
  correctionNoteLabel: 'What should the agent correct?',
  alreadyFraud: 'This agent is already marked as fraud.',
  adminNotFraud: "An admin's account cannot be marked as fraud.",
  notAgent: 'Only an agent can be marked as fraud.',
} as const;
