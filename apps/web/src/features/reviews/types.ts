import type { PublicReview, PublicReviewList, Review, ReviewList } from '@keyhaven/shared';
import { REVIEW_TARGETS } from '@keyhaven/shared/constants';
import * as v from 'valibot';
import type { ContractTwin, ListTwin } from '@/lib/contract-twins';

export type { PublicReview, Review };

/*
 * The valibot twin of ZReview in @keyhaven/shared: the home page shows reviews, and valibot keeps
 * the first download small. Its type turns any drift from the contract into a compile error.
 */
const reviewTwin = v.object({
  _id: v.string(),
  rating: v.number(),
  title: v.string(),
  text: v.string(),
  reviewFor: v.picklist(REVIEW_TARGETS),
  reviewerUID: v.string(),
  reviewerName: v.string(),
  reviewerAvatar: v.nullable(v.string()),
  postedAt: v.string(),
  propertyId: v.nullable(v.string()),
  propertyTitle: v.nullable(v.string()),
  propertyIMG: v.nullable(v.string()),
  agentId: v.nullable(v.string()),
});
const ZReview: ContractTwin<typeof reviewTwin, Review> = reviewTwin;
export const ZReviewList: ListTwin<typeof ZReview, ReviewList> = v.array(ZReview);

/**
 * The twin of ZPublicReview: the lists everyone reads (Home, a listing's page) name reviewers
 * without their account ids; `mine` marks the signed-in buyer's own review on a listing.
 */
const publicReviewTwin = v.object({
  ...v.omit(reviewTwin, ['reviewerUID', 'agentId']).entries,
  mine: v.optional(v.boolean()),
});
const ZPublicReview: ContractTwin<typeof publicReviewTwin, PublicReview> = publicReviewTwin;
export const ZPublicReviewList: ListTwin<typeof ZPublicReview, PublicReviewList> =
  v.array(ZPublicReview);

/** Texts that have no catalogue wording. */
export const REVIEW_TEXTS = {
  website: 'Website',
  agent: 'An agent',
  addTitle: 'Add Your Review',
  deleteFailed: 'Could not delete the review',
  loadFailed: "We couldn't load the reviews. Please try again.",
  buyersOnly: 'Only buyer accounts can post reviews.',
  ratingOnly: 'A rating without a written review.',
} as const;
