import { useState } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { HomePage } from '@/app/routes/home-page';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { GenericErrorPage } from '@/features/errors/pages/generic-error-page';
import { NotFoundPage } from '@/features/errors/pages/not-found-page';
import { BRAND_NAME, documentTitle } from '@/lib/brand';
import { paths } from '@/lib/paths';
import { ErrorBoundary } from './error-boundary';
import { RootLayout } from './layouts/root-layout';
import { isLazyPage, lazyPage } from './lazy-page';

const { dashboard } = paths;

// Every page but Home loads on demand to keep the first download small.
const LoginPage = lazyPage(() =>
  import('@/features/auth/pages/login-page').then((m) => m.LoginPage),
);
const RegisterPage = lazyPage(() =>
  import('@/features/auth/pages/register-page').then((m) => m.RegisterPage),
);
const AboutPage = lazyPage(() =>
  import('@/features/about/pages/about-page').then((m) => m.AboutPage),
);
const ForbiddenPage = lazyPage(() =>
  import('@/features/errors/pages/forbidden-page').then((m) => m.ForbiddenPage),
);
const PropertyDetailsPage = lazyPage(() =>
  import('./routes/property-details-page').then((m) => m.PropertyDetailsRoute),
);
const EditPropertyPage = lazyPage(() =>
  import('@/features/properties/pages/edit-property-page').then((m) => m.EditPropertyPage),
);
const PaymentSuccessPage = lazyPage(() =>
  import('@/features/payments/pages/payment-success-page').then((m) => m.PaymentSuccessPage),
);
const DemoCheckoutPage = lazyPage(() =>
  import('@/features/payments/pages/demo-checkout-page').then((m) => m.DemoCheckoutPage),
);
const AllPropertiesPage = lazyPage(() =>
  import('@/features/properties/pages/all-properties-page').then((m) => m.AllPropertiesPage),
);
const MakeOfferPage = lazyPage(() =>
  import('./routes/make-offer-page').then((m) => m.MakeOfferRoute),
);
const DashboardLayout = lazyPage(() =>
  import('./layouts/dashboard-layout').then((m) => m.DashboardLayout),
);
const MyProfilePage = lazyPage(() =>
  import('@/features/users/pages/my-profile-page').then((m) => m.MyProfilePage),
);
const WishlistPage = lazyPage(() => import('./routes/wishlist-page').then((m) => m.WishlistRoute));
const PurchasedPropertiesPage = lazyPage(() =>
  import('./routes/purchased-properties-page').then((m) => m.PurchasedPropertiesRoute),
);
const MyReviewsPage = lazyPage(() =>
  import('@/features/reviews/pages/my-reviews-page').then((m) => m.MyReviewsPage),
);
const AddPropertyPage = lazyPage(() =>
  import('@/features/properties/pages/add-property-page').then((m) => m.AddPropertyPage),
);
const MyPropertiesPage = lazyPage(() =>
  import('@/features/properties/pages/my-properties-page').then((m) => m.MyPropertiesPage),
);
const SoldPropertiesPage = lazyPage(() =>
  import('@/features/offers/pages/sold-properties-page').then((m) => m.SoldPropertiesPage),
);
const RequestedPropertiesPage = lazyPage(() =>
  import('@/features/offers/pages/requested-properties-page').then(
    (m) => m.RequestedPropertiesPage,
  ),
);
const ManageUsersPage = lazyPage(() =>
  import('@/features/users/pages/manage-users-page').then((m) => m.ManageUsersPage),
);
const ManagePropertiesPage = lazyPage(() =>
  import('@/features/properties/pages/manage-properties-page').then((m) => m.ManagePropertiesPage),
);
const ManageReviewsPage = lazyPage(() =>
  import('@/features/reviews/pages/manage-reviews-page').then((m) => m.ManageReviewsPage),
);
const RefundsPage = lazyPage(() =>
  import('@/features/payments/pages/refunds-page').then((m) => m.RefundsPage),
);

/** What a route carries besides its page: the page's name, for the document title. */
type RouteHandle = { title: string };
const titled = (title: string): RouteHandle => ({ title });

/**
 * The one route table, rendered inside the shared frame. Every page route names
 * its page (`handle`), and the document title is set from it here, in one pattern for all:
 * brand, then the page ('Keyhaven | Make Offer', 'Keyhaven | Home').
 */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage />, handle: titled('Home') },
      { path: paths.login, element: <LoginPage />, handle: titled('Login') },
      { path: paths.register, element: <RegisterPage />, handle: titled('Register') },
      { path: paths.about, element: <AboutPage />, handle: titled('About') },
      { path: paths.forbidden, element: <ForbiddenPage />, handle: titled('Forbidden') },
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
            handle: titled('Property Details'),
          },
          {
            path: paths.editProperty,
            element: <EditPropertyPage />,
            handle: titled('Edit Property'),
          },
          {
            path: paths.paymentSuccess,
            element: <PaymentSuccessPage />,
            handle: titled('Payment Result'),
          },
          {
            path: paths.demoCheckout,
            element: <DemoCheckoutPage />,
            handle: titled('Test Checkout'),
          },
          {
            path: paths.allProperties,
            element: <AllPropertiesPage />,
            handle: titled('All Properties'),
          },
          { path: paths.makeOffer, element: <MakeOfferPage />, handle: titled('Make Offer') },
          {
            path: dashboard.root,
            element: <DashboardLayout />,
            children: [
              { index: true, element: <MyProfilePage />, handle: titled('Dashboard') },
              {
                path: dashboard.wishlist,
                element: <WishlistPage />,
                handle: titled('My Wish List'),
              },
              {
                path: dashboard.bought,
                element: <PurchasedPropertiesPage />,
                handle: titled('My Bought Properties'),
              },
              { path: dashboard.reviews, element: <MyReviewsPage />, handle: titled('My Reviews') },
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
                    handle: titled('My Properties'),
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
                    handle: titled('Manage Properties'),
                  },
                  {
                    path: dashboard.manageReviews,
                    element: <ManageReviewsPage />,
                    handle: titled('Manage Reviews'),
                  },
                  { path: dashboard.refunds, element: <RefundsPage />, handle: titled('Refunds') },
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

/**
 * Starts downloading the first page's code at once: a signed-in page otherwise waits for the
 * session check before it even asks for its code.
 */
function usePreloadFirstPage() {
  const location = useLocation();
  useState(() => {
    for (const { route } of matchRoutes(routes, location) ?? []) {
      const type = (route.element as { type?: unknown } | undefined)?.type;
      // A failed download shows when the page renders and asks for the same promise.
      if (isLazyPage(type)) type.preload().catch(() => {});
    }
  });
}

/** The title of the deepest route that names its page; the bare brand if none does. */
function useDocumentTitle() {
  const location = useLocation();
  const matches = matchRoutes(routes, location) ?? [];
  const named = matches.findLast(({ route }) => (route.handle as RouteHandle | undefined)?.title);
  const page = (named?.route.handle as RouteHandle | undefined)?.title;
  return page ? documentTitle(page) : BRAND_NAME;
}

export function AppRoutes() {
  usePreloadFirstPage();
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
