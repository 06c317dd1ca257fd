/*
 * An agent's figures live under `['listing-analytics']`; each signed-in agent's own under their
 * id, so nothing cached for one account is ever shown to the next one on the same browser.
 */
export const analyticsKeys = {
  all: ['listing-analytics'] as const,
  summary: (agentId: string, period: number) =>
    ['listing-analytics', agentId, 'summary', { period }] as const,
  listings: (agentId: string, query: object) =>
    ['listing-analytics', agentId, 'listings', query] as const,
};
