import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@keyhaven/shared/constants';
import { AUDIT_MESSAGES } from '@keyhaven/shared/texts';
import { type FormEvent, useState } from 'react';
import { SelectField, TextField } from '@/components/form/fields';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import {
  type AuditFilters,
  auditFiltersFrom,
  hasAuditFilters,
  NO_AUDIT_FILTERS,
} from '../lib/audit-params';
import { TARGET_TYPE_LABELS } from '../lib/labels';

type AuditFiltersFormProps = {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
};

/**
 * The trail's filters, applied together with Apply (or Enter in any field; a choice in a list
 * applies at once). The form is drawn from the address, so Back and Forward show the filters in
 * force: the page remounts it whenever they change. A plain GET form underneath, its fields named
 * as the address names them (an empty one reads as unset), so Apply works before the page's code
 * has loaded, or without it.
 */
export function AuditFiltersForm({ filters, onChange }: AuditFiltersFormProps) {
  const [rangeError, setRangeError] = useState<string>();

  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const next = auditFiltersFrom(
      new URLSearchParams([...data.entries()].map(([key, value]) => [key, String(value)])),
    );
    if (next.from && next.to && next.from > next.to) {
      setRangeError(AUDIT_MESSAGES.badDateRange);
      return;
    }
    setRangeError(undefined);
    const { page: _page, ...chosen } = next;
    onChange(chosen);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };

  const applyChoice = (event: { currentTarget: HTMLSelectElement }) => {
    const form = event.currentTarget.form;
    if (form) apply(form);
  };

  return (
    <search aria-label="Filter the audit log" className="mt-6 block">
      <form
        method="get"
        action={paths.dashboard.auditLog}
        onSubmit={onSubmit}
        noValidate
        className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <TextField
          label="Actor"
          hint="An e-mail address (or any part of it) or an account id"
          name="actor"
          type="search"
          defaultValue={filters.actor}
          maxLength={254}
          autoComplete="off"
        />
        <SelectField
          label="Action"
          name="action"
          defaultValue={filters.action}
          onChange={applyChoice}
        >
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Target type"
          name="targetType"
          defaultValue={filters.targetType}
          onChange={applyChoice}
        >
          <option value="">All targets</option>
          {AUDIT_TARGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {TARGET_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Target id"
          hint="The exact id of the user, listing, offer…"
          name="targetId"
          type="search"
          defaultValue={filters.targetId}
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
        />
        <TextField
          label="From (UTC day)"
          error={rangeError}
          name="from"
          type="date"
          defaultValue={filters.from}
        />
        <TextField
          label="To (UTC day)"
          name="to"
          type="date"
          defaultValue={filters.to}
          min={filters.from || undefined}
        />
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
          <Button type="submit">Apply filters</Button>
          {hasAuditFilters(filters) && (
            <Button
              variant="ghost"
              onClick={() => {
                setRangeError(undefined);
                onChange(NO_AUDIT_FILTERS);
              }}
            >
              Clear filters
            </Button>
          )}
        </div>
      </form>
    </search>
  );
}
