/** The reports' places in the query cache: a listing's own report per viewer, and the queue. */
export const reportKeys = {
  all: ['reports'] as const,
  mine: (propertyId: string) => [...reportKeys.all, 'mine', propertyId] as const,
  queue: (query: { page: number; limit: number }) => [...reportKeys.all, 'queue', query] as const,
};
