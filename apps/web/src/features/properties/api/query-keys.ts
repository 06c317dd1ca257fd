/** Every listing query lives under `['properties']`, so one invalidation refreshes them all. */
export const propertyKeys = {
  all: ['properties'] as const,
  search: (query: object) => ['properties', 'search', query] as const,
  catalogue: (query: object) => ['properties', 'catalogue', query] as const,
  managed: (query: object) => ['properties', 'managed', query] as const,
  detail: (id: string) => ['properties', 'detail', id] as const,
};
