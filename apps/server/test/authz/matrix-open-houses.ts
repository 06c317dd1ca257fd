import { type MatrixRow, signedIn } from './matrix-shape.js';

/*
 * Open houses (module open-houses). The agent owns every listing; the open listing and the one
 * waiting for approval each have an open house three days ahead. Only the listing's own agent
 * plans them (a fraud agent's role is no longer agent); buyers see those of public listings.
 */

const tomorrow = () => new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const times = () => ({
  date: tomorrow(),
  start: '10:00',
  end: '11:00',
  timeZone: 'America/Chicago',
});

export const OPEN_HOUSES_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    path: '/api/properties/:id/open-houses',
    cases: [
      {
        input: 'the open listing’s open houses',
        request: (w) => ({ url: `/api/properties/${w.openListing}/open-houses` }),
        expect: signedIn(200),
      },
      {
        input: 'the open houses of the listing waiting for approval',
        request: (w) => ({ url: `/api/properties/${w.unapprovedListing}/open-houses` }),
        expect: [401, 404, 404, 200, 404, 200, 404],
      },
      {
        input: 'the open houses of the fraud agent’s listing',
        request: (w) => ({ url: `/api/properties/${w.frozenListing}/open-houses` }),
        expect: [401, 404, 404, 404, 404, 200, 404],
      },
      {
        input: 'the open houses of the sold listing (none but to its agent and admins)',
        request: (w) => ({ url: `/api/properties/${w.soldListing}/open-houses` }),
        expect: signedIn(200),
      },
      {
        input: 'a listing id that is not an id',
        request: () => ({ url: '/api/properties/not-an-id/open-houses' }),
        expect: signedIn(400),
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/properties/:id/open-houses',
    cases: [
      {
        input: 'an open house tomorrow at the open listing',
        request: (w) => ({
          url: `/api/properties/${w.openListing}/open-houses`,
          payload: times(),
        }),
        expect: [401, 403, 403, 201, 403, 403, 403],
      },
      {
        input: 'an open house at the listing waiting for approval',
        request: (w) => ({
          url: `/api/properties/${w.unapprovedListing}/open-houses`,
          payload: times(),
        }),
        expect: [401, 403, 403, 201, 403, 403, 403],
      },
      {
        input: 'an open house at the sold listing',
        request: (w) => ({
          url: `/api/properties/${w.soldListing}/open-houses`,
          payload: times(),
        }),
        expect: [401, 403, 403, 409, 403, 403, 403],
      },
      {
        input: 'an open house without times',
        request: (w) => ({ url: `/api/properties/${w.openListing}/open-houses`, payload: {} }),
        // The body is read before the listing: any agent learns what is missing.
        expect: [401, 403, 403, 400, 400, 403, 403],
      },
    ],
  },
  {
    method: 'DELETE',
    path: '/api/properties/:id/open-houses/:openHouseId',
    cases: [
      {
        input: 'the open listing’s open house',
        request: (w) => ({ url: `/api/properties/${w.openListing}/open-houses/${w.openHouseId}` }),
        expect: [401, 403, 403, 200, 403, 403, 403],
      },
      {
        input: 'the open house under another listing of the agent',
        request: (w) => ({ url: `/api/properties/${w.soldListing}/open-houses/${w.openHouseId}` }),
        expect: [401, 403, 403, 404, 403, 403, 403],
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/properties/:id/open-houses/:openHouseId/calendar.ics',
    cases: [
      {
        input: 'the open listing’s open house as a calendar file',
        request: (w) => ({
          url: `/api/properties/${w.openListing}/open-houses/${w.openHouseId}/calendar.ics`,
        }),
        expect: signedIn(200),
      },
      {
        input: 'the open house of the listing waiting for approval',
        request: (w) => ({
          url: `/api/properties/${w.unapprovedListing}/open-houses/${w.unapprovedOpenHouseId}/calendar.ics`,
        }),
        expect: [401, 404, 404, 200, 404, 200, 404],
      },
      {
        input: 'an open house id that is not an id',
        request: (w) => ({
          url: `/api/properties/${w.openListing}/open-houses/nope/calendar.ics`,
        }),
        expect: signedIn(400),
      },
    ],
  },
];
