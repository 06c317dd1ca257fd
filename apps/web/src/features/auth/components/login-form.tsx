import { zodResolver } from '@hookform/resolvers/zod';
import type { AuthResponse, LoginRequest } from '@keyhaven/shared';
import { PAGE_FORMS } from '@keyhaven/shared/constants';
import { ACCOUNT_LABELS, ACCOUNT_RECOVERY_MESSAGES, AUTH_MESSAGES } from '@keyhaven/shared/texts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { MessageDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { InlineSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { PAGE_FORM_FIELD, pageFormError, usePageAction, usePageForm } from '@/lib/page-form';
import { paths } from '@/lib/paths';
import { useLogin } from '../api/login';
import { ZLoginForm } from '../schemas';
import { FormAlert } from './form-alert';

type LoginFormProps = {
  onSuccess: (response: AuthResponse) => void;
};

/** E-mail and password sign-in (both required, the e-mail an address). */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const login = useLogin();
  const pageAction = usePageAction();
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
      <form
        method="post"
        action={pageAction}
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        aria-label="Sign in"
      >
        <input type="hidden" name={PAGE_FORM_FIELD} value={PAGE_FORMS.signIn} />
        {failure && <FormAlert>{failure}</FormAlert>}
        <div className="mt-6 space-y-5">
          <Field
            label={ACCOUNT_LABELS.email}
            error={errors.email?.message ?? pageFormError(posted, submitCount, 'email')}
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
          <Field
            label={ACCOUNT_LABELS.password}
            error={errors.password?.message ?? pageFormError(posted, submitCount, 'password')}
          >
            {(control) => (
              <PasswordInput
                {...control}
                {...register('password')}
                autoComplete="current-password"
                aria-required="true"
              />
            )}
          </Field>
        </div>
        <p className="mt-3 text-right text-sm">
          <Link
            to={paths.forgotPassword}
            className="font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-950"
          >
            {ACCOUNT_RECOVERY_MESSAGES.forgotLink}
          </Link>
        </p>
        <Button
          type="submit"
          size="lg"
          className="mt-6 w-full"
          disabled={login.isPending}
          aria-busy={login.isPending}
        >
          {login.isPending && <InlineSpinner />}
          {login.isPending ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
      <MessageDialog
        open={popupOpen}
        onClose={() => setPopupOpen(false)}
        title={AUTH_MESSAGES.loginFailedTitle}
        message={failure ?? AUTH_MESSAGES.loginFailed}
      />
    </>
  );
}
