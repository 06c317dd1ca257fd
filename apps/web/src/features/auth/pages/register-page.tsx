import { AUTH_MESSAGES } from '@keyhaven/shared/texts';
import { useNavigate } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { BRAND_NAME } from '@/lib/brand';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { AuthCard } from '../components/auth-card';
import { GoogleSignIn } from '../components/google-sign-in';
import { RegisterForm } from '../components/register-form';

/** Under the heading, and what search results and link previews say about the page. */
const INTRO = `Join ${BRAND_NAME} to save homes, make offers and buy securely.`;

export function RegisterPage() {
  const navigate = useNavigate();

  const onSuccess = () => {
    toast.success(AUTH_MESSAGES.registered);
    navigate(paths.home, { replace: true });
  };

  return (
    <AuthCard
      heading="Create Your Account"
      intro={INTRO}
      switchPrompt="Already have an account?"
      switchLabel="Login"
      switchTo={paths.login}
      wide
    >
      <PageMeta title="Register" description={INTRO} path={paths.register} />
      <RegisterForm onSuccess={onSuccess} />
      <GoogleSignIn returnTo={paths.home} />
    </AuthCard>
  );
}
