import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPage } from '@/lib/api-client';
import { ZPropertyList } from '@/lib/listing';
import { propertyKeys } from '@/lib/query-keys';
import type { ApprovalFilter } from '../types';

const PATH = '/api/properties';

export type ManagedQuery = {
  /** The agent's own id; left out, an admin gets everyone's listings. */
  agentUID?: string;
  search?: string;
  status?: ApprovalFilter;
  propertyType?: string;
  page: number;
  limit: number;
};

/** Listings as their agent (their own) or an admin (all of them) manages them. */
export const managedPropertiesQueryOptions = (query: ManagedQuery) =>
  queryOptions({
    queryKey: propertyKeys.managed(query),
    queryFn: ({ signal }) => apiPage(PATH, { schema: ZPropertyList, query, signal }),
  });

export const useManagedProperties = (query: ManagedQuery) =>
  useQuery({ ...managedPropertiesQueryOptions(query), placeholderData: keepPreviousData });

/** How many listings an admin sees under a status (or in all): one row asked, the total read. */
export const useManagedCount = (status?: ApprovalFilter) =>
  useQuery({
    ...managedPropertiesQueryOptions({ status, page: 1, limit: 1 }),
    select: (page) => page.total,
  });
