import type { AuthProvidersResponse } from '@keyhaven/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { api } from '@/lib/api-client';
import type { ContractTwin } from '@/lib/contract-twins';

const providersTwin = v.object({ google: v.boolean() });
const ZAuthProvidersResponse: ContractTwin<typeof providersTwin, AuthProvidersResponse> =
  providersTwin;

export const getProviders = (signal?: AbortSignal) =>
  api('/auth/providers', { schema: ZAuthProvidersResponse, signal });

export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth-providers'],
    queryFn: ({ signal }) => getProviders(signal),
    // Which providers are configured changes only with a server restart.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Which sign-in providers the server has enabled (Google only when it is configured). */
export const useProviders = () => useQuery(providersQueryOptions());
