import type { ReportReason } from '@keyhaven/shared/constants';
import { BUSINESS_LIMITS, REPORT_REASON_LABELS, REPORT_REASONS } from '@keyhaven/shared/constants';
import { REPORT_MESSAGES } from '@keyhaven/shared/texts';
import { type FormEvent, useState } from 'react';
import { AppForm, FormAlert } from '@/components/form/app-form';
import { RadioGroup, TextareaField } from '@/components/form/fields';
import { DialogCancel, FormActions, SubmitButton } from '@/components/form/submit-button';
import {
  Dialog,
  DialogContent,
  DialogCornerClose,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
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
        <AppForm appOnly onSubmit={submit} className="mt-5 space-y-5" aria-busy={pending}>
          {failure && <FormAlert>{failure}</FormAlert>}
          <RadioGroup
            legend={REPORT_TEXT.reasonLegend}
            name="reason"
            options={REPORT_REASONS}
            labels={REPORT_REASON_LABELS}
            value={reason}
            onChange={(value) => {
              setReason(value);
              setErrors((current) => ({ ...current, reason: undefined }));
            }}
            error={errors.reason}
            disabled={pending}
          />
          <TextareaField
            label={REPORT_TEXT.noteLabel}
            counter={reportNoteLengthLabel}
            error={errors.note}
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
          <FormActions>
            <DialogCancel busy={pending} />
            <SubmitButton busy={pending} busyLabel={REPORT_TEXT.sending}>
              {REPORT_TEXT.send}
            </SubmitButton>
          </FormActions>
        </AppForm>
        <DialogCornerClose disabled={pending} />
      </DialogContent>
    </Dialog>
  );
}

export default ReportListingDialog;
