import type { World } from '../security/support/world.js';
import { asUnconfirmed, type MatrixRow, type Statuses, signedIn } from './matrix-shape.js';

/*
 * Viewing tours (module tours). The agent owns every listing and sets its viewing hours; the user
 * has a tour with the agent in each state (world.tourIds). Only the listing's agent sets hours and
 * answers requests, only its buyer accepts a new time, either cancels; anyone else's tour is 404.
 * Columns: anonymous | user | otherUser | agent | otherAgent | admin | fraud.
 */

const hours = {
  slotMinutes: 60,
  weekly: [{ weekday: 1, start: '09:00', end: '12:00' }],
  exceptions: [{ date: '2030-01-01' }],
  timeZone: 'America/Chicago',
};
const patch = (w: World, state: keyof World['tourIds'], action: string, payload = {}) => ({
  url: `/api/tours/${w.tourIds[state]}/${action}`,
  payload,
});
const AGENTS_ACTION_ON_OWN = (status: number): Statuses => [401, 403, 403, status, 404, 403, 403];

export const TOURS_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    path: '/api/properties/:id/tour-availability',
    cases: [
      {
        input: 'the open listing’s viewing hours',
        request: (w) => ({ url: `/api/properties/${w.openListing}/tour-availability` }),
        expect: [401, 403, 403, 200, 403, 200, 403],
      },
    ],
  },
  {
    method: 'PUT',
    path: '/api/properties/:id/tour-availability',
    cases: [
      {
        input: 'new viewing hours for the open listing',
        request: (w) => ({
          url: `/api/properties/${w.openListing}/tour-availability`,
          payload: hours,
        }),
        expect: [401, 403, 403, 200, 403, 403, 403],
      },
      {
        input: 'viewing hours for the sold listing',
        request: (w) => ({
          url: `/api/properties/${w.soldListing}/tour-availability`,
          payload: hours,
        }),
        expect: [401, 403, 403, 200, 403, 403, 403],
      },
      {
        input: 'viewing hours with a tour length off the list',
        request: (w) => ({
          url: `/api/properties/${w.openListing}/tour-availability`,
          payload: { ...hours, slotMinutes: 50 },
        }),
        expect: [401, 403, 403, 400, 400, 403, 403],
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/properties/:id/tour-slots',
    cases: [
      {
        input: 'the open listing’s free slots',
        request: (w) => ({ url: `/api/properties/${w.openListing}/tour-slots` }),
        expect: signedIn(200),
      },
      {
        input: 'the free slots of the listing waiting for approval',
        request: (w) => ({ url: `/api/properties/${w.unapprovedListing}/tour-slots` }),
        expect: [401, 404, 404, 200, 404, 200, 404],
      },
      {
        input: 'the free slots of the fraud agent’s listing',
        request: (w) => ({ url: `/api/properties/${w.frozenListing}/tour-slots` }),
        expect: [401, 404, 404, 404, 404, 200, 404],
      },
      {
        input: 'the sold listing’s slots (none)',
        request: (w) => ({ url: `/api/properties/${w.soldListing}/tour-slots` }),
        expect: signedIn(200),
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/properties/:id/tours',
    cases: [
      {
        input: 'a request for a free slot of the open listing (the user has one open already)',
        request: (w) => ({
          url: `/api/properties/${w.openListing}/tours`,
          payload: { startsAt: w.freeTourSlot, kind: 'video' },
        }),
        expect: [401, 409, 201, 403, 403, 403, 403],
      },
      {
        input: 'a request for the time another buyer’s tour holds',
        request: (w) => ({
          url: `/api/properties/${w.openListing}/tours`,
          payload: {
            startsAt: new Date(Date.parse(w.freeTourSlot) - 4 * 86_400_000).toISOString(),
            kind: 'in-person',
          },
        }),
        expect: [401, 409, 409, 403, 403, 403, 403],
      },
      {
        input: 'a request to see the sold listing',
        request: (w) => ({
          url: `/api/properties/${w.soldListing}/tours`,
          payload: { startsAt: w.freeTourSlot, kind: 'in-person' },
        }),
        expect: [401, 409, 409, 403, 403, 403, 403],
      },
      {
        input: 'a request to see the listing waiting for approval',
        request: (w) => ({
          url: `/api/properties/${w.unapprovedListing}/tours`,
          payload: { startsAt: w.freeTourSlot, kind: 'in-person' },
        }),
        expect: [401, 409, 409, 403, 403, 403, 403],
      },
      {
        input: 'a request to see the fraud agent’s listing',
        request: (w) => ({
          url: `/api/properties/${w.frozenListing}/tours`,
          payload: { startsAt: w.freeTourSlot, kind: 'in-person' },
        }),
        expect: [401, 409, 409, 403, 403, 403, 403],
      },
      {
        input: 'a request without a time',
        request: (w) => ({ url: `/api/properties/${w.openListing}/tours`, payload: {} }),
        expect: [401, 400, 400, 403, 403, 403, 403],
      },
      asUnconfirmed('a request for a free slot of the open listing', (w) => ({
        url: `/api/properties/${w.openListing}/tours`,
        payload: { startsAt: w.freeTourSlot, kind: 'video' },
      })),
    ],
  },
  {
    method: 'GET',
    path: '/api/tours',
    cases: [
      {
        input: 'the caller’s tours',
        request: () => ({ url: '/api/tours' }),
        expect: [401, 200, 200, 200, 200, 403, 403],
      },
      {
        input: 'the caller’s past tours',
        request: () => ({ url: '/api/tours?scope=past&page=1&limit=5' }),
        expect: [401, 200, 200, 200, 200, 403, 403],
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/tours/:id',
    cases: [
      {
        input: 'the user’s pending tour',
        request: (w) => ({ url: `/api/tours/${w.tourIds.pending}` }),
        expect: [401, 200, 404, 200, 404, 200, 404],
      },
      {
        input: 'a tour id that is not an id',
        request: () => ({ url: '/api/tours/nope' }),
        expect: signedIn(400),
      },
    ],
  },
  {
    method: 'PATCH',
    path: '/api/tours/:id/confirm',
    cases: [
      {
        input: 'the pending tour',
        request: (w) => patch(w, 'pending', 'confirm'),
        expect: AGENTS_ACTION_ON_OWN(200),
      },
      {
        input: 'the confirmed tour',
        request: (w) => patch(w, 'confirmed', 'confirm'),
        expect: AGENTS_ACTION_ON_OWN(409),
      },
      {
        input: 'the cancelled tour',
        request: (w) => patch(w, 'cancelled', 'confirm'),
        expect: AGENTS_ACTION_ON_OWN(409),
      },
    ],
  },
  {
    method: 'PATCH',
    path: '/api/tours/:id/propose',
    cases: [
      {
        input: 'a free slot for the pending tour',
        request: (w) => patch(w, 'pending', 'propose', { startsAt: w.spareTourSlot }),
        expect: AGENTS_ACTION_ON_OWN(200),
      },
      {
        input: 'a free slot for the rescheduled tour',
        request: (w) => patch(w, 'rescheduled', 'propose', { startsAt: w.spareTourSlot }),
        expect: AGENTS_ACTION_ON_OWN(409),
      },
      {
        input: 'no time',
        request: (w) => patch(w, 'pending', 'propose'),
        expect: [401, 403, 403, 400, 400, 403, 403],
      },
    ],
  },
  {
    method: 'PATCH',
    path: '/api/tours/:id/accept',
    cases: [
      {
        input: 'the rescheduled tour’s new time',
        request: (w) => patch(w, 'rescheduled', 'accept'),
        expect: [401, 200, 404, 403, 403, 403, 403],
      },
      {
        input: 'the pending tour (nothing proposed)',
        request: (w) => patch(w, 'pending', 'accept'),
        expect: [401, 409, 404, 403, 403, 403, 403],
      },
    ],
  },
  {
    method: 'PATCH',
    path: '/api/tours/:id/decline',
    cases: [
      {
        input: 'the pending tour',
        request: (w) => patch(w, 'pending', 'decline', { reason: 'Away that week' }),
        expect: AGENTS_ACTION_ON_OWN(200),
      },
      {
        input: 'the completed tour',
        request: (w) => patch(w, 'completed', 'decline'),
        expect: AGENTS_ACTION_ON_OWN(409),
      },
    ],
  },
  {
    method: 'PATCH',
    path: '/api/tours/:id/cancel',
    cases: [
      {
        input: 'the confirmed tour',
        request: (w) => patch(w, 'confirmed', 'cancel', { reason: 'Plans changed' }),
        expect: [401, 200, 404, 200, 404, 403, 403],
      },
      {
        input: 'the declined tour',
        request: (w) => patch(w, 'declined', 'cancel', { reason: 'Plans changed' }),
        expect: [401, 409, 404, 409, 404, 403, 403],
      },
      {
        input: 'the rescheduled tour without a reason',
        request: (w) => patch(w, 'rescheduled', 'cancel', { reason: '' }),
        expect: [401, 400, 400, 400, 400, 403, 403],
      },
    ],
  },
  {
    method: 'PATCH',
    path: '/api/tours/:id/complete',
    cases: [
      {
        input: 'the confirmed tour before it starts',
        request: (w) => patch(w, 'confirmed', 'complete'),
        expect: AGENTS_ACTION_ON_OWN(409),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/tours/:id/calendar.ics',
    cases: [
      {
        input: 'the confirmed tour’s invitation',
        request: (w) => ({ url: `/api/tours/${w.tourIds.confirmed}/calendar.ics` }),
        expect: [401, 200, 404, 200, 404, 403, 403],
      },
    ],
  },
];
