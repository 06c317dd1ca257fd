import type { AuditLogPage } from '@keyhaven/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { api } from '@/lib/api-client';
import type { ContractTwin } from '@/lib/contract-twins';
import type { AuditFilters } from '../lib/audit-params';

const changes = v.nullable(v.record(v.string(), v.unknown()));

const auditLogPageTwin = v.object({
  items: v.array(
    v.object({
      _id: v.string(),
      actorId: v.nullable(v.string()),
      actorEmail: v.string(),
      action: v.string(),
      targetType: v.string(),
      targetId: v.string(),
      targetName: v.nullable(v.string()),
      before: changes,
      after: changes,
      details: v.record(v.string(), v.unknown()),
      createdAt: v.string(),
    }),
  ),
  total: v.number(),
});
/** The valibot twin of ZAuditLogPage in @keyhaven/shared (see lib/contract-twins.ts). */
const ZAuditLogPage: ContractTwin<typeof auditLogPageTwin, AuditLogPage> = auditLogPageTwin;

export type AuditLogRequest = AuditFilters & { page: number; limit: number };

export const auditLogKeys = {
  all: ['audit-log'] as const,
  page: (request: AuditLogRequest) => [...auditLogKeys.all, request] as const,
};

/** One page of the audit trail, newest first, narrowed by the filters set (admin only). */
export const getAuditLog = (request: AuditLogRequest, signal?: AbortSignal) =>
  api('/api/admin/audit-log', { schema: ZAuditLogPage, query: request, signal });

export const auditLogQueryOptions = (request: AuditLogRequest) =>
  queryOptions({
    queryKey: auditLogKeys.page(request),
    queryFn: ({ signal }) => getAuditLog(request, signal),
    // Every admin action adds an entry: ask again on every visit.
    staleTime: 0,
    // The entries shown stay up while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (request: AuditLogRequest) => useQuery(auditLogQueryOptions(request));
