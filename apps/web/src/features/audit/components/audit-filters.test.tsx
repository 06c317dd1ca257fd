import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { auditFiltersFrom, NO_AUDIT_FILTERS } from '../lib/audit-params';
import { AuditFiltersForm } from './audit-filters';

describe('the audit log filters sent without JavaScript', () => {
  it('go to the audit log as a GET, every field named as the address reads it, the empty ones unset', () => {
    const filters = {
      ...NO_AUDIT_FILTERS,
      actor: 'agent1@',
      action: 'property.approval_changed' as const,
      from: '2025-01-01',
    };
    const { container } = render(<AuditFiltersForm filters={filters} onChange={() => {}} />);
    const form = container.querySelector('form');
    if (!form) throw new Error('no form');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/dashboard/audit-log');
    const sent = new URLSearchParams();
    for (const [name, value] of new FormData(form)) sent.append(name, String(value));
    // Every field goes, the empty ones too: they read as unset.
    expect(sent.get('targetId')).toBe('');
    expect(auditFiltersFrom(sent)).toEqual({ ...filters, page: 1 });
  });
});
