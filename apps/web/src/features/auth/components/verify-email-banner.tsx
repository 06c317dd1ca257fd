import { ACCOUNT_RECOVERY_MESSAGES } from '@keyhaven/shared/texts';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { InlineSpinner } from '@/components/ui/spinner';
import { useSession } from '@/hooks/use-session';
import { failureMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useResendConfirmation } from '../api/account-recovery';

/**
 * Reminds a signed-in person whose e-mail address is not confirmed yet, on every page, and sends
 * the link again on request. Offers and payments wait for the confirmation; browsing does not.
 */
export function VerifyEmailBanner() {
  const { data } = useSession();
  const { pathname } = useLocation();
  const resend = useResendConfirmation();
  const user = data?.user;
  // The confirmation page itself says how the confirmation went.
  if (!user || user.emailVerified || pathname === paths.verifyEmail) return null;

  const outcome = resend.isSuccess
    ? resend.data.message
    : resend.isError
      ? failureMessage(resend.error, ACCOUNT_RECOVERY_MESSAGES.resendFailed)
      : null;

  return (
    <section
      aria-label="E-mail confirmation"
      className="border-b border-amber-300 bg-amber-50 text-amber-950"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <div role="status" className="text-sm">
          <p className="font-semibold">{ACCOUNT_RECOVERY_MESSAGES.verifyBanner}</p>
          {outcome && <p className="mt-1">{outcome}</p>}
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0 self-start sm:self-auto"
          disabled={resend.isPending}
          aria-busy={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isPending && <InlineSpinner />}
          {ACCOUNT_RECOVERY_MESSAGES.verifyResend}
        </Button>
      </div>
    </section>
  );
}
