import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { ZProperty } from '@/lib/listing';
import { propertyKeys } from '@/lib/query-keys';

export const propertyPath = (id: string) => `/api/properties/${encodeURIComponent(id)}`;

export const getProperty = (id: string, signal?: AbortSignal) =>
  api(propertyPath(id), { schema: ZProperty, signal });

export const propertyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: propertyKeys.detail(id),
    queryFn: ({ signal }) => getProperty(id, signal),
  });

export const useProperty = (id: string) => useQuery(propertyQueryOptions(id));

/**
 * The server answers 404 for a listing that does not exist or that this visitor may not see, and
 * 400 for an id that cannot be one: both are "Property Not Found".
 */
export const isMissingProperty = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
