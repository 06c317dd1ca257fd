import type { Tour } from '@keyhaven/shared';
import type { TourAction } from '@keyhaven/shared/constants';
import { TOUR_MESSAGES } from '@keyhaven/shared/texts';
import { useState } from 'react';
import { Button, buttonStyles } from '@/components/ui/button';
import { InlineSpinner } from '@/components/ui/spinner';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChangeTour } from '../api/change-tour';
import { tourCalendarUrl } from '../api/get-tours';
import { ProposeTimeDialog, type TourDialogStep, TourReasonDialog } from './tour-dialogs';

/** The order buttons stand in, the step forward first and the ones that end a tour last. */
const ORDER: readonly TourAction[] = [
  'confirm',
  'accept',
  'complete',
  'propose',
  'decline',
  'cancel',
];

const LABELS: Record<TourAction, string> = {
  confirm: TOUR_MESSAGES.confirm,
  accept: TOUR_MESSAGES.accept,
  complete: TOUR_MESSAGES.complete,
  propose: TOUR_MESSAGES.propose,
  decline: TOUR_MESSAGES.decline,
  cancel: TOUR_MESSAGES.cancel,
};

/** What the one-click steps say once done. */
const DONE = {
  confirm: TOUR_MESSAGES.confirmed,
  accept: TOUR_MESSAGES.accepted,
  complete: TOUR_MESSAGES.completedDone,
} as const;

type OneClick = keyof typeof DONE;
const isOneClick = (action: TourAction): action is OneClick => action in DONE;

/**
 * The buttons of what the reader may do with a tour now, as the tour itself lists them (the
 * server decides; the screen never guesses), and Add to calendar once it is confirmed. Confirm,
 * accept and complete happen at a click; propose, decline and cancel open their dialog.
 * `context` is read after each label, where many tours share a page ("Confirm: Lake House, Sat…").
 */
export function TourActions({ tour, context }: { tour: Tour; context: string }) {
  const change = useChangeTour();
  const [step, setStep] = useState<TourDialogStep | null>(null);
  const [open, setOpen] = useState(false);
  const focus = useReturnFocus();
  const actions = ORDER.filter((action) => tour.actions.includes(action));
  const running = change.isPending ? change.variables?.change.action : undefined;

  const act = (action: TourAction) => {
    if (change.isPending) return;
    if (!isOneClick(action)) {
      focus.remember();
      setStep(action);
      setOpen(true);
      return;
    }
    change.mutate(
      { tourId: tour.id, change: { action } },
      {
        onSuccess: () => toast.success(DONE[action]),
        onError: (error) => toast.error(errorMessage(error, TOUR_MESSAGES.actionFailed)),
      },
    );
  };

  const dialog = {
    tour,
    description: context,
    open,
    onOpenChange: setOpen,
    onCloseAutoFocus: (event: Event) => focus.restore(event),
  };
  const sr = <span className="sr-only">: {context}</span>;
  if (actions.length === 0 && tour.status !== 'confirmed') return null;
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={
            action === 'cancel' || action === 'decline'
              ? 'dangerOutline'
              : isOneClick(action)
                ? 'primary'
                : 'secondary'
          }
          aria-disabled={change.isPending}
          onClick={() => act(action)}
        >
          {running === action && <InlineSpinner />}
          {LABELS[action]}
          {sr}
        </Button>
      ))}
      {tour.status === 'confirmed' && (
        <a
          href={tourCalendarUrl(tour.id)}
          download
          className={buttonStyles({ variant: 'secondary', size: 'sm' })}
        >
          {TOUR_MESSAGES.addToCalendar}
          {sr}
        </a>
      )}
      {step === 'propose' && <ProposeTimeDialog {...dialog} />}
      {(step === 'cancel' || step === 'decline') && <TourReasonDialog {...dialog} step={step} />}
    </div>
  );
}
