import { TIMINGS_MS } from '@keyhaven/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { UnexpectedResponseError } from '@/lib/api-client';
import type { ListPage, Property } from '../types';
import { propertyKeys } from './query-keys';
import { type ListQuery, requestList } from './request-list';

export const SEARCH_PATH = '/properties/search';

/**
 * The public search (approved, available listings). It runs on the home page, so the body is
 * only checked to be a list: the cards fall back on every missing field (spec section 3) and the
 * zod build stays off the first download.
 */
export async function searchProperties(
  query: ListQuery,
  signal?: AbortSignal,
): Promise<ListPage<Partial<Property>>> {
  const { body, total } = await requestList(SEARCH_PATH, { query, signal });
  if (!Array.isArray(body)) {
    throw new UnexpectedResponseError(`Unexpected response from GET ${SEARCH_PATH}`);
  }
  return { items: body, total };
}

// Spec section 7: cached 5 minutes and retried twice (the app's default retry policy: twice for
// network and server failures, never for a 4xx that would only answer the same again).
export const searchPropertiesQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: propertyKeys.search(query),
    queryFn: ({ signal }) => searchProperties(query, signal),
    staleTime: TIMINGS_MS.cacheStale,
  });

export const useSearchProperties = (query: ListQuery) =>
  useQuery(searchPropertiesQueryOptions(query));
