import { type AlertFrequency, ENGAGEMENT_LIMITS } from '@keyhaven/shared/constants';
import { newMatchesLabel, SAVED_SEARCH_MESSAGES } from '@keyhaven/shared/texts';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AppForm } from '@/components/form/app-form';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListEmpty, ListError } from '@/components/list-states';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button, buttonStyles } from '@/components/ui/button';
import { inputStyles } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useSignedInUser } from '@/hooks/use-session';
import { ApiError, errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import {
  type SavedSearch,
  useDeleteSavedSearch,
  useMarkSavedSearchViewed,
  useSavedSearches,
  useUpdateSavedSearch,
} from '../api/saved-searches';
import { AlertFrequencyOptions } from '../components/alert-frequency-options';
import { SearchNameField } from '../components/search-name-field';
import { searchLocation, summaryOf } from '../lib/search-filters';

const TEXT = {
  loading: 'Loading your saved searches',
  loadFailed: 'Could not load your saved searches. Please try again.',
  saveName: 'Save name',
  cancel: 'Cancel',
  renameFailed: 'Could not rename this search. Please try again.',
  alertFailed: 'Could not change this search’s e-mails. Please try again.',
  deleteFailed: 'Could not delete this search. Please try again.',
  deleteTitle: 'Delete this saved search?',
  deleteDescription: (name: string) =>
    `“${name}” and its alerts will be gone. The homes it found stay listed.`,
  deleting: 'Deleting...',
  search: 'Search homes',
} as const;

type ItemProps = { search: SavedSearch; userId: string };

function RenameForm({ search, userId, onDone }: ItemProps & { onDone: () => void }) {
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string>();
  const update = useUpdateSavedSearch(userId);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    const trimmed = name.trim();
    if (!trimmed) return setError(SAVED_SEARCH_MESSAGES.nameRequired);
    if (trimmed.length > ENGAGEMENT_LIMITS.savedSearchNameMaxLength)
      return setError(SAVED_SEARCH_MESSAGES.nameTooLong);
    update.mutate(
      { id: search._id, name: trimmed },
      {
        onSuccess: onDone,
        onError: (failure) =>
          setError(
            (failure instanceof ApiError && failure.fields?.name) ||
              errorMessage(failure, TEXT.renameFailed),
          ),
      },
    );
  }

  return (
    <AppForm appOnly onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <SearchNameField
        error={error}
        fieldClassName="grow"
        value={name}
        // The person asked to rename this search: typing starts at once.
        autoFocus
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && onDone()}
      />
      <div className="flex gap-2">
        <Button type="submit" aria-disabled={update.isPending}>
          {TEXT.saveName}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {TEXT.cancel}
        </Button>
      </div>
    </AppForm>
  );
}

function SavedSearchItem({ search, userId }: ItemProps) {
  const alertId = useId();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateSavedSearch(userId);
  const remove = useDeleteSavedSearch(userId);
  const viewed = useMarkSavedSearchViewed(userId);

  function open() {
    // The search opens at once; its matches stop counting as new in the background.
    viewed.mutate(search._id);
    navigate(searchLocation(search.filters));
  }

  function changeAlert(alert: AlertFrequency) {
    update.mutate(
      { id: search._id, alert },
      { onError: (error) => toast.error(errorMessage(error, TEXT.alertFailed)) },
    );
  }

  function confirmDelete() {
    remove.mutate(search._id, {
      onSuccess: () => toast.success(SAVED_SEARCH_MESSAGES.deleted),
      onError: (error) => toast.error(errorMessage(error, TEXT.deleteFailed)),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <li className="rounded-2xl border border-sand bg-white p-4 shadow-sm sm:p-5">
      {renaming ? (
        <RenameForm search={search} userId={userId} onDone={() => setRenaming(false)} />
      ) : (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 className="text-lg font-semibold break-words text-stone-900">{search.name}</h2>
          {search.newMatches > 0 && <Badge tone="teal">{newMatchesLabel(search.newMatches)}</Badge>}
        </div>
      )}
      <p className="mt-1 break-words text-stone-700">{summaryOf(search.filters)}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <Button onClick={open}>{SAVED_SEARCH_MESSAGES.open}</Button>
        {!renaming && (
          <Button variant="secondary" onClick={() => setRenaming(true)}>
            {SAVED_SEARCH_MESSAGES.rename}
          </Button>
        )}
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {SAVED_SEARCH_MESSAGES.delete}
        </Button>
        <div className="flex items-center gap-2 sm:ml-auto">
          <label htmlFor={alertId} className="text-sm font-semibold text-stone-800">
            {SAVED_SEARCH_MESSAGES.alertLabel}
          </label>
          <select
            id={alertId}
            value={search.alert}
            onChange={(event) => changeAlert(event.target.value as AlertFrequency)}
            className={inputStyles('w-auto')}
          >
            <AlertFrequencyOptions />
          </select>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={TEXT.deleteTitle}
        description={TEXT.deleteDescription(search.name)}
        confirmLabel={SAVED_SEARCH_MESSAGES.delete}
        pendingLabel={TEXT.deleting}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        tone="danger"
      />
    </li>
  );
}

/** The signed-in person's saved searches: open, rename, choose their e-mails, delete. */
export function SavedSearchesPage() {
  const me = useSignedInUser();
  const searches = useSavedSearches(me._id);

  return (
    <ContentLayout heading={SAVED_SEARCH_MESSAGES.pageTitle}>
      {searches.isPending && <Spinner label={TEXT.loading} className="py-16" />}
      {searches.isError && (
        <ListError
          className="mt-6"
          error={searches.error}
          message={TEXT.loadFailed}
          onRetry={() => searches.refetch()}
          retrying={searches.isFetching}
        />
      )}
      {searches.isSuccess && searches.data.length === 0 && (
        <ListEmpty
          className="mt-6"
          action={
            <Link to={paths.allProperties} className={buttonStyles()}>
              {TEXT.search}
            </Link>
          }
        >
          {SAVED_SEARCH_MESSAGES.empty}
        </ListEmpty>
      )}
      {searches.isSuccess && searches.data.length > 0 && (
        <ul className="mt-6 grid gap-4">
          {searches.data.map((search) => (
            <SavedSearchItem key={search._id} search={search} userId={me._id} />
          ))}
        </ul>
      )}
    </ContentLayout>
  );
}
