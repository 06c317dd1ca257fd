import { type TourAvailability, ZTourAvailabilityRequest } from '@keyhaven/shared';
import { TOUR_LIMITS, TOUR_SLOT_MINUTES, WEEKDAY_NAMES } from '@keyhaven/shared/constants';
import { TOUR_MESSAGES, TOUR_SCREEN_MESSAGES } from '@keyhaven/shared/texts';
import { type FormEvent, useRef, useState } from 'react';
import { AppForm, FormAlert } from '@/components/form/app-form';
import { SelectField, TextField } from '@/components/form/fields';
import { SubmitButton } from '@/components/form/submit-button';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSaveTourAvailability } from '../api/save-tour-availability';
import { dayChip } from '../lib/tour-time';

/** One weekly range as edited; `key` keeps its inputs while others come and go. */
type Range = { key: number; weekday: number; start: string; end: string };

/**
 * Messages by the request's own field names (`weekly.2.end`, `exceptions`, `timeZone`), as the
 * shared schema and the server's 400 both name them.
 */
type Errors = Record<string, string | undefined>;

const DEFAULT_RANGE = { start: '10:00', end: '17:00' };

/** The first message of each field the shared schema finds at fault. */
function problemsOf(request: unknown): Errors {
  const result = ZTourAvailabilityRequest.safeParse(request);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The field to focus first of those at fault, in the form's order: zone, length, hours, days off. */
function firstField(faulty: string[]) {
  const named = faulty.map((field) =>
    field.startsWith('exceptions')
      ? 'dayOff'
      : /^weekly\.\d+$/.test(field)
        ? `${field}.start`
        : field,
  );
  const rank = (field: string) =>
    field === 'timeZone'
      ? 0
      : field === 'slotMinutes'
        ? 1
        : field.startsWith('weekly.')
          ? 100 + Number(field.split('.')[1])
          : 1000;
  return named.sort((a, b) => rank(a) - rank(b))[0];
}

/**
 * The agent's viewing availability for one listing: hours on each weekday (several ranges a day),
 * how long a tour lasts, days off, and, for a listing without a map position, the home's zone.
 * The shared schema checks it before the server does, with the same words.
 */
export function AvailabilityForm({
  propertyId,
  saved,
}: {
  propertyId: string;
  saved: TourAvailability;
}) {
  const save = useSaveTourAvailability(propertyId);
  const nextKey = useRef(saved.weekly.length);
  const [ranges, setRanges] = useState<Range[]>(() =>
    saved.weekly.map((range, key) => ({ ...range, key })),
  );
  const [slotMinutes, setSlotMinutes] = useState(saved.slotMinutes);
  const [daysOff, setDaysOff] = useState(() => saved.exceptions.map((day) => day.date));
  const [newDayOff, setNewDayOff] = useState('');
  const [timeZone, setTimeZone] = useState(saved.timeZone ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = save.isPending;
  const needsZone = !saved.zoneFromPin;

  const request = () => ({
    ...(needsZone && { timeZone }),
    slotMinutes,
    weekly: ranges.map(({ weekday, start, end }) => ({ weekday, start, end })),
    exceptions: daysOff.map((date) => ({ date })),
  });

  const setRange = (key: number, change: Partial<Range>) =>
    setRanges((current) =>
      current.map((range) => (range.key === key ? { ...range, ...change } : range)),
    );

  const addRange = (weekday: number) => {
    nextKey.current += 1;
    setRanges((current) => [...current, { key: nextKey.current, weekday, ...DEFAULT_RANGE }]);
    setErrors({});
  };

  const addDayOff = () => {
    if (!newDayOff) {
      setErrors({ exceptions: TOUR_MESSAGES.dateRequired });
      return;
    }
    if (daysOff.includes(newDayOff)) {
      setErrors({ exceptions: TOUR_MESSAGES.exceptionRepeated });
      return;
    }
    setDaysOff((current) => [...current, newDayOff].sort());
    setNewDayOff('');
    setErrors({});
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body = request();
    const problems: Errors = {
      ...problemsOf(body),
      ...(needsZone && !timeZone && { timeZone: TOUR_MESSAGES.timeZoneRequired }),
    };
    setErrors(problems);
    setFailure(null);
    const first = firstField(Object.keys(problems));
    if (first !== undefined) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    save.mutate(body, {
      onSuccess: () => toast.success(TOUR_MESSAGES.availabilitySaved),
      onError: (error) => {
        const given = error instanceof ApiError ? error.fields : undefined;
        if (given && Object.keys(given).length > 0) setErrors(given);
        else setFailure(errorMessage(error, TOUR_MESSAGES.actionFailed));
      },
    });
  }

  const dayOffError = Object.entries(errors).find(([field]) => field.startsWith('exceptions'))?.[1];

  return (
    <AppForm
      appOnly
      onSubmit={submit}
      aria-busy={busy}
      aria-label={TOUR_MESSAGES.availabilityTitle}
      className="mt-6 max-w-3xl space-y-8"
    >
      <p className="text-stone-700">{TOUR_MESSAGES.availabilityIntro}</p>
      {failure && <FormAlert>{failure}</FormAlert>}

      {needsZone ? (
        <SelectField
          label={TOUR_MESSAGES.timeZoneLabel}
          hint={TOUR_MESSAGES.timeZoneHint}
          name="timeZone"
          value={timeZone}
          error={errors.timeZone}
          disabled={busy}
          onChange={(event) => setTimeZone(event.target.value)}
        >
          <option value="">{TOUR_MESSAGES.chooseTimeZone}</option>
          {Intl.supportedValuesOf('timeZone').map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </SelectField>
      ) : (
        <p className="text-sm font-medium text-stone-800">
          {TOUR_SCREEN_MESSAGES.timeZoneShown(saved.timeZone ?? '')}
        </p>
      )}

      <SelectField
        label={TOUR_MESSAGES.slotMinutesLabel}
        name="slotMinutes"
        value={slotMinutes}
        error={errors.slotMinutes}
        disabled={busy}
        onChange={(event) => setSlotMinutes(Number(event.target.value))}
        fieldClassName="max-w-xs"
      >
        {TOUR_SLOT_MINUTES.map((minutes) => (
          <option key={minutes} value={minutes}>
            {TOUR_MESSAGES.slotMinutesOption(minutes)}
          </option>
        ))}
      </SelectField>

      <fieldset>
        <legend className="text-lg font-bold text-teal-900">{TOUR_MESSAGES.weeklyLabel}</legend>
        {ranges.length === 0 && (
          <p className="mt-1 text-sm text-stone-700">{TOUR_SCREEN_MESSAGES.noWeeklyHours}</p>
        )}
        {errors.weekly && <FieldError>{errors.weekly}</FieldError>}
        <ul className="mt-3 divide-y divide-sand rounded-2xl border border-sand bg-white">
          {WEEKDAY_NAMES.map((day, weekday) => (
            <li key={day} className="p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold text-stone-900">{day}</h3>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={busy || ranges.length >= TOUR_LIMITS.maxWeeklyRanges}
                  onClick={() => addRange(weekday)}
                >
                  {TOUR_MESSAGES.addRange}
                  <span className="sr-only">: {day}</span>
                </Button>
              </div>
              {ranges.map((range, index) =>
                range.weekday === weekday ? (
                  <div key={range.key} className="mt-3 flex flex-wrap items-start gap-3">
                    <TextField
                      type="time"
                      label={TOUR_MESSAGES.startLabel}
                      name={`weekly.${index}.start`}
                      value={range.start}
                      error={errors[`weekly.${index}.start`]}
                      disabled={busy}
                      onChange={(event) => setRange(range.key, { start: event.target.value })}
                      fieldClassName="w-36"
                    />
                    <TextField
                      type="time"
                      label={TOUR_MESSAGES.endLabel}
                      name={`weekly.${index}.end`}
                      value={range.end}
                      error={errors[`weekly.${index}.end`] ?? errors[`weekly.${index}`]}
                      disabled={busy}
                      onChange={(event) => setRange(range.key, { end: event.target.value })}
                      fieldClassName="w-36"
                    />
                    <Button
                      variant="dangerOutline"
                      size="sm"
                      className="mt-7"
                      disabled={busy}
                      aria-label={TOUR_MESSAGES.removeRangeLabel(day, range.start, range.end)}
                      onClick={() => {
                        setRanges((current) => current.filter((other) => other.key !== range.key));
                        setErrors({});
                      }}
                    >
                      {TOUR_MESSAGES.removeRange}
                    </Button>
                  </div>
                ) : null,
              )}
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset>
        <legend className="text-lg font-bold text-teal-900">{TOUR_MESSAGES.exceptionsLabel}</legend>
        {daysOff.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-2">
            {daysOff.map((date) => (
              <li
                key={date}
                className="flex items-center gap-1 rounded-full bg-teal-50 py-1 pr-1 pl-3 text-sm font-medium text-teal-900 ring-1 ring-teal-200"
              >
                {dayChip(date).full}
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-8 px-2"
                  disabled={busy}
                  aria-label={TOUR_MESSAGES.removeException(dayChip(date).full)}
                  onClick={() => setDaysOff((current) => current.filter((day) => day !== date))}
                >
                  <span aria-hidden="true">✕</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3 flex flex-wrap items-start gap-3">
          <TextField
            type="date"
            label={TOUR_SCREEN_MESSAGES.dayOffLabel}
            name="dayOff"
            value={newDayOff}
            error={dayOffError}
            disabled={busy}
            onChange={(event) => setNewDayOff(event.target.value)}
            onKeyDown={(event) => {
              // Enter adds the day rather than saving the whole form.
              if (event.key === 'Enter') {
                event.preventDefault();
                addDayOff();
              }
            }}
            fieldClassName="w-48"
          />
          <Button
            variant="secondary"
            className="mt-7"
            disabled={busy || daysOff.length >= TOUR_LIMITS.maxExceptions}
            onClick={addDayOff}
          >
            {TOUR_MESSAGES.addException}
          </Button>
        </div>
      </fieldset>

      <SubmitButton busy={busy} focusableWhileBusy>
        {TOUR_MESSAGES.saveAvailability}
      </SubmitButton>
    </AppForm>
  );
}
