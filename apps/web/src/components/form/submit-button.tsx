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
  /**
   * Keep the button focusable while the form is sent (`aria-disabled` rather than `disabled`),
   * so focus stays where the person left it, as on a form that stays open once saved.
   */
  focusableWhileBusy?: boolean;
};

/** A form's submit button, which waits, and says so, while the form is being sent. */
export function SubmitButton({
  busy,
  busyLabel,
  focusableWhileBusy = false,
  children,
  ...props
}: SubmitButtonProps) {
  const waiting = focusableWhileBusy
    ? { 'aria-disabled': busy }
    : { disabled: busy, 'aria-busy': busy };
  return (
    <Button type="submit" {...waiting} {...props}>
      {busy && <InlineSpinner />}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </Button>
  );
}

type FormActionsProps = { className?: string; children: ReactNode };

/** A form's buttons, submit last: stacked under a phone's thumb, side by side to the right elsewhere. */
export function FormActions({ className, children }: FormActionsProps) {
  return (
    <div className={cn('flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', className)}>
      {children}
    </div>
  );
}

/** Cancel, which closes the dialog its form is in; it waits while the form is being sent. */
export function DialogCancel({ busy, children = 'Cancel' }: { busy?: boolean; children?: string }) {
  return (
    <DialogClose asChild>
      <Button variant="secondary" disabled={busy}>
        {children}
      </Button>
    </DialogClose>
  );
}
