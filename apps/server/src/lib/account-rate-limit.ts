import type { RateLimitOptions } from '@fastify/rate-limit';
import {
  BUSINESS_LIMITS,
  ENGAGEMENT_LIMITS,
  OPEN_HOUSE_LIMITS,
  SHOPPING_TOGETHER_LIMITS,
  TOUR_LIMITS,
} from '@keyhaven/shared/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What one account may repeat in an hour (a day for invitations). A buyer reviews a handful of homes and offers on a
 * few; more is one account flooding Home's Latest Reviews (or bumping its review to the top
 * all day) or an agent's Requested Properties (offering and withdrawing over and over).
 */
export const ACCOUNT_LIMITS = {
  review: 10,
  offer: 10,
  withdrawal: 5,
  /** Questions and replies: a conversation's pace, not a mailing list's. */
  message: ENGAGEMENT_LIMITS.messagesPerHour,
  /** Reports of listings: a buyer flags the odd listing, not a page of them. */
  report: BUSINESS_LIMITS.reportsPerHour,
  /**
   * Notifications marked read, one at a time or all at once: a person reads a few dozen an hour
   * at most; each tells every open page of theirs.
   */
  notificationRead: 300,
  notificationReadAll: 60,
  /** Open houses added or removed: an agent plans a few a week per listing. */
  openHouse: OPEN_HOUSE_LIMITS.addsPerHour,
  /** Tour requests: a buyer asks to see a few homes, as they offer on a few. */
  tour: TOUR_LIMITS.requestsPerHour,
  tourChange: TOUR_LIMITS.changesPerHour,
  /** Invitations to shop together: each mails an address, so they are counted over a day. */
  sharedInvite: SHOPPING_TOGETHER_LIMITS.invitationsPerDay,
  /** Notes, reactions, removals and answers on a shared wishlist: each may tell the others. */
  sharedChange: SHOPPING_TOGETHER_LIMITS.changesPerHour,
} as const;
export type AccountAction = keyof typeof ACCOUNT_LIMITS;
export type AccountLimits = Record<AccountAction, number>;

const WINDOW = '1 hour';
/** The actions whose allowance is a day's, not an hour's. */
const DAILY: ReadonlySet<AccountAction> = new Set(['sharedInvite']);

declare module 'fastify' {
  interface FastifyInstance {
    /** The hourly allowance per account of each limited action (ACCOUNT_LIMITS unless a test says). */
    accountLimits: AccountLimits;
  }
}

/**
 * A route's rate limit counted per signed-in account, not per address: one account must not
 * get round it by changing address, and buyers sharing an office or a phone network must not
 * use up each other's allowance. The counters live where the app's other limits do (Redis
 * when `REDIS_URL` is set), so every instance shares them.
 *
 * Counted just before the handler: after the access check (callers the route refuses use up
 * nothing, and there is always an account to count) and after validation (a form sent back
 * for a typo costs nothing); refusals by the service (an offer out of range, a second pending
 * offer) count. Over the limit the answer is 429 with Retry-After.
 */
export function perAccount(app: FastifyInstance, action: AccountAction): RateLimitOptions {
  return {
    max: app.accountLimits[action],
    timeWindow: DAILY.has(action) ? '1 day' : WINDOW,
    hook: 'preHandler',
    keyGenerator: async (request: FastifyRequest) => {
      const user = await request.requireUser();
      return `account:${user.id}`;
    },
  };
}
