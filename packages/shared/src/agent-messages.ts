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
  reviewOnlyAfterPurchase: 'Only buyers who bought a home from this agent can review them.',
  reviewOwnProfile: 'You cannot review yourself.',
  reviewSaved: 'Review submitted!',
} as const;
