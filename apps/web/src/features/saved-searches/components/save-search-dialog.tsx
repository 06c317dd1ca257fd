import { type AlertFrequency, ENGAGEMENT_LIMITS } from '@keyhaven/shared/constants';
import { SAVED_SEARCH_MESSAGES } from '@keyhaven/shared/texts';
import { type FormEvent, useState } from 'react';
import { AppForm } from '@/components/form/app-form';
import { SelectField } from '@/components/form/fields';
import { DialogCancel, FormActions, SubmitButton } from '@/components/form/submit-button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useSession } from '@/hooks/use-session';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSaveSearch } from '../api/saved-searches';
import { type SearchFilters, suggestedName, summaryOf } from '../lib/search-filters';
import { AlertFrequencyOptions } from './alert-frequency-options';
import { SearchNameField } from './search-name-field';

const TEXT = {
  saving: 'Saving...',
  cancel: 'Cancel',
  failed: 'Could not save this search. Please try again.',
} as const;

type Props = { filters: SearchFilters; onClose: () => void };

/** Names the search (its filters in a few words to start with) and chooses its e-mails. */
export function SaveSearchDialog({ filters, onClose }: Props) {
  const [name, setName] = useState(() =>
    suggestedName(filters, ENGAGEMENT_LIMITS.savedSearchNameMaxLength),
  );
  // Alerts are e-mails, which only a confirmed address gets: until then a search is saved quietly.
  const confirmed = useSession().data?.user?.emailVerified !== false;
  const [alert, setAlert] = useState<AlertFrequency>(confirmed ? 'instant' : 'off');
  const [nameError, setNameError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const save = useSaveSearch();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const trimmed = name.trim();
    if (!trimmed) return setNameError(SAVED_SEARCH_MESSAGES.nameRequired);
    if (trimmed.length > ENGAGEMENT_LIMITS.savedSearchNameMaxLength)
      return setNameError(SAVED_SEARCH_MESSAGES.nameTooLong);
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
        <AppForm appOnly onSubmit={onSubmit} className="mt-5 grid gap-4">
          <SearchNameField
            error={nameError}
            name="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <SelectField
            label={SAVED_SEARCH_MESSAGES.alertLabel}
            name="alert"
            value={alert}
            onChange={(event) => setAlert(event.target.value as AlertFrequency)}
          >
            <AlertFrequencyOptions />
          </SelectField>
          {formError && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {formError}
            </p>
          )}
          <FormActions className="mt-2">
            <DialogCancel busy={save.isPending}>{TEXT.cancel}</DialogCancel>
            <SubmitButton busy={save.isPending} busyLabel={TEXT.saving} focusableWhileBusy>
              {SAVED_SEARCH_MESSAGES.save}
            </SubmitButton>
          </FormActions>
        </AppForm>
      </DialogContent>
    </Dialog>
  );
}
