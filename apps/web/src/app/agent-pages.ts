import { lazyPage } from './lazy-page';
import type { PrefetchContext } from './route-data';

/* The agents' pages, loaded on demand as every page but Home. */

export const AgentsPage = lazyPage('agents-page', () =>
  import('@/features/agents/pages/agents-page').then((m) => m.AgentsPage),
);
export const AgentProfilePage = lazyPage('agent-profile-page', () =>
  import('./routes/agent-profile-page').then((m) => m.AgentProfileRoute),
);
export const MyAgentProfilePage = lazyPage('my-agent-profile-page', () =>
  import('@/features/agents/pages/my-agent-profile-page').then((m) => m.MyAgentProfilePage),
);

/* Their data, for the server to render them with (route-data is loaded on the server alone). */

export const agentPageData = {
  directory: (context: PrefetchContext) =>
    import('./route-data').then((data) => data.prefetchAgents(context)),
  profile: (context: PrefetchContext) =>
    import('./route-data').then((data) => data.prefetchAgentProfile(context)),
};
