import { TIMINGS_MS } from '@keyhaven/shared/constants';
import { PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { CheckIcon } from '@/components/ui/icons';
import { useOnScreenTimer } from '@/hooks/use-on-screen-timer';
import { paths } from '@/lib/paths';

/** 'Property Added!', after a listing is added; it closes by itself 3 s after it is on screen. */
export function PropertyAddedDialog({ onClose }: { onClose: () => void }) {
  const textId = useId();
  useOnScreenTimer(TIMINGS_MS.addPropertyDialog, onClose);
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent aria-describedby={textId} className="text-center">
        <CheckIcon className="mx-auto size-12 text-teal-700" />
        <DialogTitle className="mt-3">{PROPERTY_MESSAGES.addedTitle}</DialogTitle>
        <div id={textId} className="mt-2 space-y-2 text-stone-700">
          <p>{PROPERTY_MESSAGES.addedText}</p>
          <p>An admin reviews every listing before buyers can see it.</p>
        </div>
        <div className="mt-6 flex flex-col-reverse justify-center gap-3 sm:flex-row">
          <DialogClose className={buttonStyles({ variant: 'secondary' })}>Close</DialogClose>
          <Link to={paths.dashboard.myProperties} className={buttonStyles()}>
            View My Properties
          </Link>
        </div>
      </DialogContent>
    </Dialog>
  );
}
