/** Every review query starts with `reviewKeys.all`, so a new or deleted review refreshes them all. */
export const reviewKeys = {
  all: ['reviews'] as const,
  website: (limit: number) => [...reviewKeys.all, 'website', { limit }] as const,
  property: (propertyId: string, limit: number) =>
    [...reviewKeys.all, 'property', propertyId, { limit }] as const,
  agent: (agentId: string, limit: number) =>
    [...reviewKeys.all, 'agent', agentId, { limit }] as const,
  user: (uid: string, page: number, limit: number) =>
    [...reviewKeys.all, 'user', uid, { page, limit }] as const,
  everyone: (page: number, limit: number) =>
    [...reviewKeys.all, 'everyone', { page, limit }] as const,
};
