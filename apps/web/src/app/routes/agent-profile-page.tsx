import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { agentKeys } from '@/features/agents/api/query-keys';
import { AgentProfilePage } from '@/features/agents/pages/agent-profile-page';
import { AgentReviewsSection } from '@/features/reviews/components/agent-reviews-section';

/** An agent's profile with the reviews of them; a review posted here changes their rating. */
export function AgentProfileRoute() {
  const { id = '' } = useParams();
  const client = useQueryClient();
  return (
    <AgentProfilePage
      agentId={id}
      reviews={(agent) => (
        <AgentReviewsSection
          agent={agent}
          canReview={agent.canReview}
          onReviewed={() => client.invalidateQueries({ queryKey: agentKeys.profile(agent._id) })}
        />
      )}
    />
  );
}
