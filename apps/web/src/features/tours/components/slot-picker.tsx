import type { TourSlot, TourSlotsResponse } from '@keyhaven/shared';
import { TOUR_MESSAGES } from '@keyhaven/shared/texts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { ListEmpty, ListError } from '@/components/list-states';
import { FieldError } from '@/components/ui/field';
import { InlineSpinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { clockTime, dayChip, readerClock } from '../lib/tour-time';

type SlotPickerProps = {
  /** The free times, soonest first, as the server lists them. */
  slots: readonly TourSlot[];
  /** The home's zone, the clock every slot is on. */
  timeZone: string;
  /** The reader's own zone; null until the browser has said it (or on the server). */
  readerZone: string | null;
  /** The chosen slot's start, if one is chosen. */
  value: string | null;
  onChange: (startsAt: string) => void;
  /** The form field the chosen start is sent as. */
  name: string;
  error?: string;
  disabled?: boolean;
  /** What shows when there is no free time at all. */
  empty?: string;
};

/** One chip or time: a native radio button, so arrows move through a group and Space picks. */
const OPTION =
  'flex cursor-pointer flex-col items-center justify-center rounded-xl border border-stone-300 bg-white px-3 py-2 text-center text-stone-900 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-700 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600 has-[:focus-visible]:ring-offset-2 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60';

/** The slots grouped by the home's local date, in order. */
function byDay(slots: readonly TourSlot[]) {
  const days = new Map<string, TourSlot[]>();
  for (const slot of slots) {
    const day = days.get(slot.localDate);
    if (day) day.push(slot);
    else days.set(slot.localDate, [slot]);
  }
  return [...days];
}

/**
 * The free times of the next 14 days: a row of day chips (scrolling sideways on a phone), then
 * that day's times on the home's clock, each with the reader's own time under it when their zone
 * differs. Days and times are radio groups: Tab reaches each group, arrows move within it.
 */
export function SlotPicker({
  slots,
  timeZone,
  readerZone,
  value,
  onChange,
  name,
  error,
  disabled,
  empty = TOUR_MESSAGES.noSlots,
}: SlotPickerProps) {
  const id = useId();
  const days = byDay(slots);
  const chosenDay = slots.find((slot) => slot.startsAt === value)?.localDate;
  const [shownDay, setShownDay] = useState<string | null>(null);
  const day = days.find(([date]) => date === (shownDay ?? chosenDay)) ?? days[0];
  if (!day) return <ListEmpty>{empty}</ListEmpty>;
  const [date, times] = day;
  const errorId = `${id}-error`;

  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0">
      <legend className="text-sm font-semibold text-stone-800">{TOUR_MESSAGES.chooseSlot}</legend>
      <p className="mt-1 text-sm text-stone-700">{TOUR_MESSAGES.inHomeZone(timeZone)}</p>
      <fieldset className="mt-3 min-w-0">
        <legend className="sr-only">{TOUR_MESSAGES.weekdayLabel}</legend>
        <div className="-mx-1 flex snap-x gap-2 overflow-x-auto px-1 pt-1 pb-2">
          {days.map(([dayDate]) => {
            const chip = dayChip(dayDate);
            return (
              <label key={dayDate} className={cn(OPTION, 'min-w-16 shrink-0 snap-start')}>
                <input
                  type="radio"
                  className="sr-only"
                  name={`${name}-day`}
                  value={dayDate}
                  checked={dayDate === date}
                  disabled={disabled}
                  onChange={() => setShownDay(dayDate)}
                  aria-label={chip.full}
                />
                <span aria-hidden="true" className="text-xs font-semibold uppercase">
                  {chip.weekday}
                </span>
                <span aria-hidden="true" className="text-sm font-bold">
                  {chip.date}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="mt-3">
        <legend className="text-sm font-semibold text-stone-800">
          {TOUR_MESSAGES.slotLabel}: {dayChip(date).full}
        </legend>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {times.map((slot) => {
            const yours = readerClock(slot.startsAt, timeZone, readerZone);
            return (
              <label key={slot.startsAt} className={OPTION}>
                <input
                  type="radio"
                  className="sr-only"
                  name={name}
                  value={slot.startsAt}
                  checked={slot.startsAt === value}
                  disabled={disabled}
                  aria-invalid={error ? true : undefined}
                  onChange={() => onChange(slot.startsAt)}
                />
                <span className="font-semibold">{clockTime(slot.startsAt, timeZone)}</span>
                {yours && <span className="text-xs">{TOUR_MESSAGES.inYourZone(yours)}</span>}
              </label>
            );
          })}
        </div>
      </fieldset>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}

/** A picker's free times once loaded: a spinner meanwhile, the failure with Retry, else them. */
export function LoadedSlots({
  query,
  children,
}: {
  query: UseQueryResult<TourSlotsResponse>;
  children: (loaded: TourSlotsResponse) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <p className="mt-5 flex items-center gap-2 text-stone-700">
        <InlineSpinner />
        {TOUR_MESSAGES.loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <ListError
        className="mt-5"
        error={query.error}
        message={TOUR_MESSAGES.slotsLoadFailed}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return children(query.data);
}
