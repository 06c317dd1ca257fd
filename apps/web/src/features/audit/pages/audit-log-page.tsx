import type { AuditEntry } from '@keyhaven/shared';
import { BUSINESS_LIMITS } from '@keyhaven/shared/constants';
import { AUDIT_MESSAGES } from '@keyhaven/shared/texts';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListEmpty } from '@/components/list-states';
import { PagedList, type PagedListSpec } from '@/components/paged-list';
import { KEEP_SCROLL } from '@/lib/keep-scroll';
import { useAuditLog } from '../api/get-audit-log';
import { AuditEntryItem } from '../components/audit-entry';
import { AuditFiltersForm } from '../components/audit-filters';
import { type AuditFilters, auditFiltersFrom, toAuditParams } from '../lib/audit-params';

const PAGE_SIZE = BUSINESS_LIMITS.auditLogPageSize;

const TEXT = {
  heading: 'Audit Log',
  intro:
    'Every admin action leaves an entry here: who did it, when, to what, and what it changed. Entries are never edited or deleted, even when the account that made them is gone.',
  listTitle: 'Entries, newest first',
  failure: "We couldn't load the audit log. Please try again.",
} as const;

const AUDIT_LIST: PagedListSpec = {
  title: TEXT.listTitle,
  noun: ['entry', 'entries'],
  pageSize: PAGE_SIZE,
  pagesLabel: 'Audit log pages',
  loadingLabel: 'Loading the audit log',
  failure: TEXT.failure,
};

function AuditEntries({ entries }: { entries: AuditEntry[] }) {
  return (
    <ol aria-label={TEXT.listTitle} className="mt-4 grid gap-3">
      {entries.map((entry) => (
        <li key={entry._id}>
          <AuditEntryItem entry={entry} />
        </li>
      ))}
    </ol>
  );
}

/** What the page asks for at its address; the server asks the same when it renders it. */
export const auditLogRequestFrom = (params: URLSearchParams) => ({
  ...auditFiltersFrom(params),
  limit: PAGE_SIZE,
});

/**
 * The audit trail for admins: the filters and the page live in the address, so Back and Forward
 * restore them and a copied link shows the same entries.
 */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const { page, ...filters } = auditFiltersFrom(params);
  const entries = useAuditLog(auditLogRequestFrom(params));

  const applyFilters = (next: AuditFilters) => setParams(toAuditParams(next));
  const goToPage = useCallback(
    (next: number, { replace = false } = {}) =>
      setParams((current) => toAuditParams(auditFiltersFrom(current), next), {
        state: KEEP_SCROLL,
        replace,
      }),
    [setParams],
  );
  const filterKey = toAuditParams(filters).toString();

  return (
    <ContentLayout heading={TEXT.heading}>
      <p className="mt-3 max-w-3xl text-stone-700">{TEXT.intro}</p>
      {/* Drawn again whenever the address's filters change (Back, Forward, a link). */}
      <AuditFiltersForm key={filterKey} filters={filters} onChange={applyFilters} />
      <div className="mt-6">
        <PagedList
          list={AUDIT_LIST}
          query={entries}
          paging={{ page, goToPage }}
          empty={<ListEmpty>{AUDIT_MESSAGES.empty}</ListEmpty>}
        >
          {(items) => <AuditEntries entries={items} />}
        </PagedList>
      </div>
    </ContentLayout>
  );
}
