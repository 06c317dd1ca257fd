import { cn } from '@/lib/cn';

type SpinnerProps = {
  /** What is loading, for screen readers. */
  label?: string;
  className?: string;
};

export function Spinner({ label = 'Loading', className }: SpinnerProps) {
  return (
    <div role="status" aria-label={label} className={cn('flex justify-center', className)}>
      <span
        aria-hidden="true"
        className="size-10 motion-safe:animate-spin rounded-full border-4 border-teal-100 border-t-teal-700"
      />
    </div>
  );
}

/** A spinner that fills the content area while a page or its data loads. */
export function PageSpinner({ label }: Pick<SpinnerProps, 'label'>) {
  return <Spinner label={label} className="py-24" />;
}

/** A small decorative spinner for buttons and inline busy states; say in text what is happening. */
export function InlineSpinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-4 shrink-0 motion-safe:animate-spin rounded-full border-2 border-current border-t-transparent',
        className,
      )}
    />
  );
}
