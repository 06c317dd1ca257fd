import { PAGE_FORMS } from '@keyhaven/shared/constants';
import { ACCOUNT_RECOVERY_MESSAGES } from '@keyhaven/shared/texts';
import { useSearchParams } from 'react-router';
import { usePageForm } from '@/lib/page-form';
import { paths } from '@/lib/paths';
import { RecoveryCard } from '../components/auth-card';
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
    <RecoveryCard
      heading={ACCOUNT_RECOVERY_MESSAGES.resetTitle}
      intro={AUTH_SCREEN_TEXT.resetIntro}
      meta={{ title: 'Set a New Password', path: paths.resetPassword }}
    >
      {token || posted?.done ? <ResetPasswordForm token={token ?? ''} /> : <ResetLinkInvalid />}
    </RecoveryCard>
  );
}
