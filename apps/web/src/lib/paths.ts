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
  },
} as const;

/** Server endpoints the web client calls. */
export const apiPaths = {
  session: '/auth/session',
  logout: '/auth/logout',
  subscribe: '/api/subscribe',
} as const;

/** Navigation state the login page reads to send the visitor back where they were going. */
export type LoginRedirectState = { from?: Location };

/** A listing's details page. */
export const propertyDetailsPath = (id: string) => generatePath(paths.propertyDetails, { id });

/** The compare page for these listings, in this order: the address alone reproduces it. */
export const comparePath = (ids: readonly string[]) =>
  ids.length > 0 ? `${paths.compare}?ids=${ids.map(encodeURIComponent).join(',')}` : paths.compare;
