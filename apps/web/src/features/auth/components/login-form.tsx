import { zodResolver } from '@hookform/resolvers/zod';
import type { AuthResponse, LoginRequest } from '@keyhaven/shared';
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
  const [popupOpen, setPopupOpen] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = (values: LoginRequest) =>
    login.mutate(values, {
      onSuccess,
      onError: () => setPopupOpen(true),
    });

  // The server's reason ('Invalid email or password', or the throttle's wait) when it gave one.
  const failure = login.isError ? errorMessage(login.error, AUTH_MESSAGES.loginFailed) : null;

  return (
    <>
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Sign in">
        {failure && <FormAlert>{failure}</FormAlert>}
        <div className="mt-6 space-y-5">
          <Field label={ACCOUNT_LABELS.email} error={errors.email?.message}>
            {(control) => (
              <Input
                {...control}
                {...register('email')}
                type="email"
                autoComplete="email"
                inputMode="email"
                aria-required="true"
              />
            )}
          </Field>
          <Field label={ACCOUNT_LABELS.password} error={errors.password?.message}>
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
