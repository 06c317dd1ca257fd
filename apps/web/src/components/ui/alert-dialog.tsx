import { AlertDialog as RadixAlertDialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button, buttonStyles } from './button';
import { AlertIcon } from './form-icons';
import { CheckIcon } from './icons';

const AlertDialog = RadixAlertDialog.Root;
const AlertDialogCancel = RadixAlertDialog.Cancel;

function AlertDialogTitle({ className, ...props }: ComponentProps<typeof RadixAlertDialog.Title>) {
  return (
    <RadixAlertDialog.Title
      className={cn('text-xl font-bold text-teal-900', className)}
      {...props}
    />
  );
}

function AlertDialogDescription({
  className,
  ...props
}: ComponentProps<typeof RadixAlertDialog.Description>) {
  return <RadixAlertDialog.Description className={cn('text-stone-700', className)} {...props} />;
}

/**
 * A centred modal that needs an answer: it does not close on a click outside, only through its
 * buttons or Escape. Give it an `AlertDialogTitle` and an `AlertDialogDescription`.
 */
function AlertDialogContent({
  className,
  children,
  ...props
}: ComponentProps<typeof RadixAlertDialog.Content>) {
  return (
    <RadixAlertDialog.Portal>
      <RadixAlertDialog.Overlay className="fixed inset-0 z-50 motion-safe:animate-fade-in bg-stone-950/50" />
      <RadixAlertDialog.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto motion-safe:animate-pop-in rounded-2xl bg-white p-6 shadow-xl',
          className,
        )}
        {...props}
      >
        {children}
      </RadixAlertDialog.Content>
    </RadixAlertDialog.Portal>
  );
}

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while `pending`. */
  pendingLabel?: string;
  onConfirm: () => void;
  /** The action is running: both buttons wait, and the dialog stays open until it settles. */
  pending?: boolean;
  /** Destructive actions get a red confirm button. */
  tone?: 'default' | 'danger';
  /** Where focus goes on close; by default it returns to the element that opened the dialog. */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * "Are you sure?" before an action. Focus starts on Cancel, the safe choice; the caller runs the
 * action in `onConfirm` and closes the dialog when it has settled.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  onConfirm,
  pending = false,
  tone = 'default',
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="mt-3 space-y-2">{description}</div>
        </AlertDialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <AlertDialogCancel className={buttonStyles({ variant: 'secondary' })} disabled={pending}>
            Cancel
          </AlertDialogCancel>
          {/* A plain button, not AlertDialog.Action: that one closes before the action is done. */}
          <Button
            onClick={onConfirm}
            disabled={pending}
            aria-busy={pending}
            variant={tone === 'danger' ? 'danger' : 'primary'}
          >
            {pending ? (pendingLabel ?? `${confirmLabel}...`) : confirmLabel}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}

type MessageDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  message?: ReactNode;
  tone?: 'error' | 'success';
};

/** A popup that reports an outcome (a failed sign-in, a rejected file) and waits for OK. */
export function MessageDialog({
  open,
  onClose,
  title,
  message,
  tone = 'error',
}: MessageDialogProps) {
  const Icon = tone === 'error' ? AlertIcon : CheckIcon;
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onClose()}>
      <AlertDialogContent
        className="text-center"
        // Without a message there is nothing to describe the dialog; say so rather than point nowhere.
        {...(message ? {} : { 'aria-describedby': undefined })}
      >
        <Icon
          className={cn('mx-auto size-12', tone === 'error' ? 'text-red-700' : 'text-teal-700')}
        />
        <AlertDialogTitle className="mt-3">{title}</AlertDialogTitle>
        {message && <AlertDialogDescription className="mt-2">{message}</AlertDialogDescription>}
        {/* Cancel, not Action: Radix focuses Cancel on open, so Enter or Escape dismisses it. */}
        <AlertDialogCancel className={buttonStyles({ className: 'mt-6 w-24' })}>
          OK
        </AlertDialogCancel>
      </AlertDialogContent>
    </AlertDialog>
  );
}
