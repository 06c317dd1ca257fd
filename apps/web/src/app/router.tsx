import { useState } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { GenericErrorPage } from '@/features/errors/pages/generic-error-page';
import { NotFoundPage } from '@/features/errors/pages/not-found-page';
import { HomePage } from '@/features/home/pages/home-page';
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
  import('@/features/properties/pages/property-details-page').then((m) => m.PropertyDetailsPage),
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
  import('@/features/offers/pages/make-offer-page').then((m) => m.MakeOfferPage),
);
const DashboardLayout = lazyPage(() =>
  import('./layouts/dashboard-layout').then((m) => m.DashboardLayout),
);
const MyProfilePage = lazyPage(() =>
  import('@/features/users/pages/my-profile-page').then((m) => m.MyProfilePage),
);
const WishlistPage = lazyPage(() =>
  import('@/features/wishlist/pages/wishlist-page').then((m) => m.WishlistPage),
);
const PurchasedPropertiesPage = lazyPage(() =>
  import('@/features/offers/pages/purchased-properties-page').then(
    (m) => m.PurchasedPropertiesPage,
  ),
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

/** The one route table (spec section 2), rendered inside the shared frame. */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.about, element: <AboutPage /> },
      { path: paths.forbidden, element: <ForbiddenPage /> },
      { path: paths.properties, element: <Navigate to={paths.allProperties} replace /> },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.propertyDetails, element: <PropertyDetailsPage /> },
          { path: paths.editProperty, element: <EditPropertyPage /> },
          { path: paths.paymentSuccess, element: <PaymentSuccessPage /> },
          { path: paths.demoCheckout, element: <DemoCheckoutPage /> },
          { path: paths.allProperties, element: <AllPropertiesPage /> },
          { path: paths.makeOffer, element: <MakeOfferPage /> },
          {
            path: dashboard.root,
            element: <DashboardLayout />,
            children: [
              {
                index: true,
                element: <MyProfilePage />,
              },
              { path: dashboard.wishlist, element: <WishlistPage /> },
              { path: dashboard.bought, element: <PurchasedPropertiesPage /> },
              { path: dashboard.reviews, element: <MyReviewsPage /> },
              {
                element: <RequireAuth allow="agent" />,
                children: [
                  { path: dashboard.addProperty, element: <AddPropertyPage /> },
                  { path: dashboard.myProperties, element: <MyPropertiesPage /> },
                  { path: dashboard.soldProperties, element: <SoldPropertiesPage /> },
                  { path: dashboard.requests, element: <RequestedPropertiesPage /> },
                ],
              },
              {
                element: <RequireAuth allow="admin" />,
                children: [
                  { path: dashboard.manageUsers, element: <ManageUsersPage /> },
                  { path: dashboard.manageProperties, element: <ManagePropertiesPage /> },
                  { path: dashboard.manageReviews, element: <ManageReviewsPage /> },
                  { path: dashboard.refunds, element: <RefundsPage /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
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

export function AppRoutes() {
  usePreloadFirstPage();
  const element = useRoutes(routes);
  // Only reached when the frame itself fails; page errors are caught inside the frame.
  return (
    <ErrorBoundary
      fallback={
        <main className="flex min-h-dvh flex-col">
          <GenericErrorPage />
        </main>
      }
    >
      {element}
    </ErrorBoundary>
  );
}
