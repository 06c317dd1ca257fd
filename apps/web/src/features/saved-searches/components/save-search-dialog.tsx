import {
  ALERT_FREQUENCIES,
  type AlertFrequency,
  ENGAGEMENT_LIMITS,
} from '@keyhaven/shared/constants';
import { ALERT_FREQUENCY_LABELS, SAVED_SEARCH_MESSAGES } from '@keyhaven/shared/texts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, inputStyles } from '@/components/ui/input';
import { InlineSpinner } from '@/components/ui/spinner';
import { useSession } from '@/hooks/use-session';
import { ApiError, errorMessage } from '@/lib/api-client';
import { usePageAction } from '@/lib/page-form';
import { toast } from '@/lib/toast';
import { useSaveSearch } from '../api/saved-searches';
import { type SearchFilters, suggestedName, summaryOf } from '../lib/search-filters';

const TEXT = {
  saving: 'Saving...',
  cancel: 'Cancel',
  failed: 'Could not save this search. Please try again.',
} as const;

type Props = { filters: SearchFilters; onClose: () => void };

/** Names the search (its filters in a few words to start with) and chooses its e-mails. */
export function SaveSearchDialog({ filters, onClose }: Props) {
  const maxLength = ENGAGEMENT_LIMITS.savedSearchNameMaxLength;
  const [name, setName] = useState(() => suggestedName(filters, maxLength));
  // Alerts are e-mails, which only a confirmed address gets: until then a search is saved quietly.
  const confirmed = useSession().data?.user?.emailVerified !== false;
  const [alert, setAlert] = useState<AlertFrequency>(confirmed ? 'instant' : 'off');
  const [nameError, setNameError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const save = useSaveSearch();
  const pageAction = usePageAction();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const trimmed = name.trim();
    if (!trimmed) return setNameError(SAVED_SEARCH_MESSAGES.nameRequired);
    if (trimmed.length > maxLength) return setNameError(SAVED_SEARCH_MESSAGES.nameTooLong);
    setNameError(undefined);
    setFormError(undefined);
    save.mutate(
      { name: trimmed, filters, alert },
      {
        onSuccess: () => {
          toast.success(SAVED_SEARCH_MESSAGES.saved);
          onClose();
        },
        onError: (error) => {
          const byField = error instanceof ApiError ? error.fields?.name : undefined;
          if (byField) setNameError(byField);
          else setFormError(errorMessage(error, TEXT.failed));
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>{SAVED_SEARCH_MESSAGES.saveTitle}</DialogTitle>
        <DialogDescription className="mt-2">{summaryOf(filters)}</DialogDescription>
        <form
          method="post"
          action={pageAction}
          data-app-form=""
          noValidate
          onSubmit={onSubmit}
          className="mt-5 grid gap-4"
        >
          <Field label={SAVED_SEARCH_MESSAGES.nameLabel} error={nameError}>
            {(control) => (
              <Input
                {...control}
                name="name"
                value={name}
                maxLength={maxLength}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </Field>
          <Field label={SAVED_SEARCH_MESSAGES.alertLabel}>
            {(control) => (
              <select
                {...control}
                name="alert"
                value={alert}
                onChange={(event) => setAlert(event.target.value as AlertFrequency)}
                className={inputStyles()}
              >
                {ALERT_FREQUENCIES.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {ALERT_FREQUENCY_LABELS[frequency]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {formError && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {formError}
            </p>
          )}
          <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={save.isPending}>
                {TEXT.cancel}
              </Button>
            </DialogClose>
            <Button type="submit" aria-disabled={save.isPending}>
              {save.isPending && <InlineSpinner />}
              {save.isPending ? TEXT.saving : SAVED_SEARCH_MESSAGES.save}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
