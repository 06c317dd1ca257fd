import { PAGE_FORMS } from '@keyhaven/shared/constants';
import { ACCOUNT_RECOVERY_MESSAGES } from '@keyhaven/shared/texts';
import { useSearchParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { usePageForm } from '@/lib/page-form';
import { paths } from '@/lib/paths';
import { AuthCard } from '../components/auth-card';
import { ResetLinkInvalid, ResetPasswordForm } from '../components/reset-password-form';
import { AUTH_SCREEN_TEXT } from '../messages';

/**
 * Opened from the link in the reset mail, which carries its token as `?token=`. A reset posted
 * without the app comes back to `/reset-password` alone, the token kept in the form's outcome.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const posted = usePageForm(PAGE_FORMS.resetPassword);
  const token = searchParams.get('token')?.trim() || posted?.values.token;
  return (
    <AuthCard
      heading={ACCOUNT_RECOVERY_MESSAGES.resetTitle}
      intro={AUTH_SCREEN_TEXT.resetIntro}
      switchPrompt={ACCOUNT_RECOVERY_MESSAGES.rememberedPrompt}
      switchLabel="Login"
      switchTo={paths.login}
    >
      <PageMeta
        title="Set a New Password"
        description={AUTH_SCREEN_TEXT.resetIntro}
        path={paths.resetPassword}
      />
      {token || posted?.done ? <ResetPasswordForm token={token ?? ''} /> : <ResetLinkInvalid />}
    </AuthCard>
  );
}
