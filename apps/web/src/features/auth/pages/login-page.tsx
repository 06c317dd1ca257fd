import type { AuthResponse } from '@keyhaven/shared';
import { TIMINGS_MS } from '@keyhaven/shared/constants';
import { AUTH_MESSAGES } from '@keyhaven/shared/texts';
import { useEffect, useState } from 'react';
import { createPath, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/form/app-form';
import { PageMeta } from '@/components/page-meta';
import { Notice } from '@/components/ui/notice';
import { useHydrated } from '@/hooks/use-hydrated';
import { BRAND_NAME } from '@/lib/brand';
import type { LoginRedirectState } from '@/lib/paths';
import { paths, returnPathFrom } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { AuthCard } from '../components/auth-card';
import { GoogleSignIn } from '../components/google-sign-in';
import { LoginForm } from '../components/login-form';
import { AUTH_SCREEN_TEXT } from '../messages';

/** What search results and link previews say about the page. */
const LOGIN_DESCRIPTION = `Sign in to ${BRAND_NAME} to see every listing, save homes, make offers and follow your purchases.`;

/**
 * Where the visitor was going when a guard sent them here (the address's `returnTo`, or the
 * navigation's state, which also keeps the hash), else Home.
 */
function useReturnPath(): string {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // The server knows no navigation state: until the app has taken the page over, its links say
  // what the server's did ('Continue with Google' comes back to the address's `returnTo`).
  const hydrated = useHydrated();
  const from = hydrated ? (location.state as LoginRedirectState | null)?.from : undefined;
  if (from?.pathname && from.pathname !== paths.login) return createPath(from);
  return returnPathFrom(searchParams.get('returnTo')) ?? paths.home;
}

/** How the server says a Google sign-in it sent back here ended (`?error=...`). */
const GOOGLE_OUTCOMES: Record<string, 'failed' | 'cancelled'> = {
  google: 'failed',
  google_cancelled: 'cancelled',
};

/**
 * How a Google sign-in that came back here ended, if one did. It is read once, and the parameter
 * leaves the address at once, so a reload or a copied link does not tell it again.
 */
function useGoogleOutcome() {
  const [searchParams] = useSearchParams();
  const [outcome] = useState(() => GOOGLE_OUTCOMES[searchParams.get('error') ?? '']);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('error')) return;
    url.searchParams.delete('error');
    // The router's own state stays: where the visitor was going before signing in.
    window.history.replaceState(
      window.history.state,
      '',
      `${url.pathname}${url.search}${url.hash}`,
    );
  }, []);
  return outcome;
}

export function LoginPage() {
  const navigate = useNavigate();
  const returnTo = useReturnPath();
  const google = useGoogleOutcome();

  const onSuccess = (_response: AuthResponse) => {
    // The notice outlives the page: the toaster sits above the router.
    toast.success(AUTH_SCREEN_TEXT.loginSuccess, { duration: TIMINGS_MS.loginNotice });
    navigate(returnTo, { replace: true });
  };

  return (
    <AuthCard
      heading="Welcome Back"
      intro="Sign in to continue"
      switchPrompt="Don't have an account?"
      switchLabel="Register"
      switchTo={paths.register}
    >
      {google === 'failed' && (
        <FormAlert title={AUTH_MESSAGES.googleFailed} className="mt-6">
          {AUTH_SCREEN_TEXT.googleFailedExplanation}
        </FormAlert>
      )}
      {google === 'cancelled' && (
        <Notice role="status" title={AUTH_SCREEN_TEXT.googleCancelled} className="mt-6 text-sm">
          {AUTH_SCREEN_TEXT.googleCancelledExplanation}
        </Notice>
      )}
      <PageMeta title="Login" description={LOGIN_DESCRIPTION} path={paths.login} />
      <LoginForm onSuccess={onSuccess} />
      <GoogleSignIn returnTo={returnTo} />
    </AuthCard>
  );
}
