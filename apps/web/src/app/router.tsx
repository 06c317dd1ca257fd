import { createBrowserRouter, redirect } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { NotFoundPage } from '@/features/errors/pages/not-found-page';
import { HomePage } from '@/features/home/pages/home-page';
import { paths } from '@/lib/paths';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

const { dashboard } = paths;

/**
 * The one route table (spec section 2). Every page but Home loads on demand to keep the first
 * download small. Not Found stays eager: the error boundary needs it anyway.
 */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    // Only reached when the frame itself fails; page errors are caught below, inside the frame.
    errorElement: (
      <main className="flex min-h-dvh flex-col">
        <RouteErrorBoundary />
      </main>
    ),
    children: [
      {
        errorElement: <RouteErrorBoundary />,
        children: [
          { index: true, Component: HomePage },
          {
            path: paths.login,
            lazy: () =>
              import('@/features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: paths.register,
            lazy: () =>
              import('@/features/auth/pages/register-page').then((m) => ({
                Component: m.RegisterPage,
              })),
          },
          {
            path: paths.about,
            lazy: () =>
              import('@/features/about/pages/about-page').then((m) => ({ Component: m.AboutPage })),
          },
          {
            path: paths.forbidden,
            lazy: () =>
              import('@/features/errors/pages/forbidden-page').then((m) => ({
                Component: m.ForbiddenPage,
              })),
          },
          { path: paths.properties, loader: () => redirect(paths.allProperties) },
          {
            element: <RequireAuth />,
            children: [
              {
                path: paths.propertyDetails,
                lazy: () =>
                  import('@/features/properties/pages/property-details-page').then((m) => ({
                    Component: m.PropertyDetailsPage,
                  })),
              },
              {
                path: paths.editProperty,
                lazy: () =>
                  import('@/features/properties/pages/edit-property-page').then((m) => ({
                    Component: m.EditPropertyPage,
                  })),
              },
              {
                path: paths.paymentSuccess,
                lazy: () =>
                  import('@/features/payments/pages/payment-success-page').then((m) => ({
                    Component: m.PaymentSuccessPage,
                  })),
              },
              {
                path: paths.demoCheckout,
                lazy: () =>
                  import('@/features/payments/pages/demo-checkout-page').then((m) => ({
                    Component: m.DemoCheckoutPage,
                  })),
              },
              {
                path: paths.allProperties,
                lazy: () =>
                  import('@/features/properties/pages/all-properties-page').then((m) => ({
                    Component: m.AllPropertiesPage,
                  })),
              },
              {
                path: paths.makeOffer,
                lazy: () =>
                  import('@/features/offers/pages/make-offer-page').then((m) => ({
                    Component: m.MakeOfferPage,
                  })),
              },
              {
                path: dashboard.root,
                lazy: () =>
                  import('./layouts/dashboard-layout').then((m) => ({
                    Component: m.DashboardLayout,
                  })),
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('@/features/users/pages/my-profile-page').then((m) => ({
                        Component: m.MyProfilePage,
                      })),
                  },
                  {
                    path: dashboard.wishlist,
                    lazy: () =>
                      import('@/features/wishlist/pages/wishlist-page').then((m) => ({
                        Component: m.WishlistPage,
                      })),
                  },
                  {
                    path: dashboard.bought,
                    lazy: () =>
                      import('@/features/offers/pages/purchased-properties-page').then((m) => ({
                        Component: m.PurchasedPropertiesPage,
                      })),
                  },
                  {
                    path: dashboard.reviews,
                    lazy: () =>
                      import('@/features/reviews/pages/my-reviews-page').then((m) => ({
                        Component: m.MyReviewsPage,
                      })),
                  },
                  {
                    element: <RequireAuth allow="agent" />,
                    children: [
                      {
                        path: dashboard.addProperty,
                        lazy: () =>
                          import('@/features/properties/pages/add-property-page').then((m) => ({
                            Component: m.AddPropertyPage,
                          })),
                      },
                      {
                        path: dashboard.myProperties,
                        lazy: () =>
                          import('@/features/properties/pages/my-properties-page').then((m) => ({
                            Component: m.MyPropertiesPage,
                          })),
                      },
                      {
                        path: dashboard.soldProperties,
                        lazy: () =>
                          import('@/features/offers/pages/sold-properties-page').then((m) => ({
                            Component: m.SoldPropertiesPage,
                          })),
                      },
                      {
                        path: dashboard.requests,
                        lazy: () =>
                          import('@/features/offers/pages/requested-properties-page').then((m) => ({
                            Component: m.RequestedPropertiesPage,
                          })),
                      },
                    ],
                  },
                  {
                    element: <RequireAuth allow="admin" />,
                    children: [
                      {
                        path: dashboard.manageUsers,
                        lazy: () =>
                          import('@/features/users/pages/manage-users-page').then((m) => ({
                            Component: m.ManageUsersPage,
                          })),
                      },
                      {
                        path: dashboard.manageProperties,
                        lazy: () =>
                          import('@/features/properties/pages/manage-properties-page').then(
                            (m) => ({ Component: m.ManagePropertiesPage }),
                          ),
                      },
                      {
                        path: dashboard.manageReviews,
                        lazy: () =>
                          import('@/features/reviews/pages/manage-reviews-page').then((m) => ({
                            Component: m.ManageReviewsPage,
                          })),
                      },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]);
