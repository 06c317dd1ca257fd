import type { MatrixRow } from './matrix-shape.js';

/** The audit trail is read by admins only, whatever the filters; nobody writes it through the API. */
export const AUDIT_LOG_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    path: '/api/admin/audit-log',
    cases: [
      {
        input: 'the whole trail, first page',
        request: () => ({ url: '/api/admin/audit-log?page=1&limit=20' }),
        expect: [401, 403, 403, 403, 403, 200, 403],
      },
      {
        input: "the entries of the admin's own actions on the user",
        request: (w) => ({
          url: `/api/admin/audit-log?actor=${encodeURIComponent(w.accounts.admin.email)}&targetType=user&targetId=${w.accounts.user.id}`,
        }),
        expect: [401, 403, 403, 403, 403, 200, 403],
      },
      {
        input: 'a date range that ends before it starts',
        request: () => ({ url: '/api/admin/audit-log?from=2026-02-01&to=2026-01-01' }),
        expect: [401, 403, 403, 403, 403, 400, 403],
      },
    ],
  },
];
