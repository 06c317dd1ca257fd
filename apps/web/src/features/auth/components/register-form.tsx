import { zodResolver } from '@hookform/resolvers/zod';
import type { AuthResponse, RegisterRequest } from '@keyhaven/shared';
import { LIMITS, PAGE_FORMS, TIMINGS_MS } from '@keyhaven/shared/constants';
import { ACCOUNT_LABELS, AUTH_MESSAGES, MESSAGES } from '@keyhaven/shared/texts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MessageDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { InlineSpinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { PAGE_FORM_FIELD, pageFormError, usePageForm } from '@/lib/page-form';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { uploadFailure, uploadImage } from '@/lib/upload-image';
import { useRegister } from '../api/register';
import { useSaveProfilePhoto } from '../api/save-profile-photo';
import { ZRegisterForm } from '../schemas';
import { FormAlert } from './form-alert';
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
 * shows exactly the messages the server would send; whatever the server still
 * refuses lands on the same fields.
 */
export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const registration = useRegister();
  // How a registration posted to this page without the app ended, when one did.
  const posted = usePageForm(PAGE_FORMS.register);
  const sent = (field: TextField) => (field === 'password' ? '' : (posted?.values[field] ?? ''));
  const savePhoto = useSaveProfilePhoto();
  const [photo, setPhoto] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  /** From the click until the account exists and its photo (if any) is saved. */
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, submitCount },
  } = useForm({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: {
      name: sent('name'),
      email: sent('email'),
      phone: sent('phone'),
      country: sent('country'),
      birth: sent('birth'),
      password: '',
    },
  });
  /** The field's message: the app's check, else the server's from a post without the app. */
  const errorOf = (field: TextField) =>
    errors[field]?.message ?? pageFormError(posted, submitCount, field);

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

  /**
   * Uploading takes an account, so the photo goes up once registration has signed the person
   * in, and is then saved to their profile. The account exists by then: a photo that fails is
   * reported, and registration still succeeds without it.
   */
  async function sendPhoto(file: File, registered: AuthResponse): Promise<AuthResponse> {
    setUploading(true);
    try {
      const { url } = await uploadImage(file, 'avatar');
      toast.success(MESSAGES.upload.success, { duration: TIMINGS_MS.uploadNotice });
      return { ...registered, user: await savePhoto.mutateAsync(url) };
    } catch (error) {
      const problem = uploadFailure(error);
      toast.error(problem.title, { description: problem.message });
      return registered;
    } finally {
      setUploading(false);
    }
  }

  async function onSubmit(values: RegisterRequest) {
    setSubmitting(true);
    try {
      const registered = await registration.mutateAsync({ ...values, photo: null });
      onSuccess(photo ? await sendPhoto(photo, registered) : registered);
    } catch (error) {
      showServerErrors(error);
      setFailure(errorMessage(error, AUTH_MESSAGES.profileSaveFailed));
    } finally {
      setSubmitting(false);
    }
  }

  const busy = submitting;
  return (
    <>
      {/* Posts to this page itself, photo included, when the app has not started. */}
      <form
        method="post"
        action={paths.register}
        encType="multipart/form-data"
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        aria-label="Create your account"
      >
        <input type="hidden" name={PAGE_FORM_FIELD} value={PAGE_FORMS.register} />
        {submitCount === 0 && posted?.message && (
          <FormAlert title={AUTH_MESSAGES.registrationErrorTitle}>{posted.message}</FormAlert>
        )}
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          <Field label={ACCOUNT_LABELS.name} error={errorOf('name')} className="sm:col-span-2">
            {(control) => (
              <Input
                {...control}
                {...register('name')}
                defaultValue={sent('name')}
                autoComplete="name"
                aria-required="true"
              />
            )}
          </Field>
          <Field label={ACCOUNT_LABELS.email} error={errorOf('email')} className="sm:col-span-2">
            {(control) => (
              <Input
                {...control}
                {...register('email')}
                defaultValue={sent('email')}
                type="email"
                inputMode="email"
                autoComplete="email"
                aria-required="true"
              />
            )}
          </Field>
          <Field label={ACCOUNT_LABELS.phone} error={errorOf('phone')}>
            {(control) => (
              <Input
                {...control}
                {...register('phone')}
                defaultValue={sent('phone')}
                type="tel"
                autoComplete="tel"
                aria-required="true"
              />
            )}
          </Field>
          <Field label={ACCOUNT_LABELS.country} error={errorOf('country')}>
            {(control) => (
              <Input
                {...control}
                {...register('country')}
                defaultValue={sent('country')}
                autoComplete="country-name"
                aria-required="true"
              />
            )}
          </Field>
          <Field label={ACCOUNT_LABELS.birth} error={errorOf('birth')} className="sm:col-span-2">
            {(control) => (
              <Input
                {...control}
                {...register('birth')}
                defaultValue={sent('birth')}
                type="date"
                max={today()}
                autoComplete="bday"
                aria-required="true"
              />
            )}
          </Field>
          <Field
            label={ACCOUNT_LABELS.password}
            hint={`At least ${LIMITS.passwordMinLength} characters, with uppercase, lowercase, and numbers.`}
            error={errorOf('password')}
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
            <PhotoUpload value={photo} onChange={setPhoto} uploading={uploading} disabled={busy} />
          </div>
        </div>
        <Button type="submit" size="lg" className="mt-8 w-full" disabled={busy} aria-busy={busy}>
          {busy && <InlineSpinner />}
          {busy ? 'Registering...' : 'Register'}
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
