import { PROPERTY_TYPES } from '@keyhaven/shared/constants';
import { APPROVAL_FILTERS, type ApprovalFilter } from '../types';
import { pageFrom } from './list-params';

/** The filters of the agent's and the admin's listing pages, kept in the page address. */
export type ManagedFilters = {
  search: string;
  status: ApprovalFilter | '';
  propertyType: string;
};

const TYPES: readonly string[] = PROPERTY_TYPES;

export function managedFiltersFrom(params: URLSearchParams): ManagedFilters & { page: number } {
  const status = params.get('status');
  const propertyType = params.get('propertyType') ?? '';
  return {
    search: (params.get('search') ?? '').trim(),
    status: APPROVAL_FILTERS.find((filter) => filter.value === status)?.value ?? '',
    propertyType: TYPES.includes(propertyType) ? propertyType : '',
    page: pageFrom(params),
  };
}

export function toManagedParams(filters: ManagedFilters, page = 1) {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.status) params.set('status', filters.status);
  if (filters.propertyType) params.set('propertyType', filters.propertyType);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The filters as API query parameters (unset ones left out). */
export const managedQueryOf = (filters: ManagedFilters) => ({
  search: filters.search || undefined,
  status: filters.status || undefined,
  propertyType: filters.propertyType || undefined,
});
