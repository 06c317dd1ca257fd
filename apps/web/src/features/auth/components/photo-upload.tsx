import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { MessageDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { ImageIcon } from '@/components/ui/form-icons';
import { InlineSpinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { checkImageFile } from '@/lib/upload-image';

type PhotoUploadProps = {
  /** The chosen photo, not yet uploaded, or null. */
  value: File | null;
  onChange: (file: File | null) => void;
  /** Shows the uploading state while the form sends the photo. */
  uploading: boolean;
  disabled?: boolean;
};

type Problem = { title: string; message: string };

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

/**
 * The profile photo: checked for type and size in the browser (the catalogue words every
 * outcome) and previewed from the file itself. Uploading needs an account, so the form sends it
 * once the account exists.
 */
export function PhotoUpload({ value, onChange, uploading, disabled }: PhotoUploadProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!value) return setPreview(null);
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  function clearInput() {
    // Choosing the same file again must fire `change` again.
    if (inputRef.current) inputRef.current.value = '';
  }

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const refused = checkImageFile(file);
    if (refused) {
      clearInput();
      setProblem(refused);
      return;
    }
    onChange(file);
  }

  function onRemove() {
    clearInput();
    onChange(null);
    inputRef.current?.focus();
  }

  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-stone-800">
        Profile Photo
      </label>
      <div className="flex items-center gap-4">
        <span
          className={cn(
            'flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full bg-teal-50 text-teal-700 ring-1 ring-sand',
            uploading && 'animate-pulse',
          )}
        >
          {preview ? (
            <img
              src={preview}
              alt="Preview of your chosen file"
              className="size-full object-cover"
            />
          ) : (
            <ImageIcon className="size-7" />
          )}
        </span>
        <div className="min-w-0 flex-1">
          <input
            ref={inputRef}
            id={id}
            // What the registration form sends as its photo when it posts without the app.
            name="photo"
            type="file"
            accept={ACCEPT}
            onChange={onFileChange}
            disabled={disabled || uploading}
            aria-describedby={`${id}-hint`}
            className="block w-full min-w-0 cursor-pointer text-sm text-stone-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-teal-700 file:bg-white file:px-3 file:py-2 file:font-semibold file:text-teal-800 hover:file:bg-teal-50 disabled:cursor-not-allowed disabled:opacity-60"
          />
          <p id={`${id}-hint`} className="mt-1.5 text-sm text-stone-600">
            Optional. JPG, PNG, GIF or WEBP, up to 5 MB. It is uploaded once your account exists.
          </p>
        </div>
      </div>
      <div aria-live="polite" className="text-sm">
        {uploading && (
          <p className="mt-2 flex items-center gap-2 font-medium text-teal-800">
            <InlineSpinner />
            Uploading photo...
          </p>
        )}
      </div>
      {value && !uploading && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2 -ml-3"
          onClick={onRemove}
          disabled={disabled}
        >
          Remove photo
        </Button>
      )}
      <MessageDialog
        open={problem !== null}
        onClose={() => setProblem(null)}
        title={problem?.title ?? ''}
        message={problem?.message}
      />
    </div>
  );
}
