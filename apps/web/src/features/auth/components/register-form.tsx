import { zodResolver } from '@hookform/resolvers/zod';
import type { AuthResponse, RegisterRequest } from '@keyhaven/shared';
import { LIMITS, PAGE_FORMS, TIMINGS_MS } from '@keyhaven/shared/constants';
import { ACCOUNT_LABELS, AUTH_MESSAGES, MESSAGES } from '@keyhaven/shared/texts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AppForm, FormAlert } from '@/components/form/app-form';
import { PasswordField, TextField } from '@/components/form/fields';
import { SubmitButton } from '@/components/form/submit-button';
import { MessageDialog } from '@/components/ui/alert-dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { PAGE_FORM_FIELD, pageFormError, usePageForm } from '@/lib/page-form';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { uploadFailure, uploadImage } from '@/lib/upload-image';
import { useRegister } from '../api/register';
import { useSaveProfilePhoto } from '../api/save-profile-photo';
import { ZRegisterForm } from '../schemas';
import { PhotoUpload } from './photo-upload';

type RegisterFormProps = {
  onSuccess: (response: AuthResponse) => void;
};

const TEXT_FIELDS = ['name', 'email', 'phone', 'country', 'birth', 'password'] as const;
type AccountField = (typeof TEXT_FIELDS)[number];
const isTextField = (key: string): key is AccountField =>
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
  const sent = (field: AccountField) => (field === 'password' ? '' : (posted?.values[field] ?? ''));
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
  /**
   * What a required field needs: its registration, what was sent without the app, and its
   * message (the app's check, else the server's from a post without the app).
   */
  const fieldOf = (field: AccountField) => ({
    ...register(field),
    defaultValue: sent(field),
    error: errors[field]?.message ?? pageFormError(posted, submitCount, field),
    'aria-required': true,
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
      <AppForm
        action={paths.register}
        encType="multipart/form-data"
        onSubmit={handleSubmit(onSubmit)}
        aria-label="Create your account"
      >
        <input type="hidden" name={PAGE_FORM_FIELD} value={PAGE_FORMS.register} />
        {submitCount === 0 && posted?.message && (
          <FormAlert title={AUTH_MESSAGES.registrationErrorTitle} className="mt-6">
            {posted.message}
          </FormAlert>
        )}
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          <TextField
            label={ACCOUNT_LABELS.name}
            {...fieldOf('name')}
            fieldClassName="sm:col-span-2"
            autoComplete="name"
          />
          <TextField
            label={ACCOUNT_LABELS.email}
            {...fieldOf('email')}
            fieldClassName="sm:col-span-2"
            type="email"
            inputMode="email"
            autoComplete="email"
          />
          <TextField
            label={ACCOUNT_LABELS.phone}
            {...fieldOf('phone')}
            type="tel"
            autoComplete="tel"
          />
          <TextField
            label={ACCOUNT_LABELS.country}
            {...fieldOf('country')}
            autoComplete="country-name"
          />
          <TextField
            label={ACCOUNT_LABELS.birth}
            {...fieldOf('birth')}
            fieldClassName="sm:col-span-2"
            type="date"
            max={today()}
            autoComplete="bday"
          />
          <PasswordField
            label={ACCOUNT_LABELS.password}
            hint={`At least ${LIMITS.passwordMinLength} characters, with uppercase, lowercase, and numbers.`}
            {...fieldOf('password')}
            fieldClassName="sm:col-span-2"
            autoComplete="new-password"
          />
          <div className="sm:col-span-2">
            <PhotoUpload value={photo} onChange={setPhoto} uploading={uploading} disabled={busy} />
          </div>
        </div>
        <SubmitButton busy={busy} busyLabel="Registering..." size="lg" className="mt-8 w-full">
          Register
        </SubmitButton>
      </AppForm>
      <MessageDialog
        open={failure !== null}
        onClose={() => setFailure(null)}
        title={AUTH_MESSAGES.registrationErrorTitle}
        message={failure ?? undefined}
      />
    </>
  );
}
