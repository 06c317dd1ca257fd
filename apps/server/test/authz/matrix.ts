import { randomBytes, randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { registrationBody } from '../helpers/accounts.js';
import { listingBody, TEST_LISTING_PHOTO } from '../helpers/listings.js';
import { daysFromNow } from '../helpers/offers.js';
import { ACTORS, type Actor, type World } from '../security/support/world.js';
import { AGENTS_ROWS } from './matrix-agents.js';
import { ANALYTICS_ROWS } from './matrix-analytics.js';
import { AUDIT_LOG_ROWS } from './matrix-audit-log.js';
import { COMPARABLES_ROWS } from './matrix-comparables.js';
import { MARKETPLACE_ROWS } from './matrix-marketplace.js';
import { OPEN_HOUSES_ROWS } from './matrix-open-houses.js';
import { REPORTS_ROWS } from './matrix-reports.js';
import {
  all,
  asUnconfirmed,
  type MatrixCase,
  type MatrixRow,
  type Statuses,
  signedIn,
} from './matrix-shape.js';
import { SHOPPING_TOGETHER_ROWS } from './matrix-shopping-together.js';
import { TOURS_ROWS } from './matrix-tours.js';

/*
 * The authorization matrix: one row per route (method + path as Fastify registered it), one
 * expected status per actor, for an input aimed at objects that belong to someone.
 *
 * Columns, always in this order:
 *   anonymous | user (owns the buyer objects) | otherUser | agent (owns the listings)
 *   | otherAgent | admin | fraud
 *
 * 401 = must sign in, 403 = not allowed, 404 = not yours / does not exist for you, 409 = wrong state.
 * Every status >= 400 is a refusal, and a refusal must leave the database exactly as it was.
 */

/** The apps of the matrix answer /metrics (METRICS_TOKEN) to a scraper holding this. */
export const MATRIX_METRICS_TOKEN = 'matrix-metrics-token-0123456789abcdef';

export const expectedFor = (statuses: Statuses, actor: Actor) =>
  statuses[ACTORS.indexOf(actor)] as number;

/** A tiny valid PNG (1x1), sent as the web app sends a photo. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body with one file, after `fields` (as a page's form sends them, in order). */
function multipart(
  field: string,
  data: Buffer,
  filename: string,
  type: string,
  fields: [string, string][] = [],
) {
  const boundary = `----matrix${randomBytes(6).toString('hex')}`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      ...fields.map(([name, value]) =>
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** The Add Property form with a valid listing and its photo, as its page posts it. */
function addPropertyForm() {
  const { features, image: _image, ...fields } = listingBody();
  return multipart('photos', ONE_PIXEL_PNG, 'dot.png', 'image/png', [
    ['_form', 'add-property'],
    ...Object.entries(fields).map(([name, value]): [string, string] => [name, String(value)]),
    ...features.map((feature): [string, string] => ['features', feature]),
  ]);
}

const editBody = () =>
  listingBody({ propertyType: 'Villa', features: ['Gym'], availability: 'Available' });

const offerBody = () => ({ offerAmount: 260_000, selectedDate: daysFromNow(30) });

/** The listings a sale in progress stands on after trust was lost, for cases on each of them. */
const UNTRUSTED = [
  {
    name: 'listing waiting for review again',
    id: (w: World) => w.reviewListing,
    session: (w: World) => w.reviewSessionId,
  },
  {
    name: 'rejected listing',
    id: (w: World) => w.rejectedListing,
    session: (w: World) => w.rejectedSessionId,
  },
  {
    name: "fraud agent's listing",
    id: (w: World) => w.frozenListing,
    session: (w: World) => w.frozenSessionId,
  },
];
const untrusted = (caseFor: (listing: (typeof UNTRUSTED)[number]) => MatrixCase) =>
  UNTRUSTED.map(caseFor);

export const MATRIX: MatrixRow[] = [
  // Platform and identity
  {
    method: 'GET',
    path: '/',
    cases: [{ input: 'the home page', request: () => ({ url: '/' }), expect: all(200) }],
  },
  {
    method: 'GET',
    path: '/*',
    cases: [
      { input: 'a page of the web app', request: () => ({ url: '/about' }), expect: all(200) },
      {
        input: 'an API path that does not exist',
        request: () => ({ url: '/api/no-such-route' }),
        expect: all(404),
      },
    ],
  },
  {
    method: 'POST',
    path: '/*',
    cases: [
      {
        input: "Sign In posted to its page with the spare account's right password",
        request: (w) => ({
          url: '/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            _form: 'sign-in',
            email: w.accounts.spare.email,
            password: w.accounts.spare.password,
          }).toString(),
        }),
        expect: all(303),
      },
      {
        input: 'Register posted to its page with a new account that asks for role admin',
        request: () => ({
          url: '/register',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            _form: 'register',
            ...(registrationBody({ role: 'admin' }) as Record<string, string>),
          }).toString(),
        }),
        expect: all(303),
      },
      {
        // Who may list is the API's to say; a refused form uploads nothing.
        input: 'Add Property posted to its page with a valid listing and a photo',
        request: () => ({ url: '/dashboard/add-property', ...addPropertyForm() }),
        expect: [401, 403, 403, 303, 303, 403, 403],
      },
      {
        input: 'a form the server does not perform, posted to a page',
        request: () => ({
          url: '/about',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: '_form=no-such-form',
        }),
        expect: all(400),
      },
      {
        input: 'a form posted to an API path that does not exist',
        request: () => ({
          url: '/api/no-such-route',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: '_form=sign-in',
        }),
        expect: all(404),
      },
    ],
  },
  {
    method: 'GET',
    path: '/sitemap.xml',
    cases: [{ input: 'the sitemap', request: () => ({ url: '/sitemap.xml' }), expect: all(200) }],
  },
  {
    method: 'GET',
    path: '/robots.txt',
    cases: [{ input: 'robots.txt', request: () => ({ url: '/robots.txt' }), expect: all(200) }],
  },
  {
    method: 'GET',
    path: '/api/places',
    cases: [
      { input: 'a place name', request: () => ({ url: '/api/places?q=aus' }), expect: all(200) },
    ],
  },
  {
    method: 'GET',
    path: '/map/style.json',
    cases: [
      { input: 'the basemap style', request: () => ({ url: '/map/style.json' }), expect: all(200) },
    ],
  },
  {
    method: 'GET',
    path: '/map/data/:file',
    cases: [
      {
        input: 'a basemap layer that does not exist',
        request: () => ({ url: '/map/data/land.0000000000000000.json' }),
        expect: all(404),
      },
    ],
  },
  {
    method: 'GET',
    path: '/healthz',
    cases: [{ input: 'liveness', request: () => ({ url: '/healthz' }), expect: all(200) }],
  },
  {
    method: 'GET',
    path: '/readyz',
    cases: [{ input: 'readiness', request: () => ({ url: '/readyz' }), expect: all(200) }],
  },
  {
    method: 'GET',
    path: '/metrics',
    cases: [
      {
        // Whoever signs in, an admin included, reads no metrics without the scraper's token.
        input: "the actor's own session, no metrics token",
        request: () => ({ url: '/metrics' }),
        expect: all(401),
      },
      {
        input: 'the metrics token',
        request: () => ({
          url: '/metrics',
          headers: { authorization: `Bearer ${MATRIX_METRICS_TOKEN}` },
        }),
        expect: all(200),
      },
    ],
  },
  {
    method: 'POST',
    path: '/auth/register',
    cases: [
      {
        input: 'a new account that asks for role admin',
        request: () => ({
          url: '/auth/register',
          payload: registrationBody({ role: 'admin' }),
        }),
        expect: all(200),
      },
      {
        input: "a new account with a listing's photo, an upload not the registering client's",
        request: () => ({
          url: '/auth/register',
          payload: registrationBody({ photo: TEST_LISTING_PHOTO }),
        }),
        expect: all(400),
      },
    ],
  },
  {
    method: 'POST',
    path: '/auth/login',
    cases: [
      {
        input: "the spare account's right password",
        request: (w) => ({
          url: '/auth/login',
          payload: { email: w.accounts.spare.email, password: w.accounts.spare.password },
        }),
        expect: all(200),
      },
    ],
  },
  {
    method: 'POST',
    path: '/auth/logout',
    cases: [{ input: 'no body', request: () => ({ url: '/auth/logout' }), expect: all(200) }],
  },
  {
    method: 'GET',
    path: '/auth/session',
    cases: [{ input: 'no input', request: () => ({ url: '/auth/session' }), expect: all(200) }],
  },
  {
    method: 'GET',
    path: '/auth/providers',
    cases: [{ input: 'no input', request: () => ({ url: '/auth/providers' }), expect: all(200) }],
  },
  {
    method: 'GET',
    path: '/auth/google',
    cases: [
      {
        input: 'Google sign-in not configured',
        request: () => ({ url: '/auth/google' }),
        expect: all(404),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/auth/callback/:providerId',
    cases: [
      {
        input: 'a callback with Google sign-in not configured',
        request: () => ({ url: '/api/auth/callback/google?code=x&state=y' }),
        expect: all(404),
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/uploads',
    cases: [
      {
        input: 'a 1x1 PNG in the field image',
        request: () => ({
          url: '/api/uploads',
          ...multipart('image', ONE_PIXEL_PNG, 'dot.png', 'image/png'),
        }),
        expect: signedIn(200),
      },
      {
        input: 'a 1x1 PNG as a profile photo',
        request: () => ({
          url: '/api/uploads?purpose=avatar',
          ...multipart('image', ONE_PIXEL_PNG, 'dot.png', 'image/png'),
        }),
        expect: signedIn(200),
      },
      {
        input: 'a gzip-compressed body (refused unread, before anything else)',
        request: () => {
          const body = multipart('image', ONE_PIXEL_PNG, 'dot.png', 'image/png');
          return {
            url: '/api/uploads',
            headers: { ...body.headers, 'content-encoding': 'gzip' },
            payload: gzipSync(body.payload),
          };
        },
        expect: all(415),
      },
    ],
  },
  {
    method: 'GET',
    path: '/uploads/*',
    cases: [
      {
        input: 'a stored image',
        request: (w) => ({ url: `/uploads/${w.imageKey}` }),
        expect: all(200),
      },
      {
        input: 'a path outside the uploads folder',
        request: () => ({ url: '/uploads/..%2f..%2fpackage.json' }),
        expect: all(404),
      },
    ],
  },

  // Users
  {
    method: 'GET',
    path: '/auth/users/:uid',
    cases: [
      {
        input: "the user's profile",
        request: (w) => ({ url: `/auth/users/${w.accounts.user.id}` }),
        expect: [401, 200, 403, 403, 403, 200, 403],
      },
    ],
  },
  {
    method: 'PATCH',
    path: '/api/profile/photo',
    cases: [
      {
        input: "remove one's own photo (identity from the session only)",
        request: () => ({ url: '/api/profile/photo', payload: { photo: null } }),
        expect: signedIn(200),
      },
      {
        input: "a listing's photo, an upload that is nobody's own profile photo",
        request: () => ({ url: '/api/profile/photo', payload: { photo: TEST_LISTING_PHOTO } }),
        expect: [401, 400, 400, 400, 400, 400, 400],
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/user-role/:uid',
    cases: [
      {
        input: "the user's role",
        request: (w) => ({ url: `/api/user-role/${w.accounts.user.id}` }),
        expect: [401, 200, 403, 403, 403, 200, 403],
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/all-users',
    cases: [
      {
        input: 'every user',
        request: () => ({ url: '/api/all-users' }),
        expect: [401, 403, 403, 403, 403, 200, 403],
      },
    ],
  },
  {
    method: 'PATCH',
    path: '/api/user-role-update/:userId/:newRole',
    cases: [
      {
        input: 'make the user an agent',
        request: (w) => ({ url: `/api/user-role-update/${w.accounts.user.id}/agent` }),
        expect: [401, 403, 403, 403, 403, 200, 403],
      },
      {
        input: 'make oneself an admin',
        request: (w) => ({ url: `/api/user-role-update/${w.accounts.otherUser.id}/admin` }),
        expect: [401, 403, 403, 403, 403, 200, 403],
      },
    ],
  },
  {
    method: 'DELETE',
    path: '/api/users/:uid',
    cases: [
      {
        input: 'delete the user',
        request: (w) => ({ url: `/api/users/${w.accounts.user.id}` }),
        expect: [401, 403, 403, 403, 403, 200, 403],
      },
      {
        input: 'delete the only admin (the admin themself: never the last admin)',
        request: (w) => ({ url: `/api/users/${w.accounts.admin.id}` }),
        expect: [401, 403, 403, 403, 403, 409, 403],
      },
    ],
  },

  // Listings
  {
    method: 'GET',
    path: '/properties/search',
    cases: [
      {
        input: 'the public search',
        request: () => ({ url: '/properties/search' }),
        expect: all(200),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/all-properties',
    cases: [
      {
        input: 'the signed-in catalogue (a sold listing included)',
        request: () => ({ url: '/api/all-properties' }),
        expect: signedIn(200),
      },
      {
        input:
          'sold mode: homes sold in the last 6 months (no buyer shown but to a sale’s parties)',
        request: () => ({ url: '/api/all-properties?sold=6' }),
        expect: signedIn(200),
      },
      {
        input: 'sold mode over a period not offered',
        request: () => ({ url: '/api/all-properties?sold=24' }),
        expect: signedIn(400),
      },
    ],
  },
  {
    method: 'GET',
    path: '/properties/search/facets',
    cases: [
      {
        input: 'the public search’s counts per type and price bracket',
        request: () => ({ url: '/properties/search/facets' }),
        expect: all(200),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/all-properties/facets',
    cases: [
      {
        input: 'the signed-in catalogue’s counts per type and price bracket',
        request: () => ({ url: '/api/all-properties/facets' }),
        expect: signedIn(200),
      },
      {
        input:
          'sold mode: homes sold in the last 6 months (no buyer shown but to a sale’s parties)',
        request: () => ({ url: '/api/all-properties/facets?sold=6' }),
        expect: signedIn(200),
      },
      {
        input: 'sold mode over a period not offered',
        request: () => ({ url: '/api/all-properties/facets?sold=24' }),
        expect: signedIn(400),
      },
    ],
  },
  {
    method: 'GET',
    path: '/properties/search/pins',
    cases: [
      {
        input: 'the public search’s map pins',
        request: () => ({ url: '/properties/search/pins' }),
        expect: all(200),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/all-properties/pins',
    cases: [
      {
        input: 'the signed-in catalogue’s map pins (a sold listing included)',
        request: () => ({ url: '/api/all-properties/pins' }),
        expect: signedIn(200),
      },
      {
        input:
          'sold mode: homes sold in the last 6 months (no buyer shown but to a sale’s parties)',
        request: () => ({ url: '/api/all-properties/pins?sold=6' }),
        expect: signedIn(200),
      },
      {
        input: 'sold mode over a period not offered',
        request: () => ({ url: '/api/all-properties/pins?sold=24' }),
        expect: signedIn(400),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/properties',
    cases: [
      {
        input: "?agentUID= the agent's id",
        request: (w) => ({ url: `/api/properties?agentUID=${w.accounts.agent.id}` }),
        expect: [401, 403, 403, 200, 403, 200, 403],
      },
      {
        input: 'no agentUID (everyone’s listings)',
        request: () => ({ url: '/api/properties' }),
        expect: [401, 403, 403, 403, 403, 200, 403],
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/properties/:id',
    cases: [
      {
        input: 'a listing waiting for approval',
        request: (w) => ({ url: `/api/properties/${w.unapprovedListing}` }),
        expect: [401, 404, 404, 200, 404, 200, 404],
      },
      {
        input: 'the sold listing',
        request: (w) => ({ url: `/api/properties/${w.soldListing}` }),
        expect: signedIn(200),
      },
      {
        input: 'the listing waiting for review again',
        request: (w) => ({ url: `/api/properties/${w.reviewListing}` }),
        expect: [401, 404, 404, 200, 404, 200, 404],
      },
      {
        input: 'the rejected listing',
        request: (w) => ({ url: `/api/properties/${w.rejectedListing}` }),
        expect: [401, 404, 404, 200, 404, 200, 404],
      },
      {
        input: "the fraud agent's listing",
        request: (w) => ({ url: `/api/properties/${w.frozenListing}` }),
        expect: [401, 404, 404, 404, 404, 200, 404],
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/properties',
    cases: [
      {
        input: 'a valid listing',
        request: () => ({ url: '/api/properties', payload: listingBody() }),
        expect: [401, 403, 403, 200, 200, 403, 403],
      },
    ],
  },
  {
    method: 'PATCH',
    path: '/api/properties/:id',
    cases: [
      {
        input: 'a valid edit of the open listing',
        request: (w) => ({ url: `/api/properties/${w.openListing}`, payload: editBody() }),
        expect: [401, 403, 403, 200, 403, 200, 403],
      },
      {
        input: 'an edit that would send the listing reserved by an accepted offer back to review',
        request: (w) => ({
          url: `/api/properties/${w.reservedListing}`,
          payload: { ...editBody(), title: 'Reserved house', availability: 'Pending' },
        }),
        // Its agent cannot stall the buyer's payment; an admin's edit stands as reviewed.
        expect: [401, 403, 403, 409, 403, 200, 403],
      },
    ],
  },
  {
    method: 'DELETE',
    path: '/api/properties/:id',
    cases: [
      {
        input: 'the open listing',
        request: (w) => ({ url: `/api/properties/${w.openListing}` }),
        expect: [401, 403, 403, 200, 403, 200, 403],
      },
      {
        input: 'the listing reserved by an accepted offer',
        request: (w) => ({ url: `/api/properties/${w.reservedListing}` }),
        expect: [401, 403, 403, 409, 403, 409, 403],
      },
    ],
  },
  {
    method: 'PATCH',
    path: '/api/properties/admin-approval/:id/:decision',
    cases: [
      {
        input: 'approve the waiting listing',
        request: (w) => ({ url: `/api/properties/admin-approval/${w.unapprovedListing}/true` }),
        expect: [401, 403, 403, 403, 403, 200, 403],
      },
    ],
  },

  // Wishlist
  {
    method: 'PATCH',
    path: '/properties/:id/wishlist',
    cases: [
      {
        input: 'save the open listing',
        request: (w) => ({
          url: `/properties/${w.openListing}/wishlist`,
          payload: { wishlistStatus: 'true' },
        }),
        expect: [401, 200, 200, 403, 403, 403, 403],
      },
      {
        input: 'save it naming the user as wishlistUser',
        request: (w) => ({
          url: `/properties/${w.openListing}/wishlist`,
          payload: { wishlistUser: { uid: w.accounts.user.id, email: w.accounts.user.email } },
        }),
        expect: [401, 200, 403, 403, 403, 403, 403],
      },
      ...untrusted((listing) => ({
        input: `save the ${listing.name}`,
        request: (w) => ({
          url: `/properties/${listing.id(w)}/wishlist`,
          payload: { wishlistStatus: 'true' },
        }),
        expect: [401, 404, 404, 403, 403, 403, 403],
      })),
    ],
  },
  {
    method: 'GET',
    path: '/wishlist-properties/:uid',
    cases: [
      {
        input: "the user's wishlist",
        request: (w) => ({ url: `/wishlist-properties/${w.accounts.user.id}` }),
        expect: [401, 200, 403, 403, 403, 403, 403],
      },
    ],
  },
  {
    method: 'PATCH',
    path: '/wishlist-properties/:id/remove',
    cases: [
      {
        input: 'remove the open listing, uid of the user',
        request: (w) => ({
          url: `/wishlist-properties/${w.openListing}/remove`,
          payload: { uid: w.accounts.user.id },
        }),
        expect: [401, 200, 403, 403, 403, 403, 403],
      },
      {
        input: 'remove the open listing, no body',
        request: (w) => ({ url: `/wishlist-properties/${w.openListing}/remove` }),
        expect: [401, 200, 404, 404, 404, 404, 404],
      },
    ],
  },

  // Offers
  {
    method: 'PATCH',
    path: '/make-offer/:propertyId',
    cases: [
      {
        input: 'an offer in range on the open listing',
        request: (w) => ({ url: `/make-offer/${w.openListing}`, payload: offerBody() }),
        expect: [401, 409, 200, 403, 403, 403, 403],
      },
      {
        input: 'an offer claiming to be the user',
        request: (w) => ({
          url: `/make-offer/${w.openListing}`,
          payload: { ...offerBody(), uid: w.accounts.user.id, email: w.accounts.user.email },
        }),
        expect: [401, 409, 403, 403, 403, 403, 403],
      },
      {
        input: 'an offer on the listing waiting for approval',
        request: (w) => ({ url: `/make-offer/${w.unapprovedListing}`, payload: offerBody() }),
        expect: [401, 404, 404, 403, 403, 403, 403],
      },
      ...untrusted((listing) => ({
        input: `an offer on the ${listing.name}`,
        request: (w) => ({ url: `/make-offer/${listing.id(w)}`, payload: offerBody() }),
        expect: [401, 404, 404, 403, 403, 403, 403],
      })),
    ],
  },
  {
    method: 'GET',
    path: '/api/properties/requested/:agentEmail',
    cases: [
      {
        input: "offers on the agent's listings",
        request: (w) => ({
          url: `/api/properties/requested/${encodeURIComponent(w.accounts.agent.email)}`,
        }),
        expect: [401, 403, 403, 200, 403, 200, 403],
      },
    ],
  },
  {
    method: 'PATCH',
    path: '/api/properties/requestStatus/:id',
    cases: [
      {
        input: "reject the user's pending offer",
        request: (w) => ({
          url: `/api/properties/requestStatus/${w.openListing}?email=${encodeURIComponent(w.accounts.user.email)}`,
          payload: { requestStatus: 'normal' },
        }),
        expect: [401, 403, 403, 200, 403, 403, 403],
      },
    ],
  },
  {
    method: 'PATCH',
    path: '/api/properties/accept-request/:id',
    cases: [
      {
        input: "accept the user's pending offer",
        request: (w) => ({
          url: `/api/properties/accept-request/${w.openListing}?email=${encodeURIComponent(w.accounts.user.email)}`,
        }),
        expect: [401, 403, 403, 200, 403, 403, 403],
      },
      {
        input: 'accept an offer on the listing waiting for review again',
        request: (w) => ({ url: `/api/properties/accept-request/${w.reviewListing}` }),
        expect: [401, 403, 403, 409, 403, 403, 403],
      },
      {
        input: 'accept an offer on the rejected listing',
        request: (w) => ({ url: `/api/properties/accept-request/${w.rejectedListing}` }),
        expect: [401, 403, 403, 409, 403, 403, 403],
      },
      {
        input: "accept an offer on the fraud agent's listing",
        request: (w) => ({ url: `/api/properties/accept-request/${w.frozenListing}` }),
        expect: [401, 403, 403, 403, 403, 403, 403],
      },
    ],
  },
  {
    method: 'PATCH',
    path: '/api/properties/release-offer/:id',
    cases: [
      {
        input: "release the user's accepted offer before its deadline",
        request: (w) => ({ url: `/api/properties/release-offer/${w.reservedListing}` }),
        expect: [401, 403, 403, 409, 403, 200, 403],
      },
      {
        input: "release the user's accepted offer whose deadline the rejection paused",
        request: (w) => ({ url: `/api/properties/release-offer/${w.rejectedListing}` }),
        expect: [401, 403, 403, 409, 403, 200, 403],
      },
      {
        input: 'release on the open listing, which has no accepted offer',
        request: (w) => ({ url: `/api/properties/release-offer/${w.openListing}` }),
        expect: [401, 403, 403, 409, 403, 409, 403],
      },
      {
        input: "release the fraud agent's frozen offer",
        request: (w) => ({ url: `/api/properties/release-offer/${w.frozenListing}` }),
        expect: [401, 403, 403, 403, 403, 200, 403],
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/properties/user-requests/:uid',
    cases: [
      {
        input: "the user's offers",
        request: (w) => ({ url: `/api/properties/user-requests/${w.accounts.user.id}` }),
        expect: [401, 200, 403, 403, 403, 403, 403],
      },
    ],
  },
  {
    method: 'PATCH',
    path: '/requested-properties/:id/remove',
    cases: [
      {
        input: 'withdraw the pending offer on the open listing',
        request: (w) => ({ url: `/requested-properties/${w.openListing}/remove` }),
        expect: [401, 200, 404, 404, 404, 404, 404],
      },
      {
        input: 'withdraw naming the user in the body',
        request: (w) => ({
          url: `/requested-properties/${w.openListing}/remove`,
          payload: { uid: w.accounts.user.id },
        }),
        expect: [401, 200, 403, 403, 403, 403, 403],
      },
      {
        input: 'withdraw the accepted offer on the reserved listing',
        request: (w) => ({ url: `/requested-properties/${w.reservedListing}/remove` }),
        expect: [401, 200, 404, 404, 404, 404, 404],
      },
    ],
  },

  // Payments
  {
    method: 'POST',
    path: '/api/payment/create-checkout-session',
    cases: [
      {
        input: "a checkout for the user's accepted offer, amount 1",
        request: (w) => ({
          url: '/api/payment/create-checkout-session',
          payload: {
            offer: {
              _id: w.reservedListing,
              property: { _id: w.reservedListing },
              offerDetails: { amount: 1 },
            },
          },
        }),
        expect: [401, 200, 404, 403, 403, 403, 403],
      },
      ...untrusted((listing) => ({
        input: `a checkout for the user's accepted offer on the ${listing.name}`,
        request: (w) => ({
          url: '/api/payment/create-checkout-session',
          payload: { offer: { _id: listing.id(w) } },
        }),
        expect: [401, 409, 404, 403, 403, 403, 403],
      })),
    ],
  },
  {
    method: 'GET',
    path: '/api/admin/refunds',
    cases: [
      {
        input: 'money due for a refund',
        request: () => ({ url: '/api/admin/refunds' }),
        expect: [401, 403, 403, 403, 403, 200, 403],
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/admin/refunds/:paymentId',
    cases: [
      {
        input: 'refund the payment that arrived after the rejection',
        request: (w) => ({ url: `/api/admin/refunds/${w.refundPaymentId}` }),
        expect: [401, 403, 403, 403, 403, 200, 403],
      },
      {
        input: 'refund the sale, which is not due for a refund',
        request: () => ({ url: '/api/admin/refunds/00000000-0000-4000-8000-000000000000' }),
        expect: [401, 403, 403, 403, 403, 404, 403],
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/payment/verify',
    cases: [
      {
        input: "the user's open checkout",
        request: (w) => ({ url: `/api/payment/verify?session_id=${w.openSessionId}` }),
        expect: [401, 200, 404, 404, 404, 404, 404],
      },
      {
        input: "the user's paid checkout",
        request: (w) => ({ url: `/api/payment/verify?session_id=${w.paidSessionId}` }),
        expect: [401, 200, 404, 404, 404, 404, 404],
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/payment/demo/:sessionId',
    app: 'demo',
    cases: [
      {
        input: "the user's open checkout",
        request: (w) => ({ url: `/api/payment/demo/${w.openSessionId}` }),
        expect: [401, 200, 404, 404, 404, 404, 404],
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/payment/demo/:sessionId/pay',
    app: 'demo',
    cases: [
      {
        input: "pay the user's open checkout with 4242",
        request: (w) => ({
          url: `/api/payment/demo/${w.openSessionId}/pay`,
          payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'X' },
        }),
        expect: [401, 200, 404, 403, 403, 403, 403],
      },
      ...untrusted((listing) => ({
        input: `pay the user's open checkout on the ${listing.name} with 4242`,
        request: (w) => ({
          url: `/api/payment/demo/${listing.session(w)}/pay`,
          payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'X' },
        }),
        expect: [401, 409, 404, 403, 403, 403, 403],
      })),
    ],
  },
  {
    method: 'POST',
    path: '/api/payment/webhook',
    app: 'stripe',
    cases: [
      {
        input: 'an unsigned checkout.session.completed event',
        request: () => ({
          url: '/api/payment/webhook',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({
            id: 'evt_forged',
            type: 'checkout.session.completed',
            data: { object: { id: 'cs_test_1', payment_status: 'paid' } },
          }),
        }),
        expect: all(400),
      },
    ],
  },

  // Reviews and newsletter
  {
    method: 'POST',
    path: '/api/reviews',
    cases: [
      {
        input: 'a website review',
        request: () => ({
          url: '/api/reviews',
          payload: { reviewFor: 'website', rating: 5, title: 'Great', text: 'Easy to use' },
        }),
        expect: [401, 200, 200, 403, 403, 403, 403],
      },
      asUnconfirmed('a one-star review of the open listing', (w) => ({
        url: '/api/reviews',
        payload: {
          reviewFor: 'property',
          propertyId: w.openListing,
          rating: 1,
          title: 'Awful',
          text: 'Do not buy here',
        },
      })),
    ],
  },
  {
    method: 'GET',
    path: '/api/reviews',
    cases: [
      {
        input: '?reviewFor=website',
        request: () => ({ url: '/api/reviews?reviewFor=website' }),
        expect: all(200),
      },
      {
        input: '?propertyId= the open listing',
        request: (w) => ({ url: `/api/reviews?propertyId=${w.openListing}` }),
        expect: signedIn(200),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/property-reviews',
    cases: [
      {
        input: 'every review',
        request: () => ({ url: '/api/property-reviews' }),
        expect: [401, 403, 403, 403, 403, 200, 403],
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/property-reviews/:uid',
    cases: [
      {
        input: "the user's reviews",
        request: (w) => ({ url: `/api/property-reviews/${w.accounts.user.id}` }),
        expect: [401, 200, 403, 403, 403, 200, 403],
      },
    ],
  },
  {
    method: 'DELETE',
    path: '/api/property-reviews/:id',
    cases: [
      {
        input: "the user's review",
        request: (w) => ({ url: `/api/property-reviews/${w.reviewId}` }),
        expect: [401, 200, 403, 403, 403, 200, 403],
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/subscribe',
    cases: [
      {
        input: 'a new e-mail',
        request: () => ({
          url: '/api/subscribe',
          payload: { email: `news-${randomBytes(4).toString('hex')}@example.test` },
        }),
        expect: all(200),
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/subscribe/confirm',
    cases: [
      {
        input: 'a confirmation token never sent',
        request: () => ({
          url: '/api/subscribe/confirm',
          payload: { token: randomBytes(32).toString('base64url') },
        }),
        expect: all(400),
      },
    ],
  },

  // E-mail and jobs (modules mail, jobs)
  {
    method: 'POST',
    path: '/api/unsubscribe',
    cases: [
      {
        input: 'a one-click unsubscribe with a forged token',
        request: (w) => ({
          url: `/api/unsubscribe?token=${Buffer.from(
            JSON.stringify({ s: 'search_alerts', e: w.accounts.user.email, u: w.accounts.user.id }),
          ).toString('base64url')}.forged`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        }),
        expect: all(400),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/admin/failed-jobs',
    cases: [
      {
        input: 'the dead letters',
        request: () => ({ url: '/api/admin/failed-jobs?page=1&limit=20' }),
        expect: [401, 403, 403, 403, 403, 200, 403],
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/admin/failed-jobs/:id/run-again',
    cases: [
      {
        input: 'a dead letter that is not listed',
        request: () => ({ url: `/api/admin/failed-jobs/${randomUUID()}/run-again` }),
        expect: [401, 403, 403, 403, 403, 404, 403],
      },
      {
        input: 'an id that is no id',
        request: () => ({ url: '/api/admin/failed-jobs/not-an-id/run-again' }),
        expect: [401, 403, 403, 403, 403, 400, 403],
      },
    ],
  },
  // Saved searches (module saved-searches): each account sees and changes only its own; the
  // user owns the world's search, and anyone else is told it does not exist.
  {
    method: 'GET',
    path: '/api/saved-searches',
    cases: [
      {
        input: "the caller's own saved searches",
        request: () => ({ url: '/api/saved-searches' }),
        expect: signedIn(200),
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/saved-searches',
    cases: [
      {
        input: 'save a search of Texas houses',
        request: () => ({
          url: '/api/saved-searches',
          payload: { name: 'Texas houses', filters: { location: 'Texas', types: 'House' } },
        }),
        expect: signedIn(201),
      },
      {
        input: 'a filter the search refuses',
        request: () => ({
          url: '/api/saved-searches',
          payload: { name: 'Broken', filters: { minPrice: 'cheap' } },
        }),
        expect: signedIn(400),
      },
      asUnconfirmed('save a search with instant alerts', () => ({
        url: '/api/saved-searches',
        payload: { name: 'URGENT: verify your bank', filters: {}, alert: 'instant' },
      })),
      asUnconfirmed(
        'save a search with alerts off',
        () => ({
          url: '/api/saved-searches',
          payload: { name: 'Quiet homes', filters: {}, alert: 'off' },
        }),
        all(201),
      ),
    ],
  },
  {
    method: 'PATCH',
    path: '/api/saved-searches/:id',
    cases: [
      {
        input: "rename the user's saved search",
        request: (w) => ({
          url: `/api/saved-searches/${w.savedSearchId}`,
          payload: { name: 'Renamed', alert: 'daily' },
        }),
        expect: [401, 200, 404, 404, 404, 404, 404],
      },
      asUnconfirmed('turn on the alerts of a saved search', (w) => ({
        url: `/api/saved-searches/${w.savedSearchId}`,
        payload: { alert: 'instant' },
      })),
    ],
  },
  {
    method: 'DELETE',
    path: '/api/saved-searches/:id',
    cases: [
      {
        input: "delete the user's saved search",
        request: (w) => ({ url: `/api/saved-searches/${w.savedSearchId}` }),
        expect: [401, 200, 404, 404, 404, 404, 404],
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/saved-searches/:id/viewed',
    cases: [
      {
        input: "open the user's saved search",
        request: (w) => ({ url: `/api/saved-searches/${w.savedSearchId}/viewed` }),
        expect: [401, 200, 404, 404, 404, 404, 404],
      },
    ],
  },

  // Messages between buyers and agents (module conversations)
  {
    method: 'POST',
    path: '/api/properties/:id/messages',
    cases: [
      {
        input: 'a question about the open listing',
        request: (w) => ({
          url: `/api/properties/${w.openListing}/messages`,
          payload: { body: 'Is it still available?' },
        }),
        expect: [401, 201, 201, 403, 201, 201, 403],
      },
      asUnconfirmed('a question about the open listing', (w) => ({
        url: `/api/properties/${w.openListing}/messages`,
        payload: { body: 'URGENT: verify your bank details' },
      })),
      {
        input: 'a question about the listing waiting for approval',
        request: (w) => ({
          url: `/api/properties/${w.unapprovedListing}/messages`,
          payload: { body: 'Is it still available?' },
        }),
        expect: [401, 404, 404, 403, 404, 409, 403],
      },
      ...untrusted((listing) => ({
        input: `a question about the ${listing.name}`,
        request: (w) => ({
          url: `/api/properties/${listing.id(w)}/messages`,
          payload: { body: 'Is it still available?' },
        }),
        // The agent is told it is their own listing, except the fraud agent's, which is not theirs.
        expect:
          listing.name === "fraud agent's listing"
            ? [401, 404, 404, 404, 404, 409, 403]
            : [401, 404, 404, 403, 404, 409, 403],
      })),
      {
        input: 'an empty question',
        request: (w) => ({
          url: `/api/properties/${w.openListing}/messages`,
          payload: { body: '  ' },
        }),
        expect: signedIn(400),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/conversations',
    cases: [
      {
        input: "the caller's conversations",
        request: () => ({ url: '/api/conversations' }),
        expect: signedIn(200),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/conversations/unread-count',
    cases: [
      {
        input: "the caller's unread messages",
        request: () => ({ url: '/api/conversations/unread-count' }),
        expect: signedIn(200),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/conversations/:id',
    cases: [
      {
        input: "the user's conversation with the agent",
        request: (w) => ({ url: `/api/conversations/${w.conversationId}` }),
        expect: [401, 200, 404, 200, 404, 200, 404],
      },
      {
        input: 'a conversation that does not exist',
        request: () => ({ url: '/api/conversations/00000000-0000-4000-8000-000000000000' }),
        expect: signedIn(404),
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/conversations/:id/messages',
    cases: [
      {
        input: "a reply in the user's conversation with the agent",
        request: (w) => ({
          url: `/api/conversations/${w.conversationId}/messages`,
          payload: { body: 'Thanks!' },
        }),
        expect: [401, 201, 404, 201, 404, 403, 403],
      },
      asUnconfirmed('a reply in the conversation of the user and the agent', (w) => ({
        url: `/api/conversations/${w.conversationId}/messages`,
        payload: { body: 'URGENT: verify your bank details' },
      })),
    ],
  },
  {
    method: 'DELETE',
    path: '/api/messages/:id',
    cases: [
      {
        input: "the user's question",
        request: (w) => ({ url: `/api/messages/${w.messageId}` }),
        expect: [401, 403, 403, 403, 403, 200, 403],
      },
    ],
  },

  // Notifications and their e-mail settings (module notifications): each person's own only
  {
    method: 'GET',
    path: '/api/notifications',
    cases: [
      {
        input: "a page of the caller's notifications",
        request: () => ({ url: '/api/notifications?page=1&limit=5' }),
        expect: signedIn(200),
      },
      {
        input: 'a page longer than allowed',
        request: () => ({ url: '/api/notifications?limit=500' }),
        expect: signedIn(400),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/notifications/unread-count',
    cases: [
      {
        input: "the caller's unread count",
        request: () => ({ url: '/api/notifications/unread-count' }),
        expect: signedIn(200),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/notifications/stream',
    cases: [
      {
        // An open stream never ends, so it cannot be a cell; notifications.test.ts reads one
        // through real HTTP. This shows who gets past the sign-in check.
        input: 'a client that does not ask for an event stream',
        request: () => ({
          url: '/api/notifications/stream',
          headers: { accept: 'application/json' },
        }),
        expect: signedIn(400),
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/notifications/:id/read',
    cases: [
      {
        input: "the user's notification",
        request: (w) => ({ url: `/api/notifications/${w.notificationId}/read` }),
        expect: [401, 200, 404, 404, 404, 404, 404],
      },
      {
        input: 'an id that is no notification',
        request: () => ({ url: '/api/notifications/00000000-0000-4000-8000-000000000000/read' }),
        expect: signedIn(404),
      },
      {
        input: 'something that is not an id',
        request: () => ({ url: '/api/notifications/not-an-id/read' }),
        expect: signedIn(400),
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/notifications/read-all',
    cases: [
      {
        input: "all the caller's notifications",
        request: () => ({ url: '/api/notifications/read-all' }),
        expect: signedIn(200),
      },
      {
        input:
          'a JSON body nested a thousand deep (refused by the parser, before the access check)',
        request: () => ({
          url: '/api/notifications/read-all',
          headers: { 'content-type': 'application/json' },
          payload: `{"all":${'['.repeat(1000)}${']'.repeat(1000)}}`,
        }),
        expect: all(400),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/notification-settings',
    cases: [
      {
        input: "the caller's settings",
        request: () => ({ url: '/api/notification-settings' }),
        expect: signedIn(200),
      },
    ],
  },
  {
    method: 'PUT',
    path: '/api/notification-settings',
    cases: [
      {
        input: 'new offers in the app only',
        request: () => ({
          url: '/api/notification-settings',
          payload: { email: { offer_received: false } },
        }),
        expect: signedIn(200),
      },
      {
        input: 'an alert frequency that does not exist',
        request: () => ({
          url: '/api/notification-settings',
          payload: { searchAlerts: 'hourly' },
        }),
        expect: signedIn(400),
      },
    ],
  },
  // Account recovery and e-mail confirmation (modules/auth/account-recovery.routes.ts).
  {
    method: 'POST',
    path: '/auth/forgot-password',
    cases: [
      {
        input: "the spare account's e-mail (answered alike for every address)",
        request: (w) => ({
          url: '/auth/forgot-password',
          payload: { email: w.accounts.spare.email },
        }),
        expect: all(200),
      },
    ],
  },
  {
    method: 'POST',
    path: '/auth/reset-password',
    cases: [
      {
        input: 'a made-up reset token',
        request: () => ({
          url: '/auth/reset-password',
          payload: { token: 'a'.repeat(24), password: 'Brand9New' },
        }),
        expect: all(400),
      },
    ],
  },
  {
    method: 'POST',
    path: '/auth/verify-email',
    cases: [
      {
        input: 'a made-up confirmation token',
        request: () => ({ url: '/auth/verify-email', payload: { token: 'not.a.token' } }),
        expect: all(400),
      },
    ],
  },
  {
    method: 'POST',
    path: '/auth/verify-email/resend',
    cases: [
      {
        input: "no body (the caller's own, already confirmed, address)",
        request: () => ({ url: '/auth/verify-email/resend' }),
        expect: signedIn(200),
      },
    ],
  },
  ...ANALYTICS_ROWS,
  ...AGENTS_ROWS,
  ...MARKETPLACE_ROWS,
  ...REPORTS_ROWS,
  ...OPEN_HOUSES_ROWS,
  ...COMPARABLES_ROWS,
  ...TOURS_ROWS,
  ...SHOPPING_TOGETHER_ROWS,
  ...AUDIT_LOG_ROWS,
];

/** Addresses that look like files but are answered by our own routes, so they have rows above. */
const SERVED_FILES = ['/sitemap.xml', '/robots.txt'];

/**
 * Routes that get no row, and why. Anything else Fastify registers without a row fails the
 * coverage test.
 */
export const NOT_IN_MATRIX: Array<{
  matches: (method: string, path: string) => boolean;
  reason: string;
}> = [
  {
    matches: (method) => method === 'HEAD',
    reason:
      'HEAD routes are the ones Fastify adds for every GET: same handler, same access check, no body.',
  },
  {
    matches: (_method, path) => path === '/api/docs' || path.startsWith('/api/docs/'),
    reason:
      '@fastify/swagger-ui: the public API description and its static UI files. They hold no user data and call nothing; the headers test covers their CSP.',
  },
  {
    matches: (_method, path) =>
      /^\/(assets\/[^/]+|[^/]+\.[a-z0-9]+)$/i.test(path) && !SERVED_FILES.includes(path),
    reason:
      "@fastify/static's routes for the built web app's files (/assets/*, /favicon.svg...): public bytes of the web bundle, no data, no handler of ours.",
  },
];
