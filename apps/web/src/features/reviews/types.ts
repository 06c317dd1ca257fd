import {
  REVIEW_TARGETS,
  type Review,
  type REVIEW_MESSAGES as SHARED_REVIEW_MESSAGES,
} from '@keyhaven/shared';
import * as z from 'zod/mini';

export type { Review };

/** Exactly `Contract`, or `never` when the twin drifts from it in either direction. */
type Exactly<Twin, Contract> = [Twin] extends [Contract]
  ? [Contract] extends [Twin]
    ? Contract
    : never
  : never;

/*
 * The zod/mini twin of ZReview in @keyhaven/shared: the home page shows reviews, and the full zod
 * build must stay off it. `Exactly` turns any drift from the contract into a compile error.
 */
const reviewTwin = z.object({
  _id: z.string(),
  rating: z.number(),
  title: z.string(),
  text: z.string(),
  reviewFor: z.enum(REVIEW_TARGETS),
  reviewerUID: z.string(),
  reviewerName: z.string(),
  reviewerAvatar: z.nullable(z.string()),
  postedAt: z.string(),
  propertyId: z.nullable(z.string()),
  propertyTitle: z.nullable(z.string()),
  propertyIMG: z.nullable(z.string()),
  agentId: z.nullable(z.string()),
});
export const ZReview: z.ZodMiniType<Exactly<z.output<typeof reviewTwin>, Review>> = reviewTwin;
export const ZReviewList = z.array(ZReview);

/** One page of reviews and the total the server counted (its X-Total-Count header). */
export type ReviewPage = { reviews: Review[]; total: number };

/**
 * REVIEW_MESSAGES of @keyhaven/shared, verbatim (the type is the shared object's, literal for
 * literal). Restated rather than imported: the shared module that holds them also builds the zod
 * schemas, which would ride along into the home page.
 */
export const REVIEW_MESSAGES: typeof SHARED_REVIEW_MESSAGES = {
  submitted: 'Review submitted!',
  failedTitle: 'Error submitting review',
  failed: 'Something went wrong.',
  none: 'No reviews found',
  deleted: 'Review deleted.',
  propertyRequired: 'Choose the property you are reviewing',
};

/** The limits of ZReviewRequest, which the form enforces before the server does. */
export const REVIEW_LIMITS = { titleMax: 120, textMax: 4000 } as const;

/** Texts the spec gives no wording for. */
export const REVIEW_TEXTS = {
  website: 'Website',
  addTitle: 'Add Your Review',
  deleteFailed: 'Could not delete the review',
  deleteFailedFallback: 'Something went wrong. Please try again.',
  loadFailed: "We couldn't load the reviews.",
  loadFailedHint: 'Check your connection and try again.',
  buyersOnly: 'Only buyer accounts can post reviews.',
  ratingOnly: 'A rating without a written review.',
} as const;
