import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** The text-field look, shared by inputs, selects and the password field. */
export const inputStyles = (className?: string) =>
  cn(
    'block h-11 w-full min-w-0 rounded-lg border border-stone-400 bg-white px-3 text-base text-stone-900 placeholder:text-stone-500',
    'focus-visible:border-teal-700 disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-600',
    'aria-invalid:border-red-700',
    className,
  );

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={inputStyles(className)} {...props} />;
}
