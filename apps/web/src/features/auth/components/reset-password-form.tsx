import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_RECOVERY_MESSAGES } from '@keyhaven/shared/texts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { PasswordInput } from '@/components/ui/password-input';
import { InlineSpinner } from '@/components/ui/spinner';
import { ApiError, failureMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useResetPassword } from '../api/account-recovery';
import { type ResetPasswordForm as ResetPasswordValues, ZResetPasswordForm } from '../schemas';
import { FormAlert } from './form-alert';

const linkStyle = 'font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-950';

/** A link that cannot set a password (none in the address, used, expired): ask for a new one. */
export function ResetLinkInvalid() {
  return (
    <div className="mt-6 space-y-6">
      <Notice tone="error" role="alert">
        {ACCOUNT_RECOVERY_MESSAGES.resetInvalid}
      </Notice>
      <p className="text-center text-sm">
        <Link to={paths.forgotPassword} className={linkStyle}>
          {ACCOUNT_RECOVERY_MESSAGES.askAgain}
        </Link>
      </p>
    </div>
  );
}

/** The new password, typed twice, for the account whose reset link `token` came from. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (reset.isSuccess) {
    return (
      <div className="mt-6 space-y-6">
        <Notice tone="success" role="status">
          {reset.data.message}
        </Notice>
        <p className="text-center text-sm">
          <Link to={paths.login} className={linkStyle}>
            {ACCOUNT_RECOVERY_MESSAGES.resetSignIn}
          </Link>
        </p>
      </div>
    );
  }
  // A refusal that blames no password blames the link (used, expired, altered).
  const passwordRefused = reset.error instanceof ApiError && reset.error.fields?.password;
  if (reset.error instanceof ApiError && reset.error.status === 400 && !passwordRefused) {
    return <ResetLinkInvalid />;
  }

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
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label={ACCOUNT_RECOVERY_MESSAGES.resetTitle}
    >
      {reset.isError && !passwordRefused && (
        <FormAlert>{failureMessage(reset.error, ACCOUNT_RECOVERY_MESSAGES.resetFailed)}</FormAlert>
      )}
      <div className="mt-6 space-y-5">
        <Field label={ACCOUNT_RECOVERY_MESSAGES.newPasswordLabel} error={errors.password?.message}>
          {(control) => (
            <PasswordInput
              {...control}
              {...register('password')}
              autoComplete="new-password"
              aria-required="true"
            />
          )}
        </Field>
        <Field
          label={ACCOUNT_RECOVERY_MESSAGES.confirmPasswordLabel}
          error={errors.confirmPassword?.message}
        >
          {(control) => (
            <PasswordInput
              {...control}
              {...register('confirmPassword')}
              autoComplete="new-password"
              aria-required="true"
            />
          )}
        </Field>
      </div>
      <Button
        type="submit"
        size="lg"
        className="mt-8 w-full"
        disabled={reset.isPending}
        aria-busy={reset.isPending}
      >
        {reset.isPending && <InlineSpinner />}
        {reset.isPending ? 'Saving...' : ACCOUNT_RECOVERY_MESSAGES.resetSubmit}
      </Button>
    </form>
  );
}
