import { AGENT_MESSAGES } from '@keyhaven/shared/texts';
import { useAgentReviews } from '../api/get-reviews';
import { ReviewsSection } from './reviews-section';

/** Reviews a page; the server renders the first page with the profile. */
export const AGENT_REVIEWS_PAGE_SIZE = 6;

type AgentReviewsSectionProps = {
  agent: { _id: string; name: string };
  /** Whether the caller bought a home from the agent, as the profile says. */
  canReview: boolean;
  /** A review was saved: the agent's rating changed. */
  onReviewed: () => void;
};

/** Reviews of an agent, on their profile; only their buyers may write one. */
export function AgentReviewsSection({ agent, canReview, onReviewed }: AgentReviewsSectionProps) {
  const reviews = useAgentReviews(agent._id, AGENT_REVIEWS_PAGE_SIZE);
  return (
    <ReviewsSection
      reviews={reviews}
      target={{ reviewFor: 'agent', agentId: agent._id, agentName: agent.name }}
      canReview={canReview}
      cannotReview={AGENT_MESSAGES.reviewsFromBuyers}
      beFirst="Be the first to review this agent."
      onSaved={onReviewed}
    />
  );
}
