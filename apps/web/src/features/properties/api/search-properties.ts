import type { PropertyCardList } from '@keyhaven/shared';
import { TIMINGS_MS } from '@keyhaven/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiPage, type Query } from '@/lib/api-client';
import type { ContractTwin } from '@/lib/contract-twins';
import { propertyKeys } from '@/lib/query-keys';

const SEARCH_PATH = '/properties/search';

/** A listing of the search (`ZPropertyCardList`) as its card reads it: any field may be missing. */
type SearchResult = Partial<PropertyCardList[number]>;

/**
 * Search results are only checked to be a list of objects: the cards fall back on every missing
 * field (an untitled listing, no picture, N/A for a price), so one odd listing never hides the
 * others. Their type is still the contract's list, with each field optional.
 */
const searchResultsTwin = v.array(
  v.custom<SearchResult>((item) => typeof item === 'object' && item !== null),
);
const ZSearchResults: ContractTwin<typeof searchResultsTwin, SearchResult[]> = searchResultsTwin;

/** The public search (approved, available listings), as cards: all its section shows of them. */
export const searchProperties = (query: Query, signal?: AbortSignal) =>
  apiPage(SEARCH_PATH, { schema: ZSearchResults, query: { ...query, fields: 'card' }, signal });

// Cached 5 minutes and retried twice (the app's default retry policy: twice for network and
// server failures, never for a 4xx that would only answer the same again).
export const searchPropertiesQueryOptions = (query: Query) =>
  queryOptions({
    queryKey: propertyKeys.search(query),
    queryFn: ({ signal }) => searchProperties(query, signal),
    staleTime: TIMINGS_MS.cacheStale,
  });

export const useSearchProperties = (query: Query) => useQuery(searchPropertiesQueryOptions(query));
