import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  type AuditAction,
  type AuditTargetType,
} from '@keyhaven/shared/constants';

/** The trail's filters as the page's address holds them; '' is a filter left unset. */
export type AuditFilters = {
  actor: string;
  action: AuditAction | '';
  targetType: AuditTargetType | '';
  targetId: string;
  /** Whole UTC days, `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
};

export const NO_AUDIT_FILTERS: AuditFilters = {
  actor: '',
  action: '',
  targetType: '',
  targetId: '',
  from: '',
  to: '',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | '' =>
  list.includes(value as T) ? (value as T) : '';

const dayOf = (value: string | null) => (value && DAY.test(value) ? value : '');

/**
 * Reads the filters and the page from the address. A value the server would refuse (an action
 * that does not exist, a malformed day: an old or hand-edited link) is left out rather than
 * breaking the page.
 */
export function auditFiltersFrom(params: URLSearchParams): AuditFilters & { page: number } {
  const page = Number(params.get('page'));
  return {
    actor: (params.get('actor') ?? '').trim(),
    action: oneOf(AUDIT_ACTIONS, params.get('action')),
    targetType: oneOf(AUDIT_TARGET_TYPES, params.get('targetType')),
    targetId: (params.get('targetId') ?? '').trim(),
    from: dayOf(params.get('from')),
    to: dayOf(params.get('to')),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of these filters at `page`: only what is set, and no page 1, so links stay short. */
export function toAuditParams(filters: AuditFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(NO_AUDIT_FILTERS) as Array<keyof AuditFilters>) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  if (page > 1) params.set('page', String(page));
  return params;
}

export const hasAuditFilters = (filters: AuditFilters) =>
  (Object.keys(NO_AUDIT_FILTERS) as Array<keyof AuditFilters>).some((key) => filters[key] !== '');
