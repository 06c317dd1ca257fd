import type { OwnAgentProfile } from '@keyhaven/shared';
import { AGENT_MESSAGES, AGENT_PROFILE_LIMITS, bioLengthLabel } from '@keyhaven/shared/texts';
import { type KeyboardEvent, useState } from 'react';
import { Link } from 'react-router';
import { AppForm, FormAlert } from '@/components/form/app-form';
import { Choice, TextareaField } from '@/components/form/fields';
import { PlaceField } from '@/components/form/place-combobox';
import { FormActions, SubmitButton } from '@/components/form/submit-button';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListError } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { useSignedInUser } from '@/hooks/use-session';
import { ApiError, errorMessage } from '@/lib/api-client';
import { agentProfilePath } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useOwnProfile } from '../api/get-own-profile';
import { useSaveOwnProfile } from '../api/save-own-profile';

type FieldErrors = Partial<Record<'bio' | 'serviceAreas', string>>;

/** The form, filled from the saved profile. */
function AgentProfileForm({ saved }: { saved: OwnAgentProfile }) {
  const save = useSaveOwnProfile();
  const [bio, setBio] = useState(saved.bio);
  const [areas, setAreas] = useState(saved.serviceAreas);
  const [newArea, setNewArea] = useState('');
  const [showEmail, setShowEmail] = useState(saved.showEmail);
  const [showPhone, setShowPhone] = useState(saved.showPhone);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();

  const full = areas.length >= AGENT_PROFILE_LIMITS.serviceAreasMax;
  const addArea = (typed = newArea) => {
    const area = typed.trim();
    if (!area) return;
    if (areas.some((known) => known.toLowerCase() === area.toLowerCase())) {
      setErrors({ serviceAreas: AGENT_MESSAGES.areasRepeated });
      return;
    }
    setAreas([...areas, area]);
    setNewArea('');
    setErrors({});
  };
  const onAreaKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the area rather than saving the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      addArea();
    }
  };

  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    setFailure(undefined);
    save.mutate(
      { bio, serviceAreas: areas, showEmail, showPhone },
      {
        onSuccess: () => {
          setErrors({});
          toast.success(AGENT_MESSAGES.profileSaved);
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : undefined;
          const areaError = Object.entries(fields ?? {}).find(([key]) =>
            key.startsWith('serviceAreas'),
          )?.[1];
          setErrors({ bio: fields?.bio, serviceAreas: areaError });
          if (!fields) setFailure(errorMessage(error, AGENT_MESSAGES.profileFailed));
        },
      },
    );
  };

  const pending = save.isPending;
  return (
    <AppForm appOnly onSubmit={submit} className="mt-8 max-w-2xl space-y-6" aria-busy={pending}>
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextareaField
        label="About you"
        name="bio"
        value={bio}
        onChange={(event) => setBio(event.target.value)}
        counter={bioLengthLabel}
        error={errors.bio}
        maxLength={AGENT_PROFILE_LIMITS.bioMaxLength}
        rows={6}
        disabled={pending}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-stone-800">
          Service areas ({areas.length} of {AGENT_PROFILE_LIMITS.serviceAreasMax})
        </legend>
        {areas.length > 0 && (
          <ul className="flex flex-wrap gap-2">
            {areas.map((area) => (
              <li
                key={area}
                className="inline-flex items-center gap-2 rounded-full bg-sand py-1 pr-1 pl-3 text-sm"
              >
                {area}
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  onClick={() => setAreas(areas.filter((known) => known !== area))}
                  disabled={pending}
                >
                  Remove<span className="sr-only"> {area}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-end gap-3">
          {/* Known places are suggested as the agent types; any other area may be typed whole. */}
          <PlaceField
            label="Add an area"
            hint="A city, town or neighbourhood"
            fieldClassName="min-w-0 flex-1"
            value={newArea}
            onChange={(event) => setNewArea(event.target.value)}
            onKeyDown={onAreaKey}
            onPick={(place) => addArea(place.label)}
            maxLength={AGENT_PROFILE_LIMITS.serviceAreaMaxLength}
            error={errors.serviceAreas}
            disabled={pending || full}
          />
          <Button
            type="button"
            variant="secondary"
            onClick={() => addArea()}
            disabled={pending || full}
          >
            Add area
          </Button>
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold text-stone-800">On your profile, show</legend>
        <Choice
          type="checkbox"
          checked={showEmail}
          onChange={(event) => setShowEmail(event.target.checked)}
          disabled={pending}
        >
          My e-mail address ({saved.email})
        </Choice>
        <Choice
          type="checkbox"
          checked={showPhone}
          onChange={(event) => setShowPhone(event.target.checked)}
          disabled={pending || !saved.phone}
        >
          {saved.phone
            ? `My phone number (${saved.phone})`
            : 'My phone number (none on your account)'}
        </Choice>
      </fieldset>
      <FormActions>
        <SubmitButton busy={pending} busyLabel="Saving...">
          Save Profile
        </SubmitButton>
      </FormActions>
    </AppForm>
  );
}

/** Where an agent writes what buyers read on their profile. */
export function MyAgentProfilePage() {
  const user = useSignedInUser();
  const profile = useOwnProfile();
  return (
    <ContentLayout heading={AGENT_MESSAGES.editHeading}>
      <p className="mt-3 max-w-3xl text-stone-700">
        {AGENT_MESSAGES.editIntro}{' '}
        <Link
          to={agentProfilePath(user.uid)}
          className="font-semibold text-teal-800 underline underline-offset-2"
        >
          View your profile
        </Link>
      </p>
      {profile.isPending ? (
        <PageSpinner label="Loading your profile" />
      ) : profile.isError ? (
        <ListError
          className="mt-6"
          error={profile.error}
          message={AGENT_MESSAGES.profileFailed}
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      ) : (
        <AgentProfileForm saved={profile.data} />
      )}
    </ContentLayout>
  );
}
