import { randomUUID } from 'node:crypto';
import { type MatrixRow, signedIn } from './matrix-shape.js';

/*
 * Comparables and the Keyhaven Estimate (module comparables). The agent owns every listing but
 * the fraud agent's. Anyone signed in sees them for a public listing, sold or not; the listing's
 * agent and admins for theirs in any state; everyone else gets 404, as for its page.
 */

const OWN_OR_ADMIN = [401, 404, 404, 200, 404, 200, 404] as const;

export const COMPARABLES_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    path: '/api/properties/:id/estimate',
    cases: [
      {
        input: 'the open listing’s estimate',
        request: (w) => ({ url: `/api/properties/${w.openListing}/estimate` }),
        expect: signedIn(200),
      },
      {
        input: 'the sold listing’s estimate',
        request: (w) => ({ url: `/api/properties/${w.soldListing}/estimate` }),
        expect: signedIn(200),
      },
      {
        input: 'the estimate of the listing waiting for approval',
        request: (w) => ({ url: `/api/properties/${w.unapprovedListing}/estimate` }),
        expect: OWN_OR_ADMIN,
      },
      {
        input: 'the estimate of the listing whose edit waits for review',
        request: (w) => ({ url: `/api/properties/${w.reviewListing}/estimate` }),
        expect: OWN_OR_ADMIN,
      },
      {
        input: 'the estimate of the rejected listing',
        request: (w) => ({ url: `/api/properties/${w.rejectedListing}/estimate` }),
        expect: OWN_OR_ADMIN,
      },
      {
        input: 'the estimate of the fraud agent’s listing',
        request: (w) => ({ url: `/api/properties/${w.frozenListing}/estimate` }),
        expect: [401, 404, 404, 404, 404, 200, 404],
      },
      {
        input: 'the estimate of a listing that does not exist',
        request: () => ({ url: `/api/properties/${randomUUID()}/estimate` }),
        expect: signedIn(404),
      },
      {
        input: 'a listing id that is not an id',
        request: () => ({ url: '/api/properties/not-an-id/estimate' }),
        expect: signedIn(400),
      },
    ],
  },
];
