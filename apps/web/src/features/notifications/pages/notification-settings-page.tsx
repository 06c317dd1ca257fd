import type { NotificationKind, Role } from '@keyhaven/shared/constants';
import {
  ALERT_FREQUENCIES,
  NOTIFICATION_AUDIENCE,
  NOTIFICATION_KINDS,
  PAGE_FORMS,
  SHOWN_KINDS_FIELD,
} from '@keyhaven/shared/constants';
import {
  ALERT_FREQUENCY_LABELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_MESSAGES,
} from '@keyhaven/shared/texts';
import { type FormEvent, useState } from 'react';
import { AppForm } from '@/components/form/app-form';
import { Choice, RadioGroup } from '@/components/form/fields';
import { SubmitButton } from '@/components/form/submit-button';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListError } from '@/components/list-states';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useSignedInUser } from '@/hooks/use-session';
import { errorMessage } from '@/lib/api-client';
import { PAGE_FORM_FIELD, usePageForm } from '@/lib/page-form';
import { toast } from '@/lib/toast';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';
import type { NotificationSettings } from '../api/twins';

const TEXT = {
  save: 'Save settings',
  saving: 'Saving...',
  saveFailed: 'Could not save your notification settings. Please try again.',
} as const;

/**
 * The kinds a role can receive: a buyer's, an agent's, or (an admin) every kind. Kinds that
 * reach everyone (a role change, a message) are always there.
 */
function kindsFor(role: Role): NotificationKind[] {
  if (role === 'admin') return [...NOTIFICATION_KINDS];
  const audience = role === 'agent' ? 'agent' : role === 'user' ? 'buyer' : null;
  return NOTIFICATION_KINDS.filter(
    (kind) =>
      NOTIFICATION_AUDIENCE[kind] === 'everyone' || NOTIFICATION_AUDIENCE[kind] === audience,
  );
}

type FormProps = { userId: string; role: Role; settings: NotificationSettings };

function SettingsForm({ userId, role, settings }: FormProps) {
  // How the settings posted to this page without the app ended: saved, or refused.
  const posted = usePageForm(PAGE_FORMS.notificationSettings);
  const kinds = kindsFor(role);
  // Saved-search alerts come to whoever can receive new matches.
  const showsAlerts = kinds.includes('search_match');
  const [email, setEmail] = useState(() => settings.email);
  const [searchAlerts, setSearchAlerts] = useState(settings.searchAlerts);
  const save = useSaveNotificationSettings(userId);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate(
      {
        // Only what this page shows: a kind the role cannot receive keeps its setting.
        email: Object.fromEntries(kinds.map((kind) => [kind, email[kind]])),
        ...(showsAlerts ? { searchAlerts } : {}),
      },
      {
        onSuccess: () => toast.success(NOTIFICATION_MESSAGES.settingsSaved),
        onError: (error) => toast.error(errorMessage(error, TEXT.saveFailed)),
      },
    );
  }

  return (
    // Posts to this page itself when the app has not started: see lib/page-form.ts.
    <AppForm onSubmit={onSubmit} className="mt-6 grid max-w-2xl gap-6">
      <input type="hidden" name={PAGE_FORM_FIELD} value={PAGE_FORMS.notificationSettings} />
      <input type="hidden" name={SHOWN_KINDS_FIELD} value={kinds.join(',')} />
      {/* Once the app saves, its toast speaks: the page's answer is for the post alone, until then. */}
      {posted?.done && save.isIdle && (
        <Notice role="status" tone="success">
          {posted.done}
        </Notice>
      )}
      {posted?.message && save.isIdle && (
        <Notice role="alert" tone="error">
          {posted.message}
        </Notice>
      )}
      <fieldset className="rounded-2xl border border-sand bg-white p-4 shadow-sm sm:p-6">
        <legend className="px-1 text-lg font-semibold text-stone-900">
          {NOTIFICATION_MESSAGES.emailLabel}
        </legend>
        <ul className="mt-2 divide-y divide-sand">
          {kinds.map((kind) => (
            <li key={kind}>
              <Choice
                type="checkbox"
                labelFirst
                className="flex min-h-11 cursor-pointer items-center justify-between gap-4 py-2 text-stone-800"
                name={kind}
                checked={email[kind]}
                onChange={(event) => setEmail({ ...email, [kind]: event.target.checked })}
              >
                {NOTIFICATION_KIND_LABELS[kind]}
              </Choice>
            </li>
          ))}
        </ul>
      </fieldset>

      {showsAlerts && (
        <RadioGroup
          legend={NOTIFICATION_MESSAGES.searchAlertsLabel}
          name="searchAlerts"
          options={ALERT_FREQUENCIES}
          labels={ALERT_FREQUENCY_LABELS}
          value={searchAlerts}
          onChange={setSearchAlerts}
          className="rounded-2xl border border-sand bg-white p-4 shadow-sm sm:p-6"
          legendClassName="px-1 text-lg font-semibold text-stone-900"
          optionsClassName="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6"
          optionClassName="flex min-h-11 cursor-pointer items-center gap-2 text-stone-800"
        />
      )}

      <div>
        <SubmitButton
          busy={save.isPending}
          busyLabel={TEXT.saving}
          focusableWhileBusy
          className="w-full sm:w-auto"
        >
          {TEXT.save}
        </SubmitButton>
      </div>
    </AppForm>
  );
}

/** Which notifications also come by e-mail, and how often saved-search alerts do. */
export function NotificationSettingsPage() {
  const me = useSignedInUser();
  const settings = useNotificationSettings(me._id);

  return (
    <ContentLayout heading={NOTIFICATION_MESSAGES.settingsTitle}>
      <p className="mt-3 max-w-2xl text-stone-700">{NOTIFICATION_MESSAGES.settingsIntro}</p>
      {settings.isPending && <Spinner label="Loading your settings" className="py-16" />}
      {settings.isError && (
        <ListError
          className="mt-6"
          error={settings.error}
          message="Could not load your notification settings. Please try again."
          onRetry={() => settings.refetch()}
          retrying={settings.isFetching}
        />
      )}
      {settings.isSuccess && (
        <SettingsForm userId={me._id} role={me.role} settings={settings.data} />
      )}
    </ContentLayout>
  );
}
