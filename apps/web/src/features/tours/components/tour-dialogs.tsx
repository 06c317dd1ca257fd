import type { Tour } from '@keyhaven/shared';
import { TOUR_LIMITS } from '@keyhaven/shared/constants';
import { TOUR_MESSAGES, tourReasonLengthLabel } from '@keyhaven/shared/texts';
import { type FormEvent, useState } from 'react';
import { AppForm, FormAlert } from '@/components/form/app-form';
import { TextareaField } from '@/components/form/fields';
import { DialogCancel, FormActions, SubmitButton } from '@/components/form/submit-button';
import {
  Dialog,
  DialogContent,
  DialogCornerClose,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { useBrowserZone } from '@/hooks/use-browser-zone';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { type TourChange, useChangeTour } from '../api/change-tour';
import { useTourSlots } from '../api/get-tour-slots';
import { LoadedSlots, SlotPicker } from './slot-picker';

/** The step a dialog asks for: a reason (cancel, decline) or a new time (propose). */
export type TourDialogStep = 'cancel' | 'decline' | 'propose';

type TourDialogProps = {
  tour: Tour;
  /** What this tour is, read after the dialog's title: the listing and its time. */
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
};

const DONE: Record<TourDialogStep, string> = {
  cancel: TOUR_MESSAGES.cancelled,
  decline: TOUR_MESSAGES.declined,
  propose: TOUR_MESSAGES.proposed,
};

/** Sends one change from a dialog: the field's reason by it, any other reason over the form. */
function useDialogChange(tour: Tour, step: TourDialogStep, onDone: () => void) {
  const change = useChangeTour();
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const send = (body: TourChange) => {
    setFailure(null);
    change.mutate(
      { tourId: tour.id, change: body },
      {
        onSuccess: () => {
          toast.success(DONE[step]);
          onDone();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : undefined;
          const given = fields && Object.values(fields)[0];
          if (given) setFieldError(given);
          else setFailure(errorMessage(error, TOUR_MESSAGES.actionFailed));
        },
      },
    );
  };
  return { send, busy: change.isPending, fieldError, setFieldError, failure };
}

/** Cancel (a reason required) or decline (a reason if the agent wants to give one). */
export function TourReasonDialog({
  tour,
  description,
  step,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: TourDialogProps & { step: 'cancel' | 'decline' }) {
  const [reason, setReason] = useState('');
  const { send, busy, fieldError, setFieldError, failure } = useDialogChange(tour, step, () =>
    onOpenChange(false),
  );
  const required = step === 'cancel';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = reason.trim();
    const problem =
      required && !trimmed
        ? TOUR_MESSAGES.reasonRequired
        : trimmed.length > TOUR_LIMITS.cancelReasonMaxLength
          ? TOUR_MESSAGES.reasonTooLong
          : undefined;
    setFieldError(problem);
    if (problem) {
      event.currentTarget.querySelector<HTMLElement>('textarea')?.focus();
      return;
    }
    send(
      step === 'cancel'
        ? { action: 'cancel', reason: trimmed }
        : { action: 'decline', ...(trimmed && { reason: trimmed }) },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogTitle className="pr-10">
          {required ? TOUR_MESSAGES.cancelTitle : TOUR_MESSAGES.declineTitle}
        </DialogTitle>
        <DialogDescription className="mt-2 text-sm">{description}</DialogDescription>
        <AppForm appOnly onSubmit={submit} className="mt-5 space-y-5" aria-busy={busy}>
          {failure && <FormAlert>{failure}</FormAlert>}
          <TextareaField
            label={required ? TOUR_MESSAGES.reasonLabel : TOUR_MESSAGES.declineReasonLabel}
            name="reason"
            rows={3}
            required={required}
            maxLength={TOUR_LIMITS.cancelReasonMaxLength}
            value={reason}
            counter={tourReasonLengthLabel}
            error={fieldError}
            disabled={busy}
            onChange={(event) => {
              setReason(event.target.value);
              if (fieldError) setFieldError(undefined);
            }}
          />
          <FormActions>
            <DialogCancel busy={busy}>{TOUR_MESSAGES.keep}</DialogCancel>
            <SubmitButton busy={busy} variant="danger">
              {required ? TOUR_MESSAGES.cancel : TOUR_MESSAGES.decline}
            </SubmitButton>
          </FormActions>
        </AppForm>
        <DialogCornerClose disabled={busy} />
      </DialogContent>
    </Dialog>
  );
}

/** The agent proposes another free time of the listing, chosen as buyers choose theirs. */
export function ProposeTimeDialog({
  tour,
  description,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: TourDialogProps) {
  const slots = useTourSlots(tour.propertyId, { enabled: open });
  const readerZone = useBrowserZone();
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const { send, busy, fieldError, setFieldError, failure } = useDialogChange(tour, 'propose', () =>
    onOpenChange(false),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!startsAt) {
      setFieldError(TOUR_MESSAGES.slotRequired);
      event.currentTarget.querySelector<HTMLElement>('input[type="radio"]')?.focus();
      return;
    }
    send({ action: 'propose', startsAt });
  }

  const free = slots.data?.slots.filter((slot) => slot.startsAt !== tour.startsAt) ?? [];
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100vw-2rem))] overflow-y-auto"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogTitle className="pr-10">{TOUR_MESSAGES.proposeTitle}</DialogTitle>
        <DialogDescription className="mt-2 text-sm">{description}</DialogDescription>
        <LoadedSlots query={slots}>
          {() => (
            <AppForm appOnly onSubmit={submit} className="mt-5 space-y-5" aria-busy={busy}>
              {failure && <FormAlert>{failure}</FormAlert>}
              <SlotPicker
                name="startsAt"
                slots={free}
                timeZone={tour.timeZone}
                readerZone={readerZone}
                value={startsAt}
                onChange={(next) => {
                  setStartsAt(next);
                  setFieldError(undefined);
                }}
                error={fieldError}
                disabled={busy}
              />
              <FormActions>
                <DialogCancel busy={busy} />
                {free.length > 0 && (
                  <SubmitButton busy={busy}>{TOUR_MESSAGES.proposeSend}</SubmitButton>
                )}
              </FormActions>
            </AppForm>
          )}
        </LoadedSlots>
        <DialogCornerClose disabled={busy} />
      </DialogContent>
    </Dialog>
  );
}
