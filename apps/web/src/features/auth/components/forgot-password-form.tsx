import { zodResolver } from '@hookform/resolvers/zod';
import type { ForgotPasswordRequest } from '@keyhaven/shared';
import { PAGE_FORMS } from '@keyhaven/shared/constants';
import { ACCOUNT_LABELS, ACCOUNT_RECOVERY_MESSAGES } from '@keyhaven/shared/texts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { InlineSpinner } from '@/components/ui/spinner';
import { failureMessage } from '@/lib/api-client';
import { PAGE_FORM_FIELD, pageFormError, usePageForm } from '@/lib/page-form';
import { paths } from '@/lib/paths';
import { useRequestPasswordReset } from '../api/account-recovery';
import { ZForgotPasswordForm } from '../schemas';
import { FormAlert } from './form-alert';

/**
 * Asks for the account's e-mail and sends the reset link. The answer reads the same whether or
 * not the account exists, so the form says only what the server said.
 */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  // How a request posted to this page without the app ended, when one was.
  const posted = usePageForm(PAGE_FORMS.forgotPassword);
  const {
    register,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm({
    resolver: zodResolver(ZForgotPasswordForm),
    defaultValues: { email: posted?.values.email ?? '' },
  });

  const sent = request.isSuccess ? request.data.message : posted?.done;
  if (sent) {
    return (
      <div className="mt-6 space-y-6">
        <Notice tone="success" role="status">
          {sent}
        </Notice>
        <p className="text-center text-sm">
          <Link
            to={paths.login}
            className="font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-950"
          >
            {ACCOUNT_RECOVERY_MESSAGES.backToSignIn}
          </Link>
        </p>
      </div>
    );
  }

  const onSubmit = (values: ForgotPasswordRequest) => request.mutate(values);
  const postedFailure = submitCount === 0 ? posted?.message : undefined;
  return (
    // Posts to this page itself when the app has not started: see lib/page-form.ts.
    <form
      method="post"
      action={paths.forgotPassword}
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label={ACCOUNT_RECOVERY_MESSAGES.forgotTitle}
    >
      <input type="hidden" name={PAGE_FORM_FIELD} value={PAGE_FORMS.forgotPassword} />
      {request.isError ? (
        <FormAlert>
          {failureMessage(request.error, ACCOUNT_RECOVERY_MESSAGES.forgotFailed)}
        </FormAlert>
      ) : (
        postedFailure && <FormAlert>{postedFailure}</FormAlert>
      )}
      <Field
        label={ACCOUNT_LABELS.email}
        error={errors.email?.message ?? pageFormError(posted, submitCount, 'email')}
        className="mt-6"
      >
        {(control) => (
          <Input
            {...control}
            {...register('email')}
            defaultValue={posted?.values.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-required="true"
          />
        )}
      </Field>
      <Button
        type="submit"
        size="lg"
        className="mt-8 w-full"
        disabled={request.isPending}
        aria-busy={request.isPending}
      >
        {request.isPending && <InlineSpinner />}
        {request.isPending ? 'Sending...' : ACCOUNT_RECOVERY_MESSAGES.forgotSubmit}
      </Button>
    </form>
  );
}
