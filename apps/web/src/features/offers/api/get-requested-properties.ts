import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { offerKeys } from '@/lib/query-keys';
import { ZRequestedPropertyList } from '../types';

type Status = 'pending' | 'accepted';

/**
 * Offers on an agent's listings, one row per offer. Without a status: pending, accepted and paid
 * ones, and accepted ones that ended unpaid (withdrawn, lapsed, released); `accepted` gives the
 * accepted and the paid (sold) ones.
 */
export const getRequestedProperties = (agentEmail: string, status?: Status, signal?: AbortSignal) =>
  api(`/api/properties/requested/${encodeURIComponent(agentEmail)}`, {
    schema: ZRequestedPropertyList,
    query: { requestStatus: status },
    signal,
  });

export const requestedPropertiesQueryOptions = (agentEmail: string, status?: Status) =>
  queryOptions({
    queryKey: offerKeys.requested(agentEmail, status),
    queryFn: ({ signal }) => getRequestedProperties(agentEmail, status, signal),
    // Buyers make and pay offers from elsewhere: ask again on every visit.
    staleTime: 0,
  });

export const useRequestedProperties = (agentEmail: string, status?: Status) =>
  useQuery(requestedPropertiesQueryOptions(agentEmail, status));
