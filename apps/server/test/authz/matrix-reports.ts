import { asUnconfirmed, type MatrixRow, signedIn } from './matrix-shape.js';

/*
 * Reported listings (module reports). The user has an open report of the open listing; the
 * agent owns every listing; the fraud agent's listing and the one waiting for approval are not
 * what buyers see, so they cannot be reported.
 */

export const REPORTS_ROWS: MatrixRow[] = [
  {
    method: 'POST',
    path: '/api/properties/:id/reports',
    cases: [
      {
        input: 'a report of the open listing (the user reported it already)',
        request: (w) => ({
          url: `/api/properties/${w.openListing}/reports`,
          payload: { reason: 'suspected_fraud', note: 'Asks for a deposit by wire' },
        }),
        // Fraud accounts cannot report: they must not be able to bury honest listings.
        expect: [401, 409, 201, 409, 201, 201, 403],
      },
      asUnconfirmed('a report of the open listing', (w) => ({
        url: `/api/properties/${w.openListing}/reports`,
        payload: { reason: 'suspected_fraud', note: 'Asks for a deposit by wire' },
      })),
      {
        input: 'a report of the listing waiting for approval',
        request: (w) => ({
          url: `/api/properties/${w.unapprovedListing}/reports`,
          payload: { reason: 'other' },
        }),
        // Its agent is told it is their own; nobody else can see it.
        expect: [401, 404, 404, 409, 404, 404, 403],
      },
      {
        input: "a report of the fraud agent's listing",
        request: (w) => ({
          url: `/api/properties/${w.frozenListing}/reports`,
          payload: { reason: 'other' },
        }),
        expect: [401, 404, 404, 404, 404, 404, 403],
      },
      {
        input: 'a report without a reason',
        request: (w) => ({
          url: `/api/properties/${w.openListing}/reports`,
          payload: { note: 'Something is off' },
        }),
        expect: signedIn(400),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/properties/:id/my-report',
    cases: [
      {
        input: "the caller's report of the open listing",
        request: (w) => ({ url: `/api/properties/${w.openListing}/my-report` }),
        expect: [401, 200, 200, 200, 200, 200, 200],
      },
      {
        input: 'a listing id that is not an id',
        request: () => ({ url: '/api/properties/not-an-id/my-report' }),
        expect: signedIn(400),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/admin/reports',
    cases: [
      {
        input: 'the first page of the queue',
        request: () => ({ url: '/api/admin/reports?page=1&limit=20' }),
        expect: [401, 403, 403, 403, 403, 200, 403],
      },
      {
        input: 'a page longer than allowed',
        request: () => ({ url: '/api/admin/reports?limit=500' }),
        expect: [401, 403, 403, 403, 403, 400, 403],
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/admin/reports/:propertyId/decision',
    cases: [
      {
        input: 'dismissing the open listing’s report',
        request: (w) => ({
          url: `/api/admin/reports/${w.openListing}/decision`,
          payload: { decision: 'dismiss' },
        }),
        expect: [401, 403, 403, 403, 403, 200, 403],
      },
      {
        input: 'removing a listing without open reports',
        request: (w) => ({
          url: `/api/admin/reports/${w.soldListing}/decision`,
          payload: { decision: 'remove_listing' },
        }),
        expect: [401, 403, 403, 403, 403, 409, 403],
      },
      {
        input: 'a correction without a note',
        request: (w) => ({
          url: `/api/admin/reports/${w.openListing}/decision`,
          payload: { decision: 'request_correction' },
        }),
        expect: [401, 403, 403, 403, 403, 400, 403],
      },
    ],
  },
];
