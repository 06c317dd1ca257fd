import { type AuthResponse, TIMINGS_MS } from '@keyhaven/shared';
import { createPath, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { GoogleSignIn } from '../components/google-sign-in';
import { LoginForm } from '../components/login-form';
import type { LoginRedirectState } from '../components/require-auth';
import { AUTH_MESSAGES, AUTH_SCREEN_TEXT } from '../messages';

/** Where the visitor was going when a guard sent them here (spec section 2), else Home. */
function useReturnPath(): string {
  const location = useLocation();
  const from = (location.state as LoginRedirectState | null)?.from;
  if (!from?.pathname || from.pathname === paths.login) return paths.home;
  return createPath(from);
}

export function LoginPage() {
  const navigate = useNavigate();
  const returnTo = useReturnPath();
  const [searchParams] = useSearchParams();
  const googleFailed = searchParams.get('error') === 'google';

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
      {googleFailed && (
        <FormAlert title={AUTH_MESSAGES.googleFailed}>
          {AUTH_SCREEN_TEXT.googleFailedExplanation}
        </FormAlert>
      )}
      <LoginForm onSuccess={onSuccess} />
      <GoogleSignIn returnTo={returnTo} />
    </AuthCard>
  );
}
