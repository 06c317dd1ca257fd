import { generatePath, type Location } from 'react-router';

/**
 * Every client-side route of the app; build links from these, never from string literals.
 * Fill the `:id` patterns with React Router's `generatePath`.
 */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  unsubscribe: '/unsubscribe',
  newsletterConfirm: '/newsletter/confirm',
  about: '/about',
  forbidden: '/forbidden-page',
  allProperties: '/all-properties',
  properties: '/properties',
  propertyDetails: '/propertyDetails/:id',
  editProperty: '/EditPropertyDetails/:id',
  makeOffer: '/make-offer/:id',
  paymentSuccess: '/payment-success',
  demoCheckout: '/demo-checkout/:sessionId',
  compare: '/compare',
  agents: '/agents',
  agentProfile: '/agents/:id',
  dashboard: {
    root: '/dashboard',
    addProperty: '/dashboard/add-property',
    myProperties: '/dashboard/my-properties',
    soldProperties: '/dashboard/sold-properties',
    requests: '/dashboard/requests',
    manageUsers: '/dashboard/manage-users',
    manageProperties: '/dashboard/manage-properties',
    manageReviews: '/dashboard/manage-reviews',
    refunds: '/dashboard/refunds',
    wishlist: '/dashboard/wishlist',
    bought: '/dashboard/bought',
    reviews: '/dashboard/reviews',
    notifications: '/dashboard/notifications',
    notificationSettings: '/dashboard/notification-settings',
    messages: '/dashboard/messages',
    conversation: '/dashboard/messages/:id',
    savedSearches: '/dashboard/saved-searches',
    failedJobs: '/dashboard/failed-jobs',
    analytics: '/dashboard/analytics',
    marketplace: '/dashboard/marketplace',
    reportedListings: '/dashboard/reported-listings',
    auditLog: '/dashboard/audit-log',
    agentProfile: '/dashboard/agent-profile',
    // Notices and e-mails of tours link to these three (`TOUR_PAGES` in @keyhaven/shared).
    tours: '/dashboard/tours',
    myTours: '/dashboard/my-tours',
    tourAvailability: '/dashboard/tour-availability/:id',
  },
} as const;

/** Server endpoints the web client calls. */
export const apiPaths = {
  session: '/auth/session',
  logout: '/auth/logout',
  subscribe: '/api/subscribe',
  confirmSubscription: '/api/subscribe/confirm',
} as const;

/** Navigation state the login page reads to send the visitor back where they were going. */
export type LoginRedirectState = { from?: Location };

/** The longest address the login page sends a visitor back to. */
const RETURN_PATH_MAX_LENGTH = 512;

/**
 * The login page for a visitor on their way to `location`: the address holds where to go once
 * signed in, so the server can send a visitor there before any script runs, and a reload keeps it.
 */
export function loginPathFor(location: Pick<Location, 'pathname' | 'search'>): string {
  const returnTo = `${location.pathname}${location.search}`;
  return returnTo === paths.home || returnTo.length > RETURN_PATH_MAX_LENGTH
    ? paths.login
    : `${paths.login}?${new URLSearchParams({ returnTo })}`;
}

/**
 * Where the login page's `returnTo` sends a visitor: an address of this site only (never another
 * site's, which would make the login page a redirector), not the login page itself; else null.
 */
export function returnPathFrom(value: string | null): string | null {
  if (!value || value.length > RETURN_PATH_MAX_LENGTH || !/^\/(?![/\\])/.test(value)) return null;
  const { pathname } = new URL(value, 'http://keyhaven.invalid');
  return pathname === paths.login ? null : value;
}

/** A listing's details page. */
export const propertyDetailsPath = (id: string) => generatePath(paths.propertyDetails, { id });

/** The agent's page of one listing's viewing availability. */
export const tourAvailabilityPath = (id: string) =>
  generatePath(paths.dashboard.tourAvailability, { id });

/** An agent's profile page. */
export const agentProfilePath = (id: string) => generatePath(paths.agentProfile, { id });

/** The compare page for these listings, in this order: the address alone reproduces it. */
export const comparePath = (ids: readonly string[]) =>
  ids.length > 0 ? `${paths.compare}?ids=${ids.map(encodeURIComponent).join(',')}` : paths.compare;
