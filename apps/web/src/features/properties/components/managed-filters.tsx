import { PROPERTY_TYPES } from '@keyhaven/shared/constants';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { inputStyles } from '@/components/ui/input';
import type { ManagedFilters } from '../lib/managed-params';
import { APPROVAL_FILTERS } from '../types';

type ManagedFiltersFormProps = {
  filters: ManagedFilters;
  onChange: (filters: ManagedFilters) => void;
  /** What the text search matches, shown as its placeholder. */
  searchPlaceholder: string;
  /** Filter by property type too, over every type a listing can have. */
  withType?: boolean;
  /** The page the filters are for: without JavaScript the browser sends them there. */
  action: string;
};

/**
 * Text search (applied on submit) and status and type filters (applied on change). A plain GET
 * form underneath, whose fields are named as the page's address names them, so Search works
 * before the page's code has loaded, or without it.
 */
export function ManagedFiltersForm({
  filters,
  onChange,
  searchPlaceholder,
  withType = false,
  action,
}: ManagedFiltersFormProps) {
  const id = useId();
  const searchRef = useRef<HTMLInputElement>(null);

  // Back and Forward change the address under the form: show the search in force.
  useEffect(() => {
    if (searchRef.current) searchRef.current.value = filters.search;
  }, [filters.search]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ ...filters, search: searchRef.current?.value.trim() ?? '' });
  };

  return (
    <search aria-label="Filter properties">
      <form
        method="get"
        action={action}
        onSubmit={onSubmit}
        className={
          withType
            ? 'grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]'
            : 'grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]'
        }
      >
        <div className={withType ? 'flex gap-2 sm:col-span-2 lg:col-span-1' : 'flex gap-2'}>
          <label htmlFor={`${id}-search`} className="sr-only">
            Search
          </label>
          <input
            ref={searchRef}
            id={`${id}-search`}
            name="search"
            type="search"
            defaultValue={filters.search}
            placeholder={searchPlaceholder}
            maxLength={160}
            className={inputStyles()}
          />
          <Button type="submit" className="h-11">
            Search
          </Button>
        </div>
        <div>
          <label htmlFor={`${id}-status`} className="sr-only">
            Approval status
          </label>
          <select
            id={`${id}-status`}
            name="status"
            value={filters.status}
            onChange={(event) =>
              onChange({
                ...filters,
                status:
                  APPROVAL_FILTERS.find((filter) => filter.value === event.target.value)?.value ??
                  '',
              })
            }
            className={inputStyles()}
          >
            <option value="">All statuses</option>
            {APPROVAL_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
        </div>
        {withType && (
          <div>
            <label htmlFor={`${id}-type`} className="sr-only">
              Property type
            </label>
            <select
              id={`${id}-type`}
              name="propertyType"
              value={filters.propertyType}
              onChange={(event) => onChange({ ...filters, propertyType: event.target.value })}
              className={inputStyles()}
            >
              <option value="">All types</option>
              {PROPERTY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </div>
        )}
      </form>
    </search>
  );
}
