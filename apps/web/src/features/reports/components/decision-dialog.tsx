import {
  BUSINESS_LIMITS,
  REPORT_DECISION_LABELS,
  type ReportDecision,
} from '@keyhaven/shared/constants';
import { REPORT_MESSAGES } from '@keyhaven/shared/texts';
import { type FormEvent, useState } from 'react';
import { AppForm, FormAlert } from '@/components/form/app-form';
import { TextareaField } from '@/components/form/fields';
import { DialogCancel, FormActions, SubmitButton } from '@/components/form/submit-button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDecideReport } from '../api/decide-report';
import { QUEUE_TEXT } from '../queue-texts';
import { reportNoteLengthLabel } from '../texts';
import type { ReportedListing } from '../types';

/** What the admin is about to decide, on which listing. */
export type PendingDecision = { decision: ReportDecision; item: ReportedListing };

const reportsText = (count: number) =>
  count === 1 ? 'its open report' : `its ${count} open reports`;

/** What each decision does, said before it is made: every one of them is a single step. */
function consequences({ decision, item }: PendingDecision) {
  const { property, openReports } = item;
  const reports = reportsText(openReports);
  switch (decision) {
    case 'dismiss':
      return {
        title: `Dismiss the reports on ${property.title}?`,
        description: `The listing stays as it is and ${reports} ${openReports === 1 ? 'is' : 'are'} closed. If it was hidden from search, buyers find it again. The reporters are told an admin found nothing to change.`,
        tone: 'primary' as const,
      };
    case 'request_correction':
      return {
        title: `Ask ${property.agent.name} to correct ${property.title}?`,
        description: `The listing goes back to pending, out of buyers' sight, until an admin approves it again. The agent sees your note on My Properties and when editing the listing, and ${reports} ${openReports === 1 ? 'is' : 'are'} closed.`,
        tone: 'primary' as const,
      };
    case 'remove_listing':
      return {
        title: `Remove ${property.title}?`,
        description: `The listing is taken off Keyhaven and ${reports} ${openReports === 1 ? 'is' : 'are'} closed. The reporters are told it was removed.`,
        tone: 'danger' as const,
      };
    case 'mark_agent_fraud':
      return {
        title: `Mark ${property.agent.name} as fraud?`,
        description: `They will no longer be able to list, offer, pay or review, and all their listings will be hidden from buyers. This listing is removed and ${reports} ${openReports === 1 ? 'is' : 'are'} closed.`,
        tone: 'danger' as const,
      };
  }
}

type DecisionDialogProps = {
  /** The decision to confirm; it stays set while the dialog animates out. */
  pending: PendingDecision | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The decision was saved: the server's message was toasted. */
  onDecided: () => void;
  onCloseAutoFocus: (event: Event) => void;
};

/**
 * Confirms one decision on a reported listing, naming what it does. Asking for a correction also
 * takes the note the agent will read, which it requires. The server's refusals (another admin
 * decided first, a sale under way) show in the dialog.
 */
export function DecisionDialog({
  pending,
  open,
  onOpenChange,
  onDecided,
  onCloseAutoFocus,
}: DecisionDialogProps) {
  const decide = useDecideReport();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState<PendingDecision | null>(null);

  // A new decision starts with an empty note and no message from the last one.
  if (pending !== shownFor) {
    setShownFor(pending);
    setNote('');
    setNoteError(undefined);
    setFailure(null);
  }
  if (!pending) return null;

  const text = consequences(pending);
  const withNote = pending.decision === 'request_correction';
  const busy = decide.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pending || busy) return;
    const trimmed = note.trim();
    setFailure(null);
    if (withNote) {
      const problem =
        trimmed === ''
          ? REPORT_MESSAGES.correctionNoteRequired
          : trimmed.length > BUSINESS_LIMITS.correctionNoteMaxLength
            ? REPORT_MESSAGES.correctionNoteTooLong
            : undefined;
      setNoteError(problem);
      if (problem) {
        event.currentTarget.querySelector<HTMLElement>('textarea')?.focus();
        return;
      }
    }
    decide.mutate(
      {
        propertyId: pending.item.property._id,
        decision: pending.decision,
        note: withNote ? trimmed : '',
      },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          onDecided();
          onOpenChange(false);
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.fields?.note : undefined;
          if (field && withNote) setNoteError(field);
          else setFailure(errorMessage(error, QUEUE_TEXT.decisionFailed));
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogTitle>{text.title}</DialogTitle>
        <DialogDescription className="mt-3">{text.description}</DialogDescription>
        <AppForm appOnly onSubmit={submit} className="mt-5 space-y-5" aria-busy={busy}>
          {failure && <FormAlert>{failure}</FormAlert>}
          {withNote && (
            <TextareaField
              label={QUEUE_TEXT.correctionNoteLabel}
              counter={(length) =>
                reportNoteLengthLabel(length, BUSINESS_LIMITS.correctionNoteMaxLength)
              }
              error={noteError}
              name="note"
              required
              value={note}
              onChange={(event) => {
                setNote(event.target.value);
                if (noteError) setNoteError(undefined);
              }}
              maxLength={BUSINESS_LIMITS.correctionNoteMaxLength}
              rows={4}
              disabled={busy}
            />
          )}
          <FormActions>
            <DialogCancel busy={busy} />
            <SubmitButton busy={busy} variant={text.tone}>
              {REPORT_DECISION_LABELS[pending.decision]}
            </SubmitButton>
          </FormActions>
        </AppForm>
      </DialogContent>
    </Dialog>
  );
}
