import type { AgentSort } from '@keyhaven/shared/texts';

export type AgentDirectoryRequest = {
  search?: string;
  sort: AgentSort;
  page: number;
  limit: number;
};

/** Every agents query starts with `agentKeys.all`, so a saved profile or review refreshes them. */
export const agentKeys = {
  all: ['agents'] as const,
  directory: (request: AgentDirectoryRequest) => [...agentKeys.all, 'directory', request] as const,
  profile: (id: string) => [...agentKeys.all, 'profile', id] as const,
  listings: (id: string, page: number, limit: number) =>
    [...agentKeys.all, 'listings', id, { page, limit }] as const,
  sales: (id: string, page: number, limit: number) =>
    [...agentKeys.all, 'sales', id, { page, limit }] as const,
  own: ['agents', 'own'] as const,
};
