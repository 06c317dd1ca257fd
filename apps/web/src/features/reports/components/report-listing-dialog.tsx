import type { ReportReason } from '@keyhaven/shared/constants';
import { BUSINESS_LIMITS, REPORT_REASON_LABELS, REPORT_REASONS } from '@keyhaven/shared/constants';
import { REPORT_MESSAGES } from '@keyhaven/shared/texts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, FieldError } from '@/components/ui/field';
import { AlertIcon } from '@/components/ui/form-icons';
import { CloseIcon } from '@/components/ui/icons';
import { InlineSpinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api-client';
import { usePageAction } from '@/lib/page-form';
import { toast } from '@/lib/toast';
import { useReportListing } from '../api/report-listing';
import { REPORT_TEXT, reportNoteLengthLabel } from '../texts';

export type ReportListingDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  property: { _id: string; title: string };
  /** The report was taken: the page shows that the viewer reported the listing. */
  onReported: () => void;
  /** Where focus goes as the dialog closes. */
  onCloseAutoFocus: (event: Event) => void;
};

type FieldErrors = { reason?: string; note?: string };

/** What is wrong with the report before it is sent, in the server's words. */
function problemsWith(reason: ReportReason | null, note: string): FieldErrors {
  return {
    reason: reason ? undefined : REPORT_MESSAGES.reasonRequired,
    note:
      note.trim().length > BUSINESS_LIMITS.reportNoteMaxLength
        ? REPORT_MESSAGES.noteTooLong
        : undefined,
  };
}

/**
 * "Report this listing": why (one reason of the list), an optional note, and Send report. The
 * server's reasons show by their field (a 400) or at the top (already reported, too many reports);
 * on success the server's thank-you is a toast and the dialog closes.
 */
export function ReportListingDialog({
  open,
  onOpenChange,
  property,
  onReported,
  onCloseAutoFocus,
}: ReportListingDialogProps) {
  const pageAction = usePageAction();
  const reasonErrorId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const report = useReportListing(property._id);

  const changeOpen = (next: boolean) => {
    if (report.isPending) return;
    if (next) {
      setErrors({});
      setFailure(null);
    }
    onOpenChange(next);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (report.isPending) return;
    const problems = problemsWith(reason, note);
    setErrors(problems);
    setFailure(null);
    if (!reason || problems.note) {
      // The first field in trouble takes focus, so its message is read out with it.
      const form = event.currentTarget as HTMLFormElement;
      form.querySelector<HTMLElement>(reason ? 'textarea' : 'input[name="reason"]')?.focus();
      return;
    }
    report.mutate(
      { reason, note: note.trim() },
      {
        onSuccess: ({ message }) => {
          toast.success(message || REPORT_MESSAGES.reported);
          setReason(null);
          setNote('');
          onReported();
          onOpenChange(false);
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : undefined;
          if (fields?.reason || fields?.note) {
            setErrors({ reason: fields.reason, note: fields.note });
          } else {
            setFailure(errorMessage(error, REPORT_TEXT.failed));
          }
        },
      },
    );
  }

  const pending = report.isPending;
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogTitle className="pr-10">{REPORT_TEXT.dialogTitle}</DialogTitle>
        <DialogDescription className="mt-1 text-sm">
          {REPORT_TEXT.dialogDescription(property.title)}
        </DialogDescription>
        <form
          method="post"
          action={pageAction}
          data-app-form=""
          noValidate
          onSubmit={submit}
          className="mt-5 space-y-5"
          aria-busy={pending}
        >
          {failure && (
            <div
              role="alert"
              className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
            >
              <AlertIcon className="size-5 shrink-0 text-red-700" />
              <p>{failure}</p>
            </div>
          )}
          <fieldset aria-describedby={errors.reason ? reasonErrorId : undefined}>
            <legend className="text-sm font-semibold text-stone-800">
              {REPORT_TEXT.reasonLegend}
            </legend>
            <div className="mt-1.5 flex flex-col">
              {REPORT_REASONS.map((value) => (
                <label
                  key={value}
                  className="flex min-h-11 cursor-pointer items-center gap-3 text-stone-800"
                >
                  <input
                    type="radio"
                    name="reason"
                    value={value}
                    checked={reason === value}
                    onChange={() => {
                      setReason(value);
                      setErrors((current) => ({ ...current, reason: undefined }));
                    }}
                    disabled={pending}
                    aria-invalid={errors.reason ? true : undefined}
                    aria-describedby={errors.reason ? reasonErrorId : undefined}
                    className="size-5 shrink-0 cursor-pointer accent-teal-700"
                  />
                  {REPORT_REASON_LABELS[value]}
                </label>
              ))}
            </div>
            {errors.reason && <FieldError id={reasonErrorId}>{errors.reason}</FieldError>}
          </fieldset>
          <Field
            label={REPORT_TEXT.noteLabel}
            hint={reportNoteLengthLabel(note.length)}
            error={errors.note}
          >
            {(control) => (
              <Textarea
                {...control}
                name="note"
                value={note}
                onChange={(event) => {
                  setNote(event.target.value);
                  if (errors.note) setErrors((current) => ({ ...current, note: undefined }));
                }}
                maxLength={BUSINESS_LIMITS.reportNoteMaxLength}
                rows={4}
                disabled={pending}
              />
            )}
          </Field>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={pending} aria-busy={pending}>
              {pending && <InlineSpinner />}
              {pending ? REPORT_TEXT.sending : REPORT_TEXT.send}
            </Button>
          </div>
        </form>
        <DialogClose
          aria-label="Close"
          disabled={pending}
          className="absolute top-4 right-4 inline-flex size-10 cursor-pointer items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 hover:text-stone-900"
        >
          <CloseIcon className="size-5" />
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}

export default ReportListingDialog;
