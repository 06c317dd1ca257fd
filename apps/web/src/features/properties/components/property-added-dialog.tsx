import { PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { CheckIcon } from '@/components/ui/icons';
import { paths } from '@/lib/paths';

/** 'Property Added!', after a listing is added. */
export function PropertyAddedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const textId = useId();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
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
