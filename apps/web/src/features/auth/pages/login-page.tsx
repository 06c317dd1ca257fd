import { pageTitle } from '@/lib/brand';
import { paths } from '@/lib/paths';
import { AuthCard } from '../components/auth-card';

export function LoginPage() {
  return (
    <AuthCard
      heading="Welcome Back"
      documentTitle={pageTitle('Login')}
      intro="Sign in to continue"
      switchPrompt="Don't have an account?"
      switchLabel="Register"
      switchTo={paths.register}
    />
  );
}
