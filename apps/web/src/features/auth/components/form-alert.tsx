import type { ReactNode } from 'react';
import { AlertIcon } from '@/components/ui/form-icons';

type FormAlertProps = { title?: string; children: ReactNode };

/** A form-level error, announced as soon as it appears. */
export function FormAlert({ title, children }: FormAlertProps) {
  return (
    <div
      role="alert"
      className="mt-6 flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      <AlertIcon className="size-5 shrink-0" />
      <div className="min-w-0">
        {title && <p className="font-semibold">{title}</p>}
        <p className="break-words">{children}</p>
      </div>
    </div>
  );
}
