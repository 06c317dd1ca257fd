import { Button } from './button';

type ErrorStateProps = {
  title: string;
  message: string;
  onRetry: () => void;
};

/** A failed load, with a way to try again. */
export function ErrorState({ title, message, onRetry }: ErrorStateProps) {
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-teal-900">{title}</h1>
      <p className="mt-3 text-stone-700">{message}</p>
      <Button className="mt-6" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
