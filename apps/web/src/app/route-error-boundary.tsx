import { isRouteErrorResponse, useRouteError } from 'react-router';
import { GenericErrorPage } from '@/features/errors/pages/generic-error-page';
import { NotFoundPage } from '@/features/errors/pages/not-found-page';

/** The router's errorElement: a 404 response reads as Page Not Found, anything else as an error. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <GenericErrorPage />;
}
