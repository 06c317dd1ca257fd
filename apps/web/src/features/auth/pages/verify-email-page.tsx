import { ACCOUNT_RECOVERY_MESSAGES } from '@keyhaven/shared/texts';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { PageMeta } from '@/components/page-meta';
import { Notice } from '@/components/ui/notice';
import { InlineSpinner } from '@/components/ui/spinner';
import { ApiError, failureMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useConfirmEmail } from '../api/account-recovery';

const linkStyle = 'font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-950';

/**
 * Opened from the link in the confirmation mail (`?token=`): sends the token once and says how
 * it went. The confirmation is a POST, so that every instance reads the account fresh at once.
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  const confirm = useConfirmEmail();
  const { mutate } = confirm;
  // Once per visit, also when the page renders twice in development.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const refused = !token || (confirm.error instanceof ApiError && confirm.error.status === 400);

  return (
    <ContentLayout heading="Confirm your e-mail">
      <PageMeta
        title="Confirm E-mail"
        description={ACCOUNT_RECOVERY_MESSAGES.verifyBanner}
        path={paths.verifyEmail}
      />
      <div className="mt-6 max-w-xl space-y-6">
        {confirm.isSuccess && (
          <Notice tone="success" role="status">
            {confirm.data.message}
          </Notice>
        )}
        {refused && (
          <Notice tone="error" role="alert">
            {ACCOUNT_RECOVERY_MESSAGES.verifyInvalid}
          </Notice>
        )}
        {confirm.isError && !refused && (
          <Notice tone="error" role="alert">
            {failureMessage(confirm.error, ACCOUNT_RECOVERY_MESSAGES.verifyFailed)}
          </Notice>
        )}
        {(confirm.isPending || (token && confirm.isIdle)) && (
          <p role="status" className="flex items-center gap-3 text-stone-700">
            <InlineSpinner />
            {ACCOUNT_RECOVERY_MESSAGES.verifying}
          </p>
        )}
        {(confirm.isSuccess || confirm.isError || !token) && (
          <p>
            <Link to={paths.home} className={linkStyle}>
              Go to the home page
            </Link>
          </p>
        )}
      </div>
    </ContentLayout>
  );
}
