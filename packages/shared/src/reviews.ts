import { z } from 'zod';
import { LIMITS, REVIEW_TARGETS } from './constants.js';
import { NEWSLETTER_MESSAGES, REVIEW_MESSAGES } from './messages.js';
import { strictNumberInput } from './number-input.js';
import { queryInteger } from './numbers.js';
import { ZServedImageUrl } from './uploads.js';

const rating = z.preprocess(
  strictNumberInput,
  z
    .number({ error: 'Rating must be a number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(LIMITS.ratingMin, 'Rating must be from 1 to 5')
    .max(LIMITS.ratingMax, 'Rating must be from 1 to 5')
    .default(LIMITS.ratingDefault),
);

/** Reviewer fields the review dialog sends are ignored: the reviewer is the signed-in user. */
export const ZReviewRequest = z
  .object({
    rating,
    title: z.string().trim().max(120, 'At most 120 characters').default(''),
    text: z.string().max(4000, 'At most 4000 characters').default(''),
    reviewFor: z.enum(REVIEW_TARGETS).default('website'),
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

export const ZReviewQuery = z.object({
  propertyId: z.uuid().optional(),
  reviewFor: z.enum(REVIEW_TARGETS).optional(),
  page: queryInteger(1, 100_000, 1),
  limit: queryInteger(1, LIMITS.maxPageSize, LIMITS.defaultPageSize),
});

export const ZReviewSaved = z
  .object({ insertedId: z.string(), message: z.string() })
  .meta({ id: 'ReviewSaved' });

export const ZSubscribeRequest = z
  .object({
    email: z
      .string({ error: NEWSLETTER_MESSAGES.emailRequired })
      .trim()
      .toLowerCase()
      .min(1, NEWSLETTER_MESSAGES.emailRequired)
      .max(254)
      .pipe(z.email({ error: NEWSLETTER_MESSAGES.invalidEmail })),
  })
  .meta({ id: 'SubscribeRequest' });
