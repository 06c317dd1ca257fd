import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { offerKeys } from '@/lib/query-keys';
import { ZUserRequestList } from '../types';

/** How long the buyer's offers count as current after they arrived. */
const OFFERS_FRESH_MS = 10_000;

const myOffersPath = (uid: string) => `/api/properties/user-requests/${encodeURIComponent(uid)}`;

/** The signed-in buyer's offers with their listings, newest first (self only). */
export const getMyOffers = (uid: string, signal?: AbortSignal) =>
  api(myOffersPath(uid), { schema: ZUserRequestList, signal });

export const myOffersQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: offerKeys.mine(uid),
    queryFn: ({ signal }) => getMyOffers(uid, signal),
    // The agent answers offers from elsewhere: show what is cached, and ask again on every visit.
    // A few seconds' grace, so a page the server has just rendered with them does not ask again.
    staleTime: OFFERS_FRESH_MS,
  });

export const useMyOffers = (uid: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...myOffersQueryOptions(uid), enabled });
