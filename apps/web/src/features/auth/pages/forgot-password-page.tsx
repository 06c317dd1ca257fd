import { ACCOUNT_RECOVERY_MESSAGES } from '@keyhaven/shared/texts';
import { PageMeta } from '@/components/page-meta';
import { paths } from '@/lib/paths';
import { AuthCard } from '../components/auth-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';

export function ForgotPasswordPage() {
  return (
    <AuthCard
      heading={ACCOUNT_RECOVERY_MESSAGES.forgotTitle}
      intro={ACCOUNT_RECOVERY_MESSAGES.forgotIntro}
      switchPrompt={ACCOUNT_RECOVERY_MESSAGES.rememberedPrompt}
      switchLabel="Login"
      switchTo={paths.login}
    >
      <PageMeta
        title="Forgot Password"
        description={ACCOUNT_RECOVERY_MESSAGES.forgotIntro}
        path={paths.forgotPassword}
      />
      <ForgotPasswordForm />
    </AuthCard>
  );
}
