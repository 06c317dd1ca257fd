import { OPEN_HOUSE_MESSAGES } from '@keyhaven/shared/texts';
import { type FormEvent, useState } from 'react';
import { AppForm, FormAlert } from '@/components/form/app-form';
import { SelectField, TextField } from '@/components/form/fields';
import { SubmitButton } from '@/components/form/submit-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAddOpenHouse } from '../api/add-open-house';

type Fields = { date: string; start: string; end: string; timeZone: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

const EMPTY: Fields = { date: '', start: '', end: '', timeZone: '' };

/** What the agent must fill in before the server is asked, in the server's words. */
function problemsWith(fields: Fields, needsZone: boolean): FieldErrors {
  return {
    date: fields.date ? undefined : OPEN_HOUSE_MESSAGES.dateRequired,
    start: fields.start ? undefined : OPEN_HOUSE_MESSAGES.timeRequired,
    end: fields.end ? undefined : OPEN_HOUSE_MESSAGES.timeRequired,
    timeZone: needsZone && !fields.timeZone ? OPEN_HOUSE_MESSAGES.timeZoneRequired : undefined,
  };
}

/**
 * "Add an open house": a date and start and end times where the home is. A listing without a map
 * position has no zone of its own, so the agent chooses it (no default: UTC is nobody's home).
 * The server's reasons show by their field (400) or over the form (409, 429).
 */
export function AddOpenHouseForm({
  propertyId,
  homeZone,
}: {
  propertyId: string;
  /** The zone the listing's pin gives; null when the agent must choose one. */
  homeZone: string | null;
}) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddOpenHouse(propertyId);
  const needsZone = homeZone === null;

  const field = (name: keyof Fields) => ({
    name,
    value: fields[name],
    error: errors[name],
    disabled: add.isPending,
    onChange: (event: { target: { value: string } }) => {
      setFields((current) => ({ ...current, [name]: event.target.value }));
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    const problems = problemsWith(fields, needsZone);
    setErrors(problems);
    setFailure(null);
    const first = (Object.keys(problems) as (keyof Fields)[]).find((name) => problems[name]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    add.mutate(
      {
        date: fields.date,
        start: fields.start,
        end: fields.end,
        ...(needsZone && { timeZone: fields.timeZone }),
      },
      {
        onSuccess: () => {
          toast.success(OPEN_HOUSE_MESSAGES.added);
          setFields((current) => ({ ...EMPTY, timeZone: current.timeZone }));
        },
        onError: (error) => {
          const given = error instanceof ApiError ? error.fields : undefined;
          if (given && Object.keys(given).length > 0) setErrors(given as FieldErrors);
          else setFailure(errorMessage(error, OPEN_HOUSE_MESSAGES.overlaps));
        },
      },
    );
  }

  return (
    <AppForm
      appOnly
      onSubmit={submit}
      aria-busy={add.isPending}
      aria-labelledby="add-open-house-title"
      className="mt-4 rounded-xl border border-sand bg-white p-4"
    >
      <h3 id="add-open-house-title" className="font-semibold text-stone-900">
        {OPEN_HOUSE_MESSAGES.addTitle}
      </h3>
      {homeZone && (
        <p className="mt-1 text-sm text-stone-700">{OPEN_HOUSE_MESSAGES.inHomeZone(homeZone)}</p>
      )}
      {failure && <FormAlert className="mt-3">{failure}</FormAlert>}
      <div className="mt-3 grid gap-4 sm:grid-cols-3">
        <TextField label={OPEN_HOUSE_MESSAGES.dateLabel} type="date" {...field('date')} />
        <TextField label={OPEN_HOUSE_MESSAGES.startLabel} type="time" {...field('start')} />
        <TextField label={OPEN_HOUSE_MESSAGES.endLabel} type="time" {...field('end')} />
      </div>
      {needsZone && (
        <SelectField
          label={OPEN_HOUSE_MESSAGES.timeZoneLabel}
          hint={OPEN_HOUSE_MESSAGES.timeZoneHint}
          fieldClassName="mt-4"
          {...field('timeZone')}
        >
          <option value="">{OPEN_HOUSE_MESSAGES.chooseTimeZone}</option>
          {Intl.supportedValuesOf('timeZone').map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </SelectField>
      )}
      <SubmitButton className="mt-4" busy={add.isPending} focusableWhileBusy>
        {OPEN_HOUSE_MESSAGES.add}
      </SubmitButton>
    </AppForm>
  );
}
