import { SAVED_SEARCH_MESSAGES } from '@keyhaven/shared/texts';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '@/hooks/use-session';
import { cn } from '@/lib/cn';
import { type LoginRedirectState, paths } from '@/lib/paths';
import { filtersFrom } from '../lib/search-filters';

// Loaded on the first click: Home's first download carries the button alone.
const SaveSearchDialog = lazy(() =>
  import('./save-search-dialog').then((module) => ({ default: module.SaveSearchDialog })),
);

/**
 * "Save this search": keeps the filters the page's address holds under a name, with how often
 * new matches are e-mailed. A visitor who is not signed in is offered to log in and come back.
 */
export function SaveSearchButton({ className }: { className?: string }) {
  const session = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const [open, setOpen] = useState(false);

  // Nothing until the session is known, so the offer does not flip from one to the other.
  if (session.isPending) return null;
  if (!session.data?.user) {
    const state: LoginRedirectState = { from: location };
    return (
      <Link
        to={paths.login}
        state={state}
        className={cn(
          'font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-950',
          className,
        )}
      >
        {SAVED_SEARCH_MESSAGES.signInToSave}
      </Link>
    );
  }
  return (
    <>
      <Button
        variant="secondary"
        className={className}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {SAVED_SEARCH_MESSAGES.save}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog filters={filtersFrom(params)} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
