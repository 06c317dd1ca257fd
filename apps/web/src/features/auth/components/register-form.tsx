import { zodResolver } from '@hookform/resolvers/zod';
import type { AuthResponse, RegisterRequest } from '@keyhaven/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MessageDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { InlineSpinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useRegister } from '../api/register';
import { AUTH_MESSAGES } from '../messages';
import { ZRegisterForm } from '../schemas';
import { PhotoUpload } from './photo-upload';

type RegisterFormProps = {
  onSuccess: (response: AuthResponse) => void;
};

const TEXT_FIELDS = ['name', 'email', 'phone', 'country', 'birth', 'password'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const isTextField = (key: string): key is TextField =>
  (TEXT_FIELDS as readonly string[]).includes(key);

/** Today as `YYYY-MM-DD` in the visitor's own calendar: the latest birth date the picker offers. */
function today() {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The registration form. It validates with the server's own schema (`ZRegisterRequest`), so it
 * shows exactly the messages the server would send (spec section 5); whatever the server still
 * refuses lands on the same fields.
 */
export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const registration = useRegister();
  const [photo, setPhoto] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: { name: '', email: '', phone: '', country: '', birth: '', password: '' },
  });

  function showServerErrors(error: unknown) {
    if (!(error instanceof ApiError)) return;
    let focused = false;
    for (const [key, message] of Object.entries(error.fields ?? {})) {
      if (!isTextField(key)) continue;
      setError(key, { message }, { shouldFocus: !focused });
      focused = true;
    }
    if (error.status === 409) setError('email', { message: error.message });
  }

  const onSubmit = (values: RegisterRequest) =>
    registration.mutate(
      { ...values, photo },
      {
        onSuccess,
        onError: (error) => {
          showServerErrors(error);
          setFailure(errorMessage(error, AUTH_MESSAGES.profileSaveFailed));
        },
      },
    );

  const busy = registration.isPending || uploading;
  return (
    <>
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Create your account">
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          <Field label="Full Name" error={errors.name?.message} className="sm:col-span-2">
            {(control) => (
              <Input {...control} {...register('name')} autoComplete="name" aria-required="true" />
            )}
          </Field>
          <Field label="Email" error={errors.email?.message} className="sm:col-span-2">
            {(control) => (
              <Input
                {...control}
                {...register('email')}
                type="email"
                inputMode="email"
                autoComplete="email"
                aria-required="true"
              />
            )}
          </Field>
          <Field label="Phone Number" error={errors.phone?.message}>
            {(control) => (
              <Input
                {...control}
                {...register('phone')}
                type="tel"
                autoComplete="tel"
                aria-required="true"
              />
            )}
          </Field>
          <Field label="Country" error={errors.country?.message}>
            {(control) => (
              <Input
                {...control}
                {...register('country')}
                autoComplete="country-name"
                aria-required="true"
              />
            )}
          </Field>
          <Field label="Date of Birth" error={errors.birth?.message} className="sm:col-span-2">
            {(control) => (
              <Input
                {...control}
                {...register('birth')}
                type="date"
                max={today()}
                autoComplete="bday"
                aria-required="true"
              />
            )}
          </Field>
          <Field
            label="Password"
            hint="At least 6 characters, with uppercase, lowercase, and numbers."
            error={errors.password?.message}
            className="sm:col-span-2"
          >
            {(control) => (
              <PasswordInput
                {...control}
                {...register('password')}
                autoComplete="new-password"
                aria-required="true"
              />
            )}
          </Field>
          <div className="sm:col-span-2">
            <PhotoUpload
              value={photo}
              onChange={setPhoto}
              onUploadingChange={setUploading}
              disabled={registration.isPending}
            />
          </div>
        </div>
        <Button
          type="submit"
          size="lg"
          className="mt-8 w-full"
          disabled={busy}
          aria-busy={registration.isPending}
        >
          {registration.isPending && <InlineSpinner />}
          {registration.isPending ? 'Registering...' : 'Register'}
        </Button>
      </form>
      <MessageDialog
        open={failure !== null}
        onClose={() => setFailure(null)}
        title={AUTH_MESSAGES.registrationErrorTitle}
        message={failure ?? undefined}
      />
    </>
  );
}
