import { formatNumber } from './en-us-format.js';
import { atMostCharactersMessage } from './messages.js';

/** How much an agent may write about themselves, and where they work. */
export const AGENT_PROFILE_LIMITS = {
  bioMaxLength: 1000,
  serviceAreasMax: 10,
  serviceAreaMaxLength: 80,
  searchMaxLength: 100,
} as const;

/** How the agents' directory can be ordered. */
export const AGENT_SORTS = ['sales', 'rating'] as const;
export type AgentSort = (typeof AGENT_SORTS)[number];

export const AGENT_MESSAGES = {
  notFound: 'Agent not found',
  profileSaved: 'Your profile was saved.',
  bioTooLong: atMostCharactersMessage(AGENT_PROFILE_LIMITS.bioMaxLength),
  areaTooLong: atMostCharactersMessage(AGENT_PROFILE_LIMITS.serviceAreaMaxLength),
  areaEmpty: 'A service area cannot be empty',
  tooManyAreas: `At most ${AGENT_PROFILE_LIMITS.serviceAreasMax} service areas`,
  areasRepeated: 'Each service area only once',
  reviewOnlyAfterPurchase:
    'Only buyers who toured or bought a home with this agent can review them.',
  reviewOwnProfile: 'You cannot review yourself.',
  reviewSaved: 'Review submitted!',
  directoryHeading: 'Find an Agent',
  directoryIntro:
    'Agents who list homes here, with the homes they have sold and what their buyers say about them.',
  directoryEmpty: 'No agents match your search.',
  directoryFailed: "We couldn't load the agents. Please try again.",
  profileFailed: "We couldn't load this agent. Please try again.",
  editHeading: 'My Agent Profile',
  editIntro:
    'What buyers read on your profile page. Your name, photo and phone number come from your account.',
  noBio: 'This agent has not written about themselves yet.',
  noListings: 'No homes on the market right now.',
  noSales: 'No homes sold yet.',
  reviewsFromBuyers: 'Only buyers who toured or bought a home with this agent can review them.',
} as const;

/** How long an agent takes to answer, in words: "under an hour", "about 3 hours", "about 2 days". */
export function responseTimeText(minutes: number | null) {
  if (minutes === null) return 'Not enough messages or tour requests yet';
  if (minutes < 60) return 'Under an hour';
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `About ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  const days = Math.round(hours / 24);
  return `About ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The bio's count under its field. */
export const bioLengthLabel = (length: number) =>
  `${formatNumber(length)} / ${formatNumber(AGENT_PROFILE_LIMITS.bioMaxLength)} characters`;
