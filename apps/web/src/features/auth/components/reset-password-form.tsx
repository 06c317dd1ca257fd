import { zodResolver } from '@hookform/resolvers/zod';
import { PAGE_FORMS } from '@keyhaven/shared/constants';
import { ACCOUNT_RECOVERY_MESSAGES } from '@keyhaven/shared/texts';
import { useForm } from 'react-hook-form';
import { AppForm, FormAlert } from '@/components/form/app-form';
import { PasswordField } from '@/components/form/fields';
import { SubmitButton } from '@/components/form/submit-button';
import { ApiError, failureMessage } from '@/lib/api-client';
import { PAGE_FORM_FIELD, pageFormError, usePageForm } from '@/lib/page-form';
import { paths } from '@/lib/paths';
import { useResetPassword } from '../api/account-recovery';
import { type ResetPasswordForm as ResetPasswordValues, ZResetPasswordForm } from '../schemas';
import { RecoveryOutcome } from './recovery-outcome';

/** A link that cannot set a password (none in the address, used, expired): ask for a new one. */
export function ResetLinkInvalid() {
  return (
    <RecoveryOutcome
      tone="error"
      next={{ to: paths.forgotPassword, label: ACCOUNT_RECOVERY_MESSAGES.askAgain }}
    >
      {ACCOUNT_RECOVERY_MESSAGES.resetInvalid}
    </RecoveryOutcome>
  );
}

/** The new password, typed twice, for the account whose reset link `token` came from. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  // How a reset posted to this page without the app ended, when one was.
  const posted = usePageForm(PAGE_FORMS.resetPassword);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, submitCount },
  } = useForm({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const done = reset.isSuccess ? reset.data.message : posted?.done;
  if (done) {
    return (
      <RecoveryOutcome
        tone="success"
        next={{ to: paths.login, label: ACCOUNT_RECOVERY_MESSAGES.resetSignIn }}
      >
        {done}
      </RecoveryOutcome>
    );
  }
  // A refusal that blames no password blames the link (used, expired, altered).
  const passwordRefused = reset.error instanceof ApiError && reset.error.fields?.password;
  if (reset.error instanceof ApiError && reset.error.status === 400 && !passwordRefused) {
    return <ResetLinkInvalid />;
  }
  // A post without the app that blamed no field blamed the link, or the number of attempts.
  const postedFailure =
    posted && !reset.isError && Object.keys(posted.errors).length === 0
      ? posted.message
      : undefined;
  if (postedFailure === ACCOUNT_RECOVERY_MESSAGES.resetInvalid) return <ResetLinkInvalid />;

  const onSubmit = ({ password }: ResetPasswordValues) =>
    reset.mutate(
      { token, password },
      {
        onError: (error) => {
          const message = error instanceof ApiError ? error.fields?.password : undefined;
          if (message) setError('password', { message }, { shouldFocus: true });
        },
      },
    );

  return (
    // Posts to this page's own path, the token in the body, when the app has not started: the
    // token never goes into another address.
    <AppForm
      action={paths.resetPassword}
      onSubmit={handleSubmit(onSubmit)}
      aria-label={ACCOUNT_RECOVERY_MESSAGES.resetTitle}
    >
      <input type="hidden" name={PAGE_FORM_FIELD} value={PAGE_FORMS.resetPassword} />
      <input type="hidden" name="token" value={token} />
      {reset.isError && !passwordRefused && (
        <FormAlert className="mt-6">
          {failureMessage(reset.error, ACCOUNT_RECOVERY_MESSAGES.resetFailed)}
        </FormAlert>
      )}
      {submitCount === 0 && postedFailure && (
        <FormAlert className="mt-6">{postedFailure}</FormAlert>
      )}
      <div className="mt-6 space-y-5">
        {(['password', 'confirmPassword'] as const).map((name) => (
          <PasswordField
            key={name}
            label={
              name === 'password'
                ? ACCOUNT_RECOVERY_MESSAGES.newPasswordLabel
                : ACCOUNT_RECOVERY_MESSAGES.confirmPasswordLabel
            }
            {...register(name)}
            error={errors[name]?.message ?? pageFormError(posted, submitCount, name)}
            autoComplete="new-password"
            aria-required="true"
          />
        ))}
      </div>
      <SubmitButton busy={reset.isPending} busyLabel="Saving..." size="lg" className="mt-8 w-full">
        {ACCOUNT_RECOVERY_MESSAGES.resetSubmit}
      </SubmitButton>
    </AppForm>
  );
}
