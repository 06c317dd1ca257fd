import type { MatrixRow } from './matrix-shape.js';

/*
 * The marketplace dashboard and its CSV downloads (module marketplace): admins only, since they
 * show every account's and every sale's details.
 */
const ADMIN_ONLY = (status: number) => [401, 403, 403, 403, 403, status, 403] as const;

export const MARKETPLACE_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    path: '/api/admin/dashboard',
    cases: [
      {
        input: 'the last 90 days',
        request: () => ({ url: '/api/admin/dashboard?period=90' }),
        expect: ADMIN_ONLY(200),
      },
      {
        input: 'a period it does not offer',
        request: () => ({ url: '/api/admin/dashboard?period=7' }),
        expect: ADMIN_ONLY(400),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/admin/exports/:kind',
    cases: [
      {
        input: 'the sales of the last 365 days',
        request: () => ({ url: '/api/admin/exports/sales?period=365' }),
        expect: ADMIN_ONLY(200),
      },
      {
        input: 'the accounts of the last 30 days',
        request: () => ({ url: '/api/admin/exports/users' }),
        expect: ADMIN_ONLY(200),
      },
      {
        input: 'a kind it does not offer',
        request: () => ({ url: '/api/admin/exports/payments?period=30' }),
        expect: ADMIN_ONLY(400),
      },
    ],
  },
];
