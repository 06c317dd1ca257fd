import type { AgentReviewRequest, ReviewRequest, ReviewSaved } from '@keyhaven/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { api } from '@/lib/api-client';
import type { ContractTwin } from '@/lib/contract-twins';
import { reviewKeys } from './query-keys';

const reviewSavedTwin = v.object({ insertedId: v.string(), message: v.string() });
const ZReviewSaved: ContractTwin<typeof reviewSavedTwin, ReviewSaved> = reviewSavedTwin;

/**
 * Posts a review as the signed-in user. A 403 is an answer here, not a lost session: the server
 * refuses reviews from agents, admins and users marked as fraud, and the form shows why. A 401
 * still signs the visitor out.
 */
export type NewReview =
  | ReviewRequest
  | ({ reviewFor: 'agent'; agentId: string } & AgentReviewRequest);

export const createReview = (review: NewReview) => {
  // An agent is reviewed on their profile's own address.
  if (review.reviewFor === 'agent') {
    const { reviewFor: _for, agentId, ...content } = review;
    return api(`/api/agents/${encodeURIComponent(agentId)}/reviews`, {
      method: 'POST',
      body: content,
      schema: ZReviewSaved,
      signOutOn: [401],
    });
  }
  return api('/api/reviews', {
    method: 'POST',
    body: review,
    schema: ZReviewSaved,
    signOutOn: [401],
  });
};

export function useCreateReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
