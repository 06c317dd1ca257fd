import type { ComponentProps, ReactNode } from 'react';
import { AlertIcon } from '@/components/ui/form-icons';
import { cn } from '@/lib/cn';
import { usePageAction } from '@/lib/page-form';

type AppFormProps = Omit<ComponentProps<'form'>, 'method' | 'action' | 'noValidate'> & {
  /** Where the form posts before the app has started: the page it is on unless told. */
  action?: string;
  /**
   * A form only the app can send: its submit is held until the app is ready (`data-app-form`,
   * see app/early-interactions.ts), and without JavaScript the page answers the post saying so.
   */
  appOnly?: boolean;
};

/**
 * A form that works before the app has started: it posts to its page, which the server answers
 * (see lib/page-form.ts), and once the app runs `onSubmit` sends it instead. The app checks the
 * fields itself, so the browser's own checks stay off.
 */
export function AppForm({ action, appOnly = false, ...props }: AppFormProps) {
  const pageAction = usePageAction();
  return (
    <form
      method="post"
      action={action ?? pageAction}
      data-app-form={appOnly ? '' : undefined}
      noValidate
      {...props}
    />
  );
}

type FormAlertProps = { title?: string; className?: string; children: ReactNode };

/** A form's failure that no single field explains, announced as soon as it appears. */
export function FormAlert({ title, className, children }: FormAlertProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900',
        className,
      )}
    >
      <AlertIcon className="size-5 shrink-0 text-red-700" />
      <div className="min-w-0">
        {title && <p className="font-semibold">{title}</p>}
        <p className="break-words">{children}</p>
      </div>
    </div>
  );
}
