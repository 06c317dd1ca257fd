import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { InlineSpinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

type SubmitButtonProps = Omit<ComponentProps<typeof Button>, 'type'> & {
  /** The form is being sent: a spinner shows and `busyLabel` replaces the label. */
  busy: boolean;
  /** What the button says while the form is sent ('Submitting...'); the label itself unless told. */
  busyLabel?: ReactNode;
};

/** A form's submit button, which waits, and says so, while the form is being sent. */
export function SubmitButton({ busy, busyLabel, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={busy} aria-busy={busy} {...props}>
      {busy && <InlineSpinner />}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </Button>
  );
}

type DialogActionsProps = {
  /** What stands before the submit button: Cancel, which closes the dialog, unless told. */
  secondary?: ReactNode;
  /** The dialog's form is being sent: Cancel waits for it. */
  busy: boolean;
  className?: string;
  /** The submit button. */
  children: ReactNode;
};

/** A dialog form's buttons: submit last, stacked under a phone's thumb and to the right elsewhere. */
export function DialogActions({ secondary, busy, className, children }: DialogActionsProps) {
  return (
    <div className={cn('flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', className)}>
      {secondary ?? (
        <DialogClose asChild>
          <Button variant="secondary" disabled={busy}>
            Cancel
          </Button>
        </DialogClose>
      )}
      {children}
    </div>
  );
}
