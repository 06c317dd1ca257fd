import { z } from 'zod';
import { LIMITS, POSTED_REVIEW_TARGETS, REVIEW_TARGETS } from './constants.js';
import { NEWSLETTER_MESSAGES } from './messages.js';
import { strictNumberInput } from './number-input.js';
import { queryInteger } from './numbers.js';
import { REVIEW_MESSAGES } from './offer-messages.js';
import { ZServedImageUrl } from './uploads.js';

const rating = z.preprocess(
  strictNumberInput,
  z
    .number({ error: REVIEW_MESSAGES.ratingNotNumber })
    .int(REVIEW_MESSAGES.ratingNotWhole)
    .min(LIMITS.ratingMin, REVIEW_MESSAGES.ratingOutOfRange)
    .max(LIMITS.ratingMax, REVIEW_MESSAGES.ratingOutOfRange)
    .default(LIMITS.ratingDefault),
);

/** What every review says, whatever it reviews. */
const reviewContent = {
  rating,
  title: z
    .string()
    .trim()
    .max(LIMITS.reviewTitleMaxLength, REVIEW_MESSAGES.titleTooLong)
    .default(''),
  text: z.string().max(LIMITS.reviewTextMaxLength, REVIEW_MESSAGES.textTooLong).default(''),
};

/** A review of an agent, posted on their profile: the agent is the one the path names. */
export const ZAgentReviewRequest = z.object(reviewContent).meta({ id: 'AgentReviewRequest' });
export type AgentReviewRequest = z.input<typeof ZAgentReviewRequest>;

/** Reviewer fields the review dialog sends are ignored: the reviewer is the signed-in user. */
export const ZReviewRequest = z
  .object({
    ...reviewContent,
    reviewFor: z.enum(POSTED_REVIEW_TARGETS).default('website'),
    propertyId: z.uuid({ error: REVIEW_MESSAGES.propertyRequired }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.reviewFor === 'property' && !value.propertyId) {
      ctx.addIssue({
        code: 'custom',
        path: ['propertyId'],
        message: REVIEW_MESSAGES.propertyRequired,
      });
    }
  })
  .meta({ id: 'ReviewRequest' });
export type ReviewRequest = z.input<typeof ZReviewRequest>;

export const ZReview = z
  .object({
    _id: z.string(),
    rating: z.number().int(),
    title: z.string(),
    text: z.string(),
    reviewFor: z.enum(REVIEW_TARGETS),
    reviewerUID: z.string(),
    reviewerName: z.string(),
    reviewerAvatar: ZServedImageUrl,
    postedAt: z.string(),
    propertyId: z.string().nullable(),
    propertyTitle: z.string().nullable(),
    propertyIMG: ZServedImageUrl,
    agentId: z.string().nullable(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof ZReview>;

export const ZReviewList = z.array(ZReview).meta({ id: 'ReviewList' });
export type ReviewList = z.infer<typeof ZReviewList>;

/**
 * A review as the public lists show it (Home's website reviews, a listing's reviews): who wrote
 * it by name and picture, never by account id, and no agent id. On a listing's reviews `mine`
 * marks the signed-in caller's own review, the one their Edit Your Review button changes.
 */
export const ZPublicReview = ZReview.omit({ reviewerUID: true, agentId: true })
  .extend({ mine: z.boolean().optional() })
  .meta({ id: 'PublicReview' });
export type PublicReview = z.infer<typeof ZPublicReview>;

export const ZPublicReviewList = z.array(ZPublicReview).meta({ id: 'PublicReviewList' });
export type PublicReviewList = z.infer<typeof ZPublicReviewList>;

export const ZReviewQuery = z.object({
  propertyId: z.uuid().optional(),
  reviewFor: z.enum(POSTED_REVIEW_TARGETS).optional(),
  page: queryInteger(1, 100_000, 1),
  limit: queryInteger(1, LIMITS.maxPageSize, LIMITS.defaultPageSize),
});

export const ZReviewSaved = z
  .object({ insertedId: z.string(), message: z.string() })
  .meta({ id: 'ReviewSaved' });
export type ReviewSaved = z.infer<typeof ZReviewSaved>;

export const ZSubscribeRequest = z
  .object({
    email: z
      .string({ error: NEWSLETTER_MESSAGES.emailRequired })
      .trim()
      .toLowerCase()
      .min(1, NEWSLETTER_MESSAGES.emailRequired)
      .max(LIMITS.emailMaxLength)
      .pipe(z.email({ error: NEWSLETTER_MESSAGES.invalidEmail })),
  })
  .meta({ id: 'SubscribeRequest' });

/** The token of a newsletter confirmation link. */
export const ZSubscriptionConfirmRequest = z
  .object({ token: z.string().trim().min(1).max(200) })
  .meta({ id: 'SubscriptionConfirmRequest' });
