import type { Tour } from '@keyhaven/shared';
import { TOUR_KINDS, TOUR_LIMITS, type TourKind } from '@keyhaven/shared/constants';
import { TOUR_KIND_LABELS, TOUR_MESSAGES, tourNoteLengthLabel } from '@keyhaven/shared/texts';
import { type FormEvent, useState } from 'react';
import { AppForm, FormAlert } from '@/components/form/app-form';
import { RadioGroup, TextareaField } from '@/components/form/fields';
import { DialogCancel, FormActions, SubmitButton } from '@/components/form/submit-button';
import { Dialog, DialogContent, DialogCornerClose, DialogTitle } from '@/components/ui/dialog';
import { useBrowserZone } from '@/hooks/use-browser-zone';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useTourSlots } from '../api/get-tour-slots';
import { useRequestTour } from '../api/request-tour';
import { LoadedSlots, SlotPicker } from './slot-picker';

type Fields = { startsAt: string | null; kind: TourKind | null; note: string };
type FieldErrors = Partial<Record<'startsAt' | 'kind' | 'note', string>>;

const EMPTY: Fields = { startsAt: null, kind: 'in-person', note: '' };

/** What the buyer must choose before the server is asked, in the server's words. */
function problemsWith(fields: Fields): FieldErrors {
  return {
    startsAt: fields.startsAt ? undefined : TOUR_MESSAGES.slotRequired,
    kind: fields.kind ? undefined : TOUR_MESSAGES.kindRequired,
    note:
      fields.note.trim().length > TOUR_LIMITS.noteMaxLength ? TOUR_MESSAGES.noteTooLong : undefined,
  };
}

export type RequestTourDialogProps = {
  propertyId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The request was sent: the tour as the server saved it. */
  onRequested: (tour: Tour) => void;
  /** Where focus goes as the dialog closes. */
  onCloseAutoFocus: (event: Event) => void;
};

/**
 * "Request a tour": the listing's free times of the next 14 days on the home's clock (and the
 * buyer's own), in person or by video call, and a note for the agent. A time another buyer took
 * meanwhile comes back as the server's reason over the form, and the times are asked for again.
 */
export function RequestTourDialog({
  propertyId,
  open,
  onOpenChange,
  onRequested,
  onCloseAutoFocus,
}: RequestTourDialogProps) {
  const slots = useTourSlots(propertyId, { enabled: open });
  const request = useRequestTour(propertyId);
  const readerZone = useBrowserZone();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = request.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problems = problemsWith(fields);
    setErrors(problems);
    setFailure(null);
    if (!fields.startsAt || !fields.kind || problems.note) {
      const first = problems.startsAt ? 'input[type="radio"]' : '[name="note"]';
      event.currentTarget.querySelector<HTMLElement>(first)?.focus();
      return;
    }
    const note = fields.note.trim();
    request.mutate(
      { startsAt: fields.startsAt, kind: fields.kind, ...(note && { note }) },
      {
        onSuccess: (tour) => {
          setFields(EMPTY);
          onRequested(tour);
        },
        onError: (error) => {
          const given = error instanceof ApiError ? error.fields : undefined;
          if (given && Object.keys(given).length > 0) setErrors(given as FieldErrors);
          else setFailure(errorMessage(error, TOUR_MESSAGES.actionFailed));
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100vw-2rem))] overflow-y-auto"
        onCloseAutoFocus={onCloseAutoFocus}
        aria-describedby={undefined}
      >
        <DialogTitle className="pr-10">{TOUR_MESSAGES.requestTitle}</DialogTitle>
        <LoadedSlots query={slots}>
          {(loaded) => (
            <AppForm appOnly onSubmit={submit} className="mt-5 space-y-5" aria-busy={busy}>
              {failure && <FormAlert>{failure}</FormAlert>}
              <SlotPicker
                name="startsAt"
                slots={loaded.timeZone ? loaded.slots : []}
                timeZone={loaded.timeZone ?? ''}
                readerZone={readerZone}
                value={fields.startsAt}
                onChange={(startsAt) => {
                  setFields((current) => ({ ...current, startsAt }));
                  setErrors((current) => ({ ...current, startsAt: undefined }));
                }}
                error={errors.startsAt}
                disabled={busy}
                empty={loaded.timeZone ? TOUR_MESSAGES.noSlots : TOUR_MESSAGES.noAvailability}
              />
              {loaded.slots.length > 0 && loaded.timeZone && (
                <>
                  <RadioGroup
                    legend={TOUR_MESSAGES.kindLabel}
                    name="kind"
                    options={TOUR_KINDS}
                    labels={TOUR_KIND_LABELS}
                    value={fields.kind}
                    onChange={(kind) => setFields((current) => ({ ...current, kind }))}
                    error={errors.kind}
                    disabled={busy}
                    optionsClassName="mt-1.5 flex flex-wrap gap-x-6"
                  />
                  <TextareaField
                    label={TOUR_MESSAGES.noteLabel}
                    name="note"
                    rows={3}
                    maxLength={TOUR_LIMITS.noteMaxLength}
                    value={fields.note}
                    counter={tourNoteLengthLabel}
                    error={errors.note}
                    disabled={busy}
                    onChange={(event) => {
                      const note = event.target.value;
                      setFields((current) => ({ ...current, note }));
                    }}
                  />
                </>
              )}
              <FormActions>
                <DialogCancel busy={busy} />
                {loaded.slots.length > 0 && loaded.timeZone && (
                  <SubmitButton busy={busy} busyLabel={TOUR_MESSAGES.sending}>
                    {TOUR_MESSAGES.send}
                  </SubmitButton>
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

export default RequestTourDialog;
