import { AGENT_MESSAGES } from '@keyhaven/shared/texts';
import type { ReactNode } from 'react';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListError } from '@/components/list-states';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useAgent } from '../api/get-agent';
import { AgentListingsSection } from '../components/agent-listings-section';
import { AgentSalesSection } from '../components/agent-sales-section';
import { AgentSummary } from '../components/agent-summary';
import type { AgentProfile } from '../types';

type AgentProfilePageProps = {
  agentId: string;
  /** The reviews of the agent, from the reviews feature. */
  reviews: (agent: AgentProfile) => ReactNode;
};

/** An agent's profile: who they are, their homes for sale and sold, and their buyers' reviews. */
export function AgentProfilePage({ agentId, reviews }: AgentProfilePageProps) {
  const agent = useAgent(agentId);
  if (agent.isPending) {
    return (
      <ContentLayout heading="Agent">
        <PageSpinner label="Loading the agent" />
      </ContentLayout>
    );
  }
  if (agent.isError) {
    const missing = agent.error instanceof ApiError && agent.error.status === 404;
    return (
      <ContentLayout heading="Agent">
        {missing ? (
          <p role="status" className="mt-6 text-stone-700">
            {AGENT_MESSAGES.notFound}
          </p>
        ) : (
          <ListError
            className="mt-6"
            error={agent.error}
            message={AGENT_MESSAGES.profileFailed}
            onRetry={() => void agent.refetch()}
            retrying={agent.isFetching}
          />
        )}
      </ContentLayout>
    );
  }
  return (
    <ContentLayout heading={agent.data.name}>
      <AgentSummary agent={agent.data} />
      <AgentListingsSection agentId={agent.data._id} />
      <AgentSalesSection agentId={agent.data._id} />
      {reviews(agent.data)}
    </ContentLayout>
  );
}
