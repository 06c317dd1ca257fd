import { ACCOUNT_RECOVERY_MESSAGES } from '@keyhaven/shared/texts';
import { paths } from '@/lib/paths';
import { RecoveryCard } from '../components/auth-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';

export function ForgotPasswordPage() {
  return (
    <RecoveryCard
      heading={ACCOUNT_RECOVERY_MESSAGES.forgotTitle}
      intro={ACCOUNT_RECOVERY_MESSAGES.forgotIntro}
      meta={{ title: 'Forgot Password', path: paths.forgotPassword }}
    >
      <ForgotPasswordForm />
    </RecoveryCard>
  );
}
