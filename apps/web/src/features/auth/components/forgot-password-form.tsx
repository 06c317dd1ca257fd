import { zodResolver } from '@hookform/resolvers/zod';
import type { ForgotPasswordRequest } from '@keyhaven/shared';
import { PAGE_FORMS } from '@keyhaven/shared/constants';
import { ACCOUNT_RECOVERY_MESSAGES } from '@keyhaven/shared/texts';
import { useForm } from 'react-hook-form';
import { AppForm, FormAlert } from '@/components/form/app-form';
import { SubmitButton } from '@/components/form/submit-button';
import { failureMessage } from '@/lib/api-client';
import { PAGE_FORM_FIELD, pageFormError, usePageForm } from '@/lib/page-form';
import { paths } from '@/lib/paths';
import { useRequestPasswordReset } from '../api/account-recovery';
import { ZForgotPasswordForm } from '../schemas';
import { EmailField } from './email-field';
import { RecoveryOutcome } from './recovery-outcome';

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
      <RecoveryOutcome
        tone="success"
        next={{ to: paths.login, label: ACCOUNT_RECOVERY_MESSAGES.backToSignIn }}
      >
        {sent}
      </RecoveryOutcome>
    );
  }

  const onSubmit = (values: ForgotPasswordRequest) => request.mutate(values);
  const postedFailure = submitCount === 0 ? posted?.message : undefined;
  return (
    // Posts to this page itself when the app has not started: see lib/page-form.ts.
    <AppForm
      action={paths.forgotPassword}
      onSubmit={handleSubmit(onSubmit)}
      aria-label={ACCOUNT_RECOVERY_MESSAGES.forgotTitle}
    >
      <input type="hidden" name={PAGE_FORM_FIELD} value={PAGE_FORMS.forgotPassword} />
      {request.isError ? (
        <FormAlert className="mt-6">
          {failureMessage(request.error, ACCOUNT_RECOVERY_MESSAGES.forgotFailed)}
        </FormAlert>
      ) : (
        postedFailure && <FormAlert className="mt-6">{postedFailure}</FormAlert>
      )}
      <EmailField
        {...register('email')}
        error={errors.email?.message ?? pageFormError(posted, submitCount, 'email')}
        defaultValue={posted?.values.email}
        fieldClassName="mt-6"
      />
      <SubmitButton
        busy={request.isPending}
        busyLabel="Sending..."
        size="lg"
        className="mt-8 w-full"
      >
        {ACCOUNT_RECOVERY_MESSAGES.forgotSubmit}
      </SubmitButton>
    </AppForm>
  );
}
