import { zodResolver } from '@hookform/resolvers/zod';
import type { AuthResponse, LoginRequest } from '@keyhaven/shared';
import { PAGE_FORMS } from '@keyhaven/shared/constants';
import { ACCOUNT_LABELS, ACCOUNT_RECOVERY_MESSAGES, AUTH_MESSAGES } from '@keyhaven/shared/texts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { AppForm, FormAlert } from '@/components/form/app-form';
import { PasswordField } from '@/components/form/fields';
import { SubmitButton } from '@/components/form/submit-button';
import { MessageDialog } from '@/components/ui/alert-dialog';
import { errorMessage } from '@/lib/api-client';
import { PAGE_FORM_FIELD, pageFormError, usePageForm } from '@/lib/page-form';
import { paths } from '@/lib/paths';
import { useLogin } from '../api/login';
import { ZLoginForm } from '../schemas';
import { EmailField } from './email-field';
import { authLinkStyle } from './recovery-outcome';

type LoginFormProps = {
  onSuccess: (response: AuthResponse) => void;
};

/** E-mail and password sign-in (both required, the e-mail an address). */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const login = useLogin();
  // How a sign-in posted to this page without the app ended, when one was.
  const posted = usePageForm(PAGE_FORMS.signIn);
  const [popupOpen, setPopupOpen] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { email: posted?.values.email ?? '', password: '' },
  });

  const onSubmit = (values: LoginRequest) =>
    login.mutate(values, {
      onSuccess,
      onError: () => setPopupOpen(true),
    });

  // The server's reason ('Invalid email or password', or the throttle's wait) when it gave one.
  const failure = login.isError
    ? errorMessage(login.error, AUTH_MESSAGES.loginFailed)
    : submitCount === 0
      ? (posted?.message ?? null)
      : null;

  return (
    <>
      {/* Posts to this page itself when the app has not started: see lib/page-form.ts. */}
      <AppForm onSubmit={handleSubmit(onSubmit)} aria-label="Sign in">
        <input type="hidden" name={PAGE_FORM_FIELD} value={PAGE_FORMS.signIn} />
        {failure && <FormAlert className="mt-6">{failure}</FormAlert>}
        <div className="mt-6 space-y-5">
          <EmailField
            {...register('email')}
            error={errors.email?.message ?? pageFormError(posted, submitCount, 'email')}
            defaultValue={posted?.values.email}
          />
          <PasswordField
            label={ACCOUNT_LABELS.password}
            {...register('password')}
            error={errors.password?.message ?? pageFormError(posted, submitCount, 'password')}
            autoComplete="current-password"
            aria-required="true"
          />
        </div>
        <p className="mt-3 text-right text-sm">
          <Link to={paths.forgotPassword} className={authLinkStyle}>
            {ACCOUNT_RECOVERY_MESSAGES.forgotLink}
          </Link>
        </p>
        <SubmitButton
          busy={login.isPending}
          busyLabel="Signing In..."
          size="lg"
          className="mt-6 w-full"
        >
          Sign In
        </SubmitButton>
      </AppForm>
      <MessageDialog
        open={popupOpen}
        onClose={() => setPopupOpen(false)}
        title={AUTH_MESSAGES.loginFailedTitle}
        message={failure ?? AUTH_MESSAGES.loginFailed}
      />
    </>
  );
}
