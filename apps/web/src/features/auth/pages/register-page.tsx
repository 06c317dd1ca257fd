import { BRAND_NAME, pageTitle } from '@/lib/brand';
import { paths } from '@/lib/paths';
import { AuthCard } from '../components/auth-card';

export function RegisterPage() {
  return (
    <AuthCard
      heading="Create Your Account"
      documentTitle={pageTitle('Register')}
      intro={`Join ${BRAND_NAME} to save homes, make offers and buy securely.`}
      switchPrompt="Already have an account?"
      switchLabel="Login"
      switchTo={paths.login}
    />
  );
}
