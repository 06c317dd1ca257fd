import type { Role } from '@keyhaven/shared';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/hooks/use-session';
import { type LoginRedirectState, loginPathFor, paths } from '@/lib/paths';

export type RequireAuthProps = {
  /** Only this role may pass; anyone else signed in is sent to the forbidden page. */
  allow?: Extract<Role, 'agent' | 'admin'>;
};

/** Route guard: renders the child routes only for a signed-in user (of the role, if one is named). */
export function RequireAuth({ allow }: RequireAuthProps) {
  const session = useSession();
  const location = useLocation();

  if (session.isPending) return <PageSpinner />;
  // A failed background check keeps the user it already knew.
  if (!session.data) {
    return (
      <ErrorState
        title="We couldn't load your account"
        error={session.error}
        message="Something went wrong on our side. Please try again."
        onRetry={() => session.refetch()}
        retrying={session.isFetching}
      />
    );
  }

  const { user } = session.data;
  if (!user) {
    const state: LoginRedirectState = { from: location };
    return <Navigate to={loginPathFor(location)} state={state} replace />;
  }
  if (allow && user.role !== allow) return <Navigate to={paths.forbidden} replace />;
  return <Outlet />;
}
