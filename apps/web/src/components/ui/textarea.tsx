import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A multi-line text field with the same look as `Input`. */
export function Textarea({ className, rows = 5, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      rows={rows}
      className={cn(
        'block w-full min-w-0 resize-y rounded-lg border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500',
        'focus-visible:border-teal-700 disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-600',
        'aria-invalid:border-red-700',
        className,
      )}
      {...props}
    />
  );
}
