import type { QueryClient } from '@tanstack/react-query';
import { type ReactElement, useEffect, useState } from 'react';
import {
  type Location,
  matchRoutes,
  Navigate,
  type Params,
  type RouteObject,
  useLocation,
  useRoutes,
} from 'react-router';
import { HomePage } from '@/app/routes/home-page';
import { RequireAuth, type RequireAuthProps } from '@/features/auth/components/require-auth';
import { GenericErrorPage } from '@/features/errors/pages/generic-error-page';
import { NotFoundPage } from '@/features/errors/pages/not-found-page';
import { searchPropertiesQueryOptions } from '@/features/properties/api/search-properties';
import { homeSearchQuery } from '@/features/properties/components/property-search-section';
import { sessionQueryOptions } from '@/hooks/use-session';
import { BRAND_NAME, documentTitle } from '@/lib/brand';
import { loginPathFor, paths } from '@/lib/paths';
import type { SessionResponse } from '@/lib/user';
import { AgentProfilePage, AgentsPage, agentPageData, MyAgentProfilePage } from './agent-pages';
import { ErrorBoundary } from './error-boundary';
import { RootLayout } from './layouts/root-layout';
import { isLazyPage, lazyPage } from './lazy-page';
import type * as RouteData from './route-data';
import { agentTourRoutes, buyerTourRoutes } from './tour-pages';

const { dashboard } = paths;

// Every page but Home loads on demand to keep the first download small.
const LoginPage = lazyPage('login-page', () =>
  import('@/features/auth/pages/login-page').then((m) => m.LoginPage),
);
const RegisterPage = lazyPage('register-page', () =>
  import('@/features/auth/pages/register-page').then((m) => m.RegisterPage),
);
const AboutPage = lazyPage('about-page', () =>
  import('@/features/about/pages/about-page').then((m) => m.AboutPage),
);
const ForbiddenPage = lazyPage('forbidden-page', () =>
  import('@/features/errors/pages/forbidden-page').then((m) => m.ForbiddenPage),
);
const PropertyDetailsPage = lazyPage('property-details-page', () =>
  import('./routes/property-details-page').then((m) => m.PropertyDetailsRoute),
);
const ComparePage = lazyPage('compare-page', () =>
  import('./routes/compare-page').then((m) => m.CompareRoute),
);
const EditPropertyPage = lazyPage('edit-property-page', () =>
  import('@/features/properties/pages/edit-property-page').then((m) => m.EditPropertyPage),
);
const PaymentSuccessPage = lazyPage('payment-success-page', () =>
  import('@/features/payments/pages/payment-success-page').then((m) => m.PaymentSuccessPage),
);
const DemoCheckoutPage = lazyPage('demo-checkout-page', () =>
  import('@/features/payments/pages/demo-checkout-page').then((m) => m.DemoCheckoutPage),
);
const AllPropertiesPage = lazyPage('all-properties-page', () =>
  import('./routes/all-properties-page').then((m) => m.AllPropertiesRoute),
);
const MakeOfferPage = lazyPage('make-offer-page', () =>
  import('./routes/make-offer-page').then((m) => m.MakeOfferRoute),
);
const DashboardLayout = lazyPage('dashboard-layout', () =>
  import('./layouts/dashboard-layout').then((m) => m.DashboardLayout),
);
const MyProfilePage = lazyPage('my-profile-page', () =>
  import('@/features/users/pages/my-profile-page').then((m) => m.MyProfilePage),
);
const WishlistPage = lazyPage('wishlist-page', () =>
  import('./routes/wishlist-page').then((m) => m.WishlistRoute),
);
const PurchasedPropertiesPage = lazyPage('purchased-properties-page', () =>
  import('./routes/purchased-properties-page').then((m) => m.PurchasedPropertiesRoute),
);
const MyReviewsPage = lazyPage('my-reviews-page', () =>
  import('@/features/reviews/pages/my-reviews-page').then((m) => m.MyReviewsPage),
);
const AddPropertyPage = lazyPage('add-property-page', () =>
  import('@/features/properties/pages/add-property-page').then((m) => m.AddPropertyPage),
);
const MyPropertiesPage = lazyPage('my-properties-page', () =>
  import('@/features/properties/pages/my-properties-page').then((m) => m.MyPropertiesPage),
);
const SoldPropertiesPage = lazyPage('sold-properties-page', () =>
  import('@/features/offers/pages/sold-properties-page').then((m) => m.SoldPropertiesPage),
);
const RequestedPropertiesPage = lazyPage('requested-properties-page', () =>
  import('@/features/offers/pages/requested-properties-page').then(
    (m) => m.RequestedPropertiesPage,
  ),
);
const ManageUsersPage = lazyPage('manage-users-page', () =>
  import('@/features/users/pages/manage-users-page').then((m) => m.ManageUsersPage),
);
const ManagePropertiesPage = lazyPage('manage-properties-page', () =>
  import('@/features/properties/pages/manage-properties-page').then((m) => m.ManagePropertiesPage),
);
const ManageReviewsPage = lazyPage('manage-reviews-page', () =>
  import('@/features/reviews/pages/manage-reviews-page').then((m) => m.ManageReviewsPage),
);
const RefundsPage = lazyPage('refunds-page', () =>
  import('@/features/payments/pages/refunds-page').then((m) => m.RefundsPage),
);
const ForgotPasswordPage = lazyPage('forgot-password-page', () =>
  import('@/features/auth/pages/forgot-password-page').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPage('reset-password-page', () =>
  import('@/features/auth/pages/reset-password-page').then((m) => m.ResetPasswordPage),
);
const VerifyEmailPage = lazyPage('verify-email-page', () =>
  import('@/features/auth/pages/verify-email-page').then((m) => m.VerifyEmailPage),
);
const UnsubscribePage = lazyPage('unsubscribe-page', () =>
  import('@/features/notifications/pages/unsubscribe-page').then((m) => m.UnsubscribePage),
);
const NewsletterConfirmPage = lazyPage('newsletter-confirm-page', () =>
  import('@/features/newsletter/pages/newsletter-confirm-page').then(
    (m) => m.NewsletterConfirmPage,
  ),
);
const NotificationsPage = lazyPage('notifications-page', () =>
  import('@/features/notifications/pages/notifications-page').then((m) => m.NotificationsPage),
);
const NotificationSettingsPage = lazyPage('notification-settings-page', () =>
  import('@/features/notifications/pages/notification-settings-page').then(
    (m) => m.NotificationSettingsPage,
  ),
);
const FailedJobsPage = lazyPage('failed-jobs-page', () =>
  import('@/features/notifications/pages/failed-jobs-page').then((m) => m.FailedJobsPage),
);
const MessagesPage = lazyPage('messages-page', () =>
  import('@/features/conversations/pages/messages-page').then((m) => m.MessagesPage),
);
const ConversationPage = lazyPage('conversation-page', () =>
  import('@/features/conversations/pages/conversation-page').then((m) => m.ConversationPage),
);
const SavedSearchesPage = lazyPage('saved-searches-page', () =>
  import('@/features/saved-searches/pages/saved-searches-page').then((m) => m.SavedSearchesPage),
);
const ListingAnalyticsPage = lazyPage('listing-analytics-page', () =>
  import('@/features/analytics/pages/listing-analytics-page').then((m) => m.ListingAnalyticsPage),
);
const MarketplaceDashboardPage = lazyPage('marketplace-dashboard-page', () =>
  import('@/features/marketplace/pages/marketplace-dashboard-page').then(
    (m) => m.MarketplaceDashboardPage,
  ),
);
const ReportedListingsPage = lazyPage('reported-listings-page', () =>
  import('@/features/reports/pages/reported-listings-page').then((m) => m.ReportedListingsPage),
);
const AuditLogPage = lazyPage('audit-log-page', () =>
  import('@/features/audit/pages/audit-log-page').then((m) => m.AuditLogPage),
);

/**
 * What a route carries besides its page: the page's name, for the document title, and the data
 * the server loads before rendering it, so the first response already holds the listings.
 */
type RouteHandle = {
  title: string;
  prefetch?: (context: PrefetchContext) => Promise<unknown>;
  /**
   * Where the page sends its visitor once its data is loaded (null: it shows itself), for a
   * page that decides from its data, as the edit page does from the listing's agent.
   */
  redirect?: (context: PrefetchContext) => Promise<string | null>;
};
const titled = (title: string, prefetch?: RouteHandle['prefetch']): RouteHandle => ({
  title,
  prefetch,
});

type PrefetchContext = RouteData.PrefetchContext;

/** A page's data as route-data loads it, named here: only the server loads that module. */
const serverData =
  (name: Exclude<keyof typeof RouteData, 'editPropertyRedirect'>) => (context: PrefetchContext) =>
    import('./route-data').then((data): Promise<unknown> => data[name](context));
const prefetchSignIn = serverData('prefetchSignIn');

/**
 * The one route table, rendered inside the shared frame. Every page route names
 * its page (`handle`), and the document title is set from it here (`documentTitle`): the page
 * ('Home', 'Dashboard'), and the brand before it only for Make Offer, Forbidden and Not Found.
 */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        index: true,
        element: <HomePage />,
        handle: titled('Home', ({ queryClient, searchParams }) =>
          queryClient.prefetchQuery(searchPropertiesQueryOptions(homeSearchQuery(searchParams))),
        ),
      },
      { path: paths.login, element: <LoginPage />, handle: titled('Login', prefetchSignIn) },
      {
        path: paths.register,
        element: <RegisterPage />,
        handle: titled('Register', prefetchSignIn),
      },
      {
        path: paths.forgotPassword,
        element: <ForgotPasswordPage />,
        handle: titled('Forgot Password'),
      },
      {
        path: paths.resetPassword,
        element: <ResetPasswordPage />,
        handle: titled('Reset Password'),
      },
      { path: paths.verifyEmail, element: <VerifyEmailPage />, handle: titled('Confirm E-mail') },
      { path: paths.unsubscribe, element: <UnsubscribePage />, handle: titled('Unsubscribe') },
      {
        path: paths.newsletterConfirm,
        element: <NewsletterConfirmPage />,
        handle: titled('Confirm Subscription'),
      },
      { path: paths.about, element: <AboutPage />, handle: titled('About') },
      { path: paths.forbidden, element: <ForbiddenPage />, handle: titled('Forbidden') },
      {
        path: paths.agents,
        element: <AgentsPage />,
        handle: titled('Agents', agentPageData.directory),
      },
      {
        path: paths.properties,
        element: <Navigate to={paths.allProperties} replace />,
        handle: titled('All Properties'),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: paths.propertyDetails,
            element: <PropertyDetailsPage />,
            handle: titled('Property Details', serverData('prefetchPropertyDetails')),
          },
          {
            path: paths.agentProfile,
            element: <AgentProfilePage />,
            handle: titled('Agent Profile', agentPageData.profile),
          },
          {
            path: paths.compare,
            element: <ComparePage />,
            handle: titled('Compare Homes', serverData('prefetchCompare')),
          },
          {
            path: paths.editProperty,
            element: <EditPropertyPage />,
            handle: {
              ...titled('Edit Property', serverData('prefetchEditProperty')),
              redirect: (context: PrefetchContext) =>
                import('./route-data').then((data) => data.editPropertyRedirect(context)),
            },
          },
          {
            path: paths.paymentSuccess,
            element: <PaymentSuccessPage />,
            handle: titled('Payment Result'),
          },
          {
            path: paths.demoCheckout,
            element: <DemoCheckoutPage />,
            handle: titled('Test Checkout', serverData('prefetchDemoCheckout')),
          },
          {
            path: paths.allProperties,
            element: <AllPropertiesPage />,
            handle: titled('All Properties', serverData('prefetchAllProperties')),
          },
          {
            path: paths.makeOffer,
            element: <MakeOfferPage />,
            handle: titled('Make Offer', serverData('prefetchMakeOffer')),
          },
          {
            path: dashboard.root,
            element: <DashboardLayout />,
            children: [
              { index: true, element: <MyProfilePage />, handle: titled('Dashboard') },
              {
                path: dashboard.wishlist,
                element: <WishlistPage />,
                handle: titled('My Wish List', serverData('prefetchWishlist')),
              },
              {
                path: dashboard.bought,
                element: <PurchasedPropertiesPage />,
                handle: titled('My Bought Properties'),
              },
              ...buyerTourRoutes,
              { path: dashboard.reviews, element: <MyReviewsPage />, handle: titled('My Reviews') },
              {
                path: dashboard.notifications,
                element: <NotificationsPage />,
                handle: titled('Notifications'),
              },
              {
                path: dashboard.notificationSettings,
                element: <NotificationSettingsPage />,
                handle: titled('Notification Settings', serverData('prefetchNotificationSettings')),
              },
              { path: dashboard.messages, element: <MessagesPage />, handle: titled('Messages') },
              {
                path: dashboard.conversation,
                element: <ConversationPage />,
                handle: titled('Messages'),
              },
              {
                path: dashboard.savedSearches,
                element: <SavedSearchesPage />,
                handle: titled('Saved Searches'),
              },
              {
                element: <RequireAuth allow="agent" />,
                children: [
                  {
                    path: dashboard.addProperty,
                    element: <AddPropertyPage />,
                    handle: titled('Add Property'),
                  },
                  {
                    path: dashboard.myProperties,
                    element: <MyPropertiesPage />,
                    handle: titled('My Properties', serverData('prefetchMyProperties')),
                  },
                  {
                    path: dashboard.soldProperties,
                    element: <SoldPropertiesPage />,
                    handle: titled('Sold Properties'),
                  },
                  {
                    path: dashboard.requests,
                    element: <RequestedPropertiesPage />,
                    handle: titled('Requested Properties'),
                  },
                  ...agentTourRoutes,
                  {
                    path: dashboard.agentProfile,
                    element: <MyAgentProfilePage />,
                    handle: titled('My Agent Profile'),
                  },
                  {
                    path: dashboard.analytics,
                    element: <ListingAnalyticsPage />,
                    handle: titled('Analytics'),
                  },
                ],
              },
              {
                element: <RequireAuth allow="admin" />,
                children: [
                  {
                    path: dashboard.manageUsers,
                    element: <ManageUsersPage />,
                    handle: titled('Manage Users'),
                  },
                  {
                    path: dashboard.manageProperties,
                    element: <ManagePropertiesPage />,
                    handle: titled('Manage Properties', serverData('prefetchManageProperties')),
                  },
                  {
                    path: dashboard.manageReviews,
                    element: <ManageReviewsPage />,
                    handle: titled('Manage Reviews'),
                  },
                  { path: dashboard.refunds, element: <RefundsPage />, handle: titled('Refunds') },
                  {
                    path: dashboard.failedJobs,
                    element: <FailedJobsPage />,
                    handle: titled('Failed Jobs'),
                  },
                  {
                    path: dashboard.marketplace,
                    element: <MarketplaceDashboardPage />,
                    handle: titled('Marketplace'),
                  },
                  {
                    path: dashboard.reportedListings,
                    element: <ReportedListingsPage />,
                    handle: titled('Reported Listings'),
                  },
                  {
                    path: dashboard.auditLog,
                    element: <AuditLogPage />,
                    handle: titled('Audit Log', serverData('prefetchAuditLog')),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: titled('Not Found') },
    ],
  },
];

const elementType = (route: RouteObject) => (route.element as { type?: unknown } | undefined)?.type;

/**
 * The routes an address matches. React Router ranks the whole route table on every call, which
 * on a phone costs tens of milliseconds while the page comes to life; the route table never
 * changes, so each path is matched once (a visit sees a few dozen paths at most).
 */
const matchesByPath = new Map<string, ReturnType<typeof matchRoutes>>();
export function routeMatches(location: Partial<Location>) {
  const pathname = location.pathname ?? '/';
  let matches = matchesByPath.get(pathname);
  if (matches === undefined) {
    if (matchesByPath.size >= 200) matchesByPath.clear();
    matches = matchRoutes(routes, pathname);
    matchesByPath.set(pathname, matches);
  }
  return matches ?? [];
}

/** Downloads the code of every lazy page the location shows (the page and its layouts). */
export function preloadPages(location: Partial<Location>) {
  return Promise.all(
    routeMatches(location).map(({ route }) => {
      const type = elementType(route);
      return isLazyPage(type) ? type.preload() : undefined;
    }),
  );
}

/** Asks for the code of every lazy page the location shows, without running it. */
function prefetchPages(location: Partial<Location>) {
  for (const { route } of routeMatches(location)) {
    const type = elementType(route);
    if (isLazyPage(type)) type.prefetch().catch(() => {});
  }
}

/** The moments a visitor shows they may follow a link, before they click or tap it. */
const LINK_INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * Asks for a page's code as soon as a link to it is pointed at, focused or touched, so the click
 * opens a page whose files are already on their way.
 */
function usePrefetchOnLinkIntent() {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link instanceof HTMLAnchorElement && link.origin === window.location.origin) {
        prefetchPages(link);
      }
    };
    for (const type of LINK_INTENT_EVENTS) {
      document.addEventListener(type, onIntent, { capture: true, passive: true });
    }
    return () => {
      for (const type of LINK_INTENT_EVENTS) {
        document.removeEventListener(type, onIntent, { capture: true });
      }
    };
  }, []);
}

/**
 * How the server answers a page: found or not, whether it is only for signed-in visitors, the
 * lazily loaded pages it shows (their files go out with it), and where it sends its visitor
 * instead of showing itself (null: it shows itself).
 */
export type RouteOutcome = {
  notFound: boolean;
  signedInOnly: boolean;
  pages: string[];
  redirect: string | null;
};

/**
 * Where the routes' own redirects and guards send a visitor before the page shows, as they do
 * in the browser: a moved address to its new one, a signed-out visitor to the login page (which
 * brings them back), a signed-in one without the page's role to Forbidden. Unknown while the
 * session could not be read: the page then shows its own retry.
 */
function redirectOf(
  matches: ReturnType<typeof routeMatches>,
  location: Partial<Location>,
  user: SessionResponse['user'] | undefined,
): string | null {
  for (const { route } of matches) {
    const element = route.element as ReactElement<Record<string, unknown>> | undefined;
    if (element?.type === Navigate) return String(element.props.to);
    if (element?.type !== RequireAuth || user === undefined) continue;
    if (!user)
      return loginPathFor({ pathname: location.pathname ?? '/', search: location.search ?? '' });
    const { allow } = element.props as RequireAuthProps;
    if (allow && user.role !== allow) return paths.forbidden;
  }
  return null;
}

/**
 * Everything the page at `location` needs before it renders, for the server: its code, the
 * session, and the data its routes declare. A load that fails is left for the page to retry.
 */
export async function loadRoute(
  queryClient: QueryClient,
  location: Partial<Location>,
): Promise<RouteOutcome> {
  const matches = routeMatches(location);
  const [session] = await Promise.all([
    queryClient.fetchQuery(sessionQueryOptions()).catch(() => undefined),
    preloadPages(location),
  ]);
  const context = {
    queryClient,
    searchParams: new URLSearchParams(location.search),
    user: session?.user ?? null,
  };
  const eachRoute = <T,>(
    step: (handle: RouteHandle | undefined, params: Params) => Promise<T> | undefined,
  ) =>
    Promise.all(
      matches.map(({ route, params }) => step(route.handle as RouteHandle | undefined, params)),
    );

  // A visitor the guards send away gets no page, so its data is not loaded.
  let redirect = redirectOf(matches, location, session ? session.user : undefined);
  if (!redirect) {
    await eachRoute((handle, params) => handle?.prefetch?.({ ...context, params }));
    const decided = await eachRoute((handle, params) => handle?.redirect?.({ ...context, params }));
    redirect = decided.find((to) => typeof to === 'string') ?? null;
  }
  return {
    notFound: matches.at(-1)?.route.path === '*',
    signedInOnly: matches.some(({ route }) => elementType(route) === RequireAuth),
    redirect,
    pages: matches.flatMap(({ route }) => {
      const type = elementType(route);
      return isLazyPage(type) ? [type.pageName] : [];
    }),
  };
}

/**
 * Starts downloading the first page's code at once: a signed-in page otherwise waits for the
 * session check before it even asks for its code.
 */
function usePreloadFirstPage() {
  const location = useLocation();
  useState(() => {
    // A failed download shows when the page renders and asks for the same promise.
    preloadPages(location).catch(() => {});
  });
}

/** The title of the deepest route that names its page; the bare brand if none does. */
function useDocumentTitle() {
  const location = useLocation();
  const matches = routeMatches(location);
  const named = matches.findLast(({ route }) => (route.handle as RouteHandle | undefined)?.title);
  const page = (named?.route.handle as RouteHandle | undefined)?.title;
  return page ? documentTitle(page) : BRAND_NAME;
}

export function AppRoutes() {
  usePreloadFirstPage();
  usePrefetchOnLinkIntent();
  const title = useDocumentTitle();
  const element = useRoutes(routes);
  // Only reached when the frame itself fails; page errors are caught inside the frame.
  return (
    <>
      <title>{title}</title>
      <ErrorBoundary
        fallback={
          <main className="flex min-h-dvh flex-col">
            <GenericErrorPage />
          </main>
        }
      >
        {element}
      </ErrorBoundary>
    </>
  );
}
