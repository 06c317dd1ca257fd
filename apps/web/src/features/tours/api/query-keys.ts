/** Tours in the query cache: a listing's availability and free times, and the reader's tours. */
export const tourKeys = {
  all: ['tours'] as const,
  availability: (propertyId: string) => [...tourKeys.all, 'availability', propertyId] as const,
  slots: (propertyId: string) => [...tourKeys.all, 'slots', propertyId] as const,
  lists: () => [...tourKeys.all, 'list'] as const,
  list: (scope: string, page: number, limit: number) =>
    [...tourKeys.lists(), scope, page, limit] as const,
};
