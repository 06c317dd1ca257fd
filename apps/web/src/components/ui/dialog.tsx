import { Dialog as RadixDialog } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { CloseIcon } from './icons';

export const Dialog = RadixDialog.Root;
export const DialogClose = RadixDialog.Close;

export function DialogTitle({ className, ...props }: ComponentProps<typeof RadixDialog.Title>) {
  return (
    <RadixDialog.Title className={cn('text-xl font-bold text-teal-900', className)} {...props} />
  );
}

/** The sentence under a `DialogTitle` that says what the dialog is for. */
export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof RadixDialog.Description>) {
  return <RadixDialog.Description className={cn('text-stone-700', className)} {...props} />;
}

/** A centred modal with a dimmed backdrop; give it a `DialogTitle`. */
export function DialogContent({
  className,
  children,
  ...props
}: ComponentProps<typeof RadixDialog.Content>) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 motion-safe:animate-fade-in bg-stone-950/50" />
      <RadixDialog.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 motion-safe:animate-pop-in rounded-2xl bg-white p-6 shadow-xl',
          className,
        )}
        {...props}
      >
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** The ✕ in a dialog's corner, which closes it as Cancel or Escape do. */
export function DialogCornerClose({ disabled }: { disabled?: boolean }) {
  return (
    <DialogClose
      aria-label="Close"
      disabled={disabled}
      className="absolute top-4 right-4 inline-flex size-10 cursor-pointer items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 hover:text-stone-900"
    >
      <CloseIcon className="size-5" />
    </DialogClose>
  );
}
