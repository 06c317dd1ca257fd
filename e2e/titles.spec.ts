import type { Page } from '@playwright/test';
import { paths } from '../apps/web/src/lib/paths';
import { brandOf, type DEMO_ACCOUNTS, expect, signIn, signOutOf, test } from './fixtures';

/*
 * Every route of the web app's route table has its document title, as the spec lists them: the
 * page ('Home', 'Dashboard'), with the brand before it only for Make Offer, Forbidden and Not
 * Found ('Keyhaven | Make Offer'). The table below has an entry for every path in `paths` (the
 * compiler checks that), and each is visited.
 */

/** The pages whose title the spec gives with the brand. */
const BRANDED = new Set(['Make Offer', 'Forbidden', 'Not Found']);
const titleOf = (brand: string, page: string) => (BRANDED.has(page) ? `${brand} | ${page}` : page);

type Dashboard = typeof paths.dashboard;
type RouteKey = Exclude<keyof typeof paths, 'dashboard'> | `dashboard.${keyof Dashboard}`;

type Ids = { listing: string; ownListing: string; agent: string };
type Visit = {
  /** The page's name. */
  title: string;
  /** Who visits it: a route behind a role guard needs that role. */
  as: keyof typeof DEMO_ACCOUNTS | null;
  url: (ids: Ids) => string;
};

const at = (path: string) => () => path;
const withId = (path: string, key: keyof Ids) => (ids: Ids) => path.replace(':id', ids[key]);

const ROUTES: Record<RouteKey, Visit> = {
  home: { title: 'Home', as: null, url: at(paths.home) },
  login: { title: 'Login', as: null, url: at(paths.login) },
  register: { title: 'Register', as: null, url: at(paths.register) },
  forgotPassword: { title: 'Forgot Password', as: null, url: at(paths.forgotPassword) },
  resetPassword: { title: 'Reset Password', as: null, url: at(paths.resetPassword) },
  verifyEmail: { title: 'Confirm E-mail', as: null, url: at(paths.verifyEmail) },
  unsubscribe: { title: 'Unsubscribe', as: null, url: at(paths.unsubscribe) },
  newsletterConfirm: {
    title: 'Confirm Subscription',
    as: null,
    url: at(paths.newsletterConfirm),
  },
  about: { title: 'About', as: null, url: at(paths.about) },
  forbidden: { title: 'Forbidden', as: null, url: at(paths.forbidden) },
  agents: { title: 'Agents', as: null, url: at(paths.agents) },
  allProperties: { title: 'All Properties', as: 'buyer', url: at(paths.allProperties) },
  // A redirect to All Properties.
  properties: { title: 'All Properties', as: 'buyer', url: at(paths.properties) },
  propertyDetails: {
    title: 'Property Details',
    as: 'buyer',
    url: withId(paths.propertyDetails, 'listing'),
  },
  agentProfile: { title: 'Agent Profile', as: 'buyer', url: withId(paths.agentProfile, 'agent') },
  editProperty: {
    title: 'Edit Property',
    as: 'agent',
    url: withId(paths.editProperty, 'ownListing'),
  },
  makeOffer: { title: 'Make Offer', as: 'buyer', url: withId(paths.makeOffer, 'listing') },
  compare: {
    title: 'Compare Homes',
    as: 'buyer',
    url: (ids) => `${paths.compare}?ids=${ids.listing}`,
  },
  paymentSuccess: { title: 'Payment Result', as: 'buyer', url: at(paths.paymentSuccess) },
  demoCheckout: {
    title: 'Test Checkout',
    as: 'buyer',
    url: at(paths.demoCheckout.replace(':sessionId', 'demo_cs_unknown')),
  },
  'dashboard.root': { title: 'Dashboard', as: 'buyer', url: at(paths.dashboard.root) },
  'dashboard.wishlist': { title: 'My Wish List', as: 'buyer', url: at(paths.dashboard.wishlist) },
  'dashboard.bought': {
    title: 'My Bought Properties',
    as: 'buyer',
    url: at(paths.dashboard.bought),
  },
  'dashboard.reviews': { title: 'My Reviews', as: 'buyer', url: at(paths.dashboard.reviews) },
  'dashboard.notifications': {
    title: 'Notifications',
    as: 'buyer',
    url: at(paths.dashboard.notifications),
  },
  'dashboard.notificationSettings': {
    title: 'Notification Settings',
    as: 'buyer',
    url: at(paths.dashboard.notificationSettings),
  },
  'dashboard.messages': { title: 'Messages', as: 'buyer', url: at(paths.dashboard.messages) },
  // A conversation that does not exist still names its page.
  'dashboard.conversation': {
    title: 'Messages',
    as: 'buyer',
    url: at(paths.dashboard.conversation.replace(':id', '00000000-0000-4000-8000-000000000000')),
  },
  'dashboard.savedSearches': {
    title: 'Saved Searches',
    as: 'buyer',
    url: at(paths.dashboard.savedSearches),
  },
  'dashboard.failedJobs': {
    title: 'Failed Jobs',
    as: 'admin',
    url: at(paths.dashboard.failedJobs),
  },
  'dashboard.addProperty': {
    title: 'Add Property',
    as: 'agent',
    url: at(paths.dashboard.addProperty),
  },
  'dashboard.myProperties': {
    title: 'My Properties',
    as: 'agent',
    url: at(paths.dashboard.myProperties),
  },
  'dashboard.soldProperties': {
    title: 'Sold Properties',
    as: 'agent',
    url: at(paths.dashboard.soldProperties),
  },
  'dashboard.agentProfile': {
    title: 'My Agent Profile',
    as: 'agent',
    url: at(paths.dashboard.agentProfile),
  },
  'dashboard.requests': {
    title: 'Requested Properties',
    as: 'agent',
    url: at(paths.dashboard.requests),
  },
  'dashboard.manageUsers': {
    title: 'Manage Users',
    as: 'admin',
    url: at(paths.dashboard.manageUsers),
  },
  'dashboard.manageProperties': {
    title: 'Manage Properties',
    as: 'admin',
    url: at(paths.dashboard.manageProperties),
  },
  'dashboard.manageReviews': {
    title: 'Manage Reviews',
    as: 'admin',
    url: at(paths.dashboard.manageReviews),
  },
  'dashboard.refunds': { title: 'Refunds', as: 'admin', url: at(paths.dashboard.refunds) },
  'dashboard.analytics': { title: 'Analytics', as: 'agent', url: at(paths.dashboard.analytics) },
  'dashboard.tours': { title: 'Tours', as: 'agent', url: at(paths.dashboard.tours) },
  'dashboard.myTours': { title: 'My Tours', as: 'buyer', url: at(paths.dashboard.myTours) },
  'dashboard.tourAvailability': {
    title: 'Viewing availability',
    as: 'agent',
    url: withId(paths.dashboard.tourAvailability, 'ownListing'),
  },
  'dashboard.marketplace': {
    title: 'Marketplace',
    as: 'admin',
    url: at(paths.dashboard.marketplace),
  },
  'dashboard.reportedListings': {
    title: 'Reported Listings',
    as: 'admin',
    url: at(paths.dashboard.reportedListings),
  },
  'dashboard.auditLog': { title: 'Audit Log', as: 'admin', url: at(paths.dashboard.auditLog) },
};

async function firstId(page: Page, path: string) {
  const response = await page.request.get(path);
  expect(response.status(), await response.text()).toBe(200);
  const [first] = (await response.json()) as Array<{ _id: string }>;
  if (!first) throw new Error(`${path} listed nothing`);
  return first._id;
}

test.describe('document titles', () => {
  // A made-up checkout is missing (404): its page still has its title.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('every route in the route table has the title the spec gives it', async ({ page }) => {
    test.slow();
    await signIn(page, 'agent');
    const ids: Ids = {
      listing: await firstId(page, '/api/all-properties?limit=1'),
      ownListing: await firstId(page, '/api/properties?agentUID=self&limit=1'),
      agent: await firstId(page, '/api/agents?limit=1'),
    };
    const brand = await (async () => {
      await page.goto(paths.about);
      return brandOf(page);
    })();

    const wrong: string[] = [];
    let signedInAs: Visit['as'] | undefined;
    for (const [key, visit] of Object.entries(ROUTES) as Array<[RouteKey, Visit]>) {
      if (visit.as !== signedInAs) {
        await signOutOf(page);
        if (visit.as) await signIn(page, visit.as);
        signedInAs = visit.as;
      }
      await page.goto(visit.url(ids));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const expected = titleOf(brand, visit.title);
      await expect(page)
        .toHaveTitle(expected, { timeout: 2000 })
        .catch(async () => {
          wrong.push(`${key} (${visit.url(ids)}): "${await page.title()}", not "${expected}"`);
        });
    }
    // Anything else is the not-found page.
    await page.goto('/no-such-page');
    if ((await page.title()) !== `${brand} | Not Found`) wrong.push(`* : "${await page.title()}"`);
    expect(wrong).toEqual([]);
  });
});
