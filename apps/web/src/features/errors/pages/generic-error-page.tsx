import { MESSAGES } from '@keyhaven/shared/texts';
import { Button, buttonStyles } from '@/components/ui/button';
import { paths } from '@/lib/paths';

const { genericError } = MESSAGES;

/** Shown for an unexpected error while rendering or loading a page. */
export function GenericErrorPage() {
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center"
    >
      <h1 className="text-3xl font-bold text-teal-900">{genericError.title}</h1>
      <p className="mt-3 text-stone-700">
        Something unexpected happened while showing this page. Please try again.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        {/* A full page load, so whatever state broke the app starts over. */}
        <a href={paths.home} className={buttonStyles({ size: 'lg' })}>
          {genericError.home}
        </a>
        <Button variant="secondary" size="lg" onClick={() => window.location.reload()}>
          {genericError.retry}
        </Button>
      </div>
    </div>
  );
}
