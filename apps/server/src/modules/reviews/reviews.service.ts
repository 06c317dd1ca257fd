import {
  ACCOUNT_RECOVERY_MESSAGES,
  type PublicReview,
  type Review,
  type ZReviewRequest,
} from '@keyhaven/shared';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { properties, reviews, users } from '../../db/schema.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/database-errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/session-user.js';
import { requireVerifiedEmail } from '../auth/verified-email.js';
import { agents, buyerVisibleImage, buyerVisibleTitle } from '../listing-views/property-view.js';

type ReviewInput = z.output<typeof ZReviewRequest>;

/** The partial unique index on (reviewer, property) that makes one review per listing. */
const oneReviewPerListing = sql`${reviews.propertyId} is not null`;

const reviewColumns = {
  review: reviews,
  reviewerName: users.name,
  reviewerAvatar: users.image,
  // A review shows its listing as buyers may see it, never an edit waiting for review.
  propertyTitle: buyerVisibleTitle,
  propertyIMG: buyerVisibleImage,
  // The agent reviewed, or the agent of the listing reviewed.
  agentId: sql<string | null>`coalesce(${reviews.agentId}, ${properties.agentId})`,
};

type ReviewRow = {
  review: typeof reviews.$inferSelect;
  reviewerName: string;
  reviewerAvatar: string | null;
  propertyTitle: string | null;
  propertyIMG: string | null;
  agentId: string | null;
};

function toReviewView(row: ReviewRow): Review {
  return {
    _id: row.review.id,
    rating: row.review.rating,
    title: row.review.title,
    text: row.review.text,
    reviewFor: row.review.reviewFor,
    reviewerUID: row.review.reviewerId,
    reviewerName: row.reviewerName,
    reviewerAvatar: row.reviewerAvatar,
    postedAt: row.review.postedAt.toISOString(),
    propertyId: row.review.propertyId,
    propertyTitle: row.propertyTitle,
    propertyIMG: row.propertyIMG,
    agentId: row.agentId,
  };
}

/**
 * What anyone who may read a list sees of a review: no account ids. `viewerId` marks the
 * caller's own review on a listing's reviews (lists shared by every visitor pass none).
 */
export function toPublicReview(review: Review, viewerId?: string): PublicReview {
  const { reviewerUID, agentId: _agentId, ...shown } = review;
  return viewerId === undefined ? shown : { ...shown, mine: reviewerUID === viewerId };
}

type ReviewValues = typeof reviews.$inferInsert & { postedAt: Date };

/**
 * A buyer's website review: a new one replaces the one they posted before. Update first, insert
 * when there was none; two first posts at once meet the unique index on the reviewer's website
 * review, and the one that loses updates the row the other made.
 */
async function saveWebsiteReview(db: Database, values: ReviewValues) {
  const mine = and(eq(reviews.reviewerId, values.reviewerId), eq(reviews.reviewFor, 'website'));
  for (let attempt = 0; ; attempt++) {
    const [updated] = await db
      .update(reviews)
      .set({
        rating: values.rating,
        title: values.title,
        text: values.text,
        postedAt: values.postedAt,
      })
      .where(mine)
      .returning({ id: reviews.id });
    if (updated) return updated;
    try {
      // On its own (a savepoint inside the caller's transaction), so a post that lost the race
      // to insert leaves the transaction usable for the next try.
      const [inserted] = await db.transaction((tx) =>
        tx.insert(reviews).values(values).returning({ id: reviews.id }),
      );
      return inserted;
    } catch (error) {
      if (attempt >= 2 || !isUniqueViolation(error)) throw error;
    }
  }
}

/**
 * Posts a review as the caller. A buyer has one review per listing and one of the website:
 * posting again replaces it (with a new date), so an opinion can change without piling up.
 * Only an account whose address is confirmed reviews: throwaway accounts cannot bury a listing.
 */
export async function saveReview(db: Database, reviewer: SessionUser, input: ReviewInput) {
  requireVerifiedEmail(reviewer, ACCOUNT_RECOVERY_MESSAGES.verifyBeforeReview);
  const propertyId = input.reviewFor === 'property' ? (input.propertyId ?? null) : null;
  if (propertyId) {
    const [listing] = await db
      .select({ approval: properties.approval, agentRole: agents.role })
      .from(properties)
      .innerJoin(agents, eq(agents.id, properties.agentId))
      .where(eq(properties.id, propertyId));
    if (listing?.approval !== 'approved' || listing.agentRole === 'fraud') {
      throw notFound('Property not found');
    }
  }
  const values: ReviewValues = {
    reviewerId: reviewer.id,
    reviewFor: input.reviewFor,
    propertyId,
    rating: input.rating,
    title: input.title,
    text: input.text,
    postedAt: new Date(),
  };
  const [saved] = propertyId
    ? await db
        .insert(reviews)
        .values(values)
        .onConflictDoUpdate({
          target: [reviews.reviewerId, reviews.propertyId],
          targetWhere: oneReviewPerListing,
          set: {
            rating: values.rating,
            title: values.title,
            text: values.text,
            postedAt: values.postedAt,
          },
        })
        .returning({ id: reviews.id })
    : [await saveWebsiteReview(db, values)];
  if (!saved) throw new AppError('INTERNAL', 'The review could not be saved');
  return saved.id;
}

export async function listReviews(
  db: Database,
  where: SQL | undefined,
  page: number,
  limit: number,
) {
  const [rows, [total]] = await Promise.all([
    db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.reviewerId))
      .leftJoin(properties, eq(properties.id, reviews.propertyId))
      .where(where)
      .orderBy(desc(reviews.postedAt), desc(reviews.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(reviews).where(where),
  ]);
  return { items: rows.map(toReviewView), total: total?.value ?? 0 };
}

export const reviewsOfListing = (propertyId: string) =>
  and(eq(reviews.reviewFor, 'property'), eq(reviews.propertyId, propertyId));
export const reviewsOfAgent = (agentId: string) =>
  and(eq(reviews.reviewFor, 'agent'), eq(reviews.agentId, agentId));
export const websiteReviews = () => eq(reviews.reviewFor, 'website');
export const reviewsBy = (reviewerId: string) => eq(reviews.reviewerId, reviewerId);

export async function deleteReview(db: Database, caller: SessionUser, id: string) {
  await db.transaction(async (tx) => {
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!review) throw notFound('Review not found');
    const isOwn = review.reviewerId === caller.id;
    if (!isOwn && caller.role !== 'admin') throw forbidden();
    await tx.delete(reviews).where(eq(reviews.id, id));
    if (!isOwn) {
      await recordAudit(tx, {
        actor: caller,
        action: 'review.deleted',
        targetType: 'review',
        targetId: id,
        details: { reviewerId: review.reviewerId, rating: review.rating, title: review.title },
        before: {
          reviewerId: review.reviewerId,
          reviewFor: review.reviewFor,
          propertyId: review.propertyId,
          agentId: review.agentId,
          rating: review.rating,
          title: review.title,
          text: review.text,
        },
        after: null,
      });
    }
  });
}
