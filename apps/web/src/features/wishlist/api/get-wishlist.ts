import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZPropertyList } from '@/lib/listing';
import { wishlistKeys } from '@/lib/query-keys';

/** The signed-in user's saved listings, newest first (self only). */
export const getWishlist = (uid: string, signal?: AbortSignal) =>
  api(`/wishlist-properties/${encodeURIComponent(uid)}`, { schema: ZPropertyList, signal });

export const wishlistQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: wishlistKeys.list(uid),
    queryFn: ({ signal }) => getWishlist(uid, signal),
  });

export const useWishlist = (uid: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...wishlistQueryOptions(uid), enabled });
