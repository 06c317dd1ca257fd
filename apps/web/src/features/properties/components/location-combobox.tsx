import type { Place } from '@keyhaven/shared';
import { LIMITS } from '@keyhaven/shared/constants';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { inputStyles } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { isPlaceQuery, usePlaceSuggestions } from '../api/search-places';

/** How long typing pauses before the suggestions are asked for. */
const TYPING_PAUSE_MS = 250;

function useDebounced(value: string, delay: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

type LocationComboboxProps = {
  /** The id and ARIA attributes its Field hands it. */
  control: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
  registration: UseFormRegisterReturn<'location'>;
  /** What it starts from in the page the server renders (see PropertyFields' `values`). */
  defaultValue?: string;
  /** A suggestion was chosen: the form takes its label and moves the pin there. */
  onPick: (place: Place) => void;
};

/**
 * The Location field: what the agent types stays theirs, and cities that start with it are
 * offered below (arrow keys move through them, Enter takes one, Escape closes the list).
 */
export function LocationCombobox({
  control,
  registration,
  defaultValue,
  onPick,
}: LocationComboboxProps) {
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const settled = useDebounced(text, TYPING_PAUSE_MS);
  const suggestions = usePlaceSuggestions(settled);
  const places = open && isPlaceQuery(text) ? (suggestions.data ?? []) : [];
  const expanded = places.length > 0;

  const pick = (place: Place) => {
    setText(place.label);
    setOpen(false);
    setActive(-1);
    onPick(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!expanded) {
        setOpen(true);
        return;
      }
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + places.length) % places.length);
    } else if (event.key === 'Enter' && expanded && places[active]) {
      // Enter takes the highlighted city; without one it sends the form as usual.
      event.preventDefault();
      pick(places[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative">
      <input
        {...control}
        {...registration}
        defaultValue={defaultValue}
        role="combobox"
        aria-required
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        maxLength={LIMITS.locationMaxLength}
        placeholder="City, State"
        className={inputStyles()}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          void registration.onChange(event);
        }}
        onBlur={(event) => {
          setOpen(false);
          void registration.onBlur(event);
        }}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Places"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-auto rounded-lg border border-stone-300 bg-white py-1 shadow-lg"
      >
        {places.map((place, index) => (
          // The field keeps focus and its arrow keys move through the options (aria-activedescendant).
          // biome-ignore lint/a11y/useFocusableInteractive: options of a combobox are never focused themselves
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's own keys choose an option
          <div
            key={`${place.label}-${place.lat}-${place.lng}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={cn(
              'cursor-pointer px-3 py-2 text-stone-900',
              index === active && 'bg-teal-50 text-teal-900',
            )}
            // The field keeps focus, so the list stays open until the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(place)}
          >
            {place.label}
          </div>
        ))}
      </div>
    </div>
  );
}
