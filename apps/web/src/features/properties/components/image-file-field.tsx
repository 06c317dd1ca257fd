import { type ChangeEvent, useEffect, useState } from 'react';
import { Field } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { checkImageFile, type UploadProblem } from '@/lib/upload-image';

type ImageFileFieldProps = {
  label: string;
  file: File | null;
  /** A new choice (or none), with the reason it cannot be uploaded when it cannot. */
  onChange: (file: File | null, problem: UploadProblem | null) => void;
  problem: UploadProblem | null;
  disabled?: boolean;
  /** Show a preview of the chosen file. */
  preview?: boolean;
  hint?: string;
};

const FILE_INPUT = cn(
  'block w-full text-sm text-stone-700',
  'file:mr-4 file:cursor-pointer file:rounded-lg file:border file:border-teal-700 file:bg-white file:px-4 file:py-2 file:font-semibold file:text-teal-800 hover:file:bg-teal-50',
);

/** The image is chosen as a file; type and size are checked before any upload. */
export function ImageFileField({
  label,
  file,
  onChange,
  problem,
  disabled,
  preview = true,
  hint = 'JPG, PNG, GIF or WEBP, up to 5 MB.',
}: ImageFileFieldProps) {
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file || !preview) return setPreviewUrl(null);
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file, preview]);

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    onChange(chosen, chosen && checkImageFile(chosen));
  };

  return (
    <Field
      label={label}
      hint={hint}
      error={problem ? `${problem.title}: ${problem.message}` : undefined}
    >
      {(control) => (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          {previewUrl && !problem && (
            <img
              src={previewUrl}
              alt="Preview of your chosen file"
              width={160}
              height={107}
              className="aspect-[3/2] w-40 rounded-lg object-cover ring-1 ring-sand"
            />
          )}
          <input
            {...control}
            type="file"
            accept="image/*"
            onChange={onInput}
            disabled={disabled}
            className={FILE_INPUT}
          />
        </div>
      )}
    </Field>
  );
}
