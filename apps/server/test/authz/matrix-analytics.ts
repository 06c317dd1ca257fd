import { type MatrixRow, signedIn } from './matrix-shape.js';

/*
 * Listing analytics: anyone signed in may tell that they opened a listing (always 204, counted or
 * not: a pending or rejected listing, its own agent, an admin count nothing); only agents read
 * figures, and only of their own listings.
 */
export const ANALYTICS_ROWS: MatrixRow[] = [
  {
    method: 'POST',
    path: '/api/properties/:id/views',
    cases: [
      {
        input: 'a view of the open listing',
        request: (w) => ({ url: `/api/properties/${w.openListing}/views` }),
        expect: signedIn(204),
      },
      {
        input: 'a view of the sold listing',
        request: (w) => ({ url: `/api/properties/${w.soldListing}/views` }),
        expect: signedIn(204),
      },
      {
        input: 'a view of the listing waiting for approval (answered alike, counted for no one)',
        request: (w) => ({ url: `/api/properties/${w.unapprovedListing}/views` }),
        expect: signedIn(204),
      },
      {
        input: "a view of the fraud agent's listing",
        request: (w) => ({ url: `/api/properties/${w.frozenListing}/views` }),
        expect: signedIn(204),
      },
      {
        input: 'a listing that does not exist',
        request: () => ({ url: '/api/properties/00000000-0000-4000-8000-000000000000/views' }),
        expect: signedIn(204),
      },
      {
        input: 'a malformed id',
        request: () => ({ url: '/api/properties/not-a-listing/views' }),
        expect: signedIn(400),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/agent/analytics',
    cases: [
      {
        input: "the caller's figures for 30 days",
        request: () => ({ url: '/api/agent/analytics?period=30' }),
        expect: [401, 403, 403, 200, 200, 403, 403],
      },
      {
        input: 'a period that is not offered',
        request: () => ({ url: '/api/agent/analytics?period=365' }),
        expect: [401, 403, 403, 400, 400, 403, 403],
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/agent/analytics/listings',
    cases: [
      {
        input: "the caller's listings sorted by offers",
        request: () => ({ url: '/api/agent/analytics/listings?period=90&sort=offers&order=asc' }),
        expect: [401, 403, 403, 200, 200, 403, 403],
      },
      {
        input: 'a sort that does not exist',
        request: () => ({ url: '/api/agent/analytics/listings?sort=agentId' }),
        expect: [401, 403, 403, 400, 400, 403, 403],
      },
    ],
  },
];
