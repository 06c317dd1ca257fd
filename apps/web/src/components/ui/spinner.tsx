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
