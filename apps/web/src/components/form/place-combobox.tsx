import type { Place } from '@keyhaven/shared';
import { type ComponentProps, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { Field } from '@/components/ui/field';
import { inputStyles } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { isPlaceQuery, usePlaceSuggestions } from '@/lib/places';

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

type PlaceComboboxProps = Omit<ComponentProps<'input'>, 'role'> & {
  /** A suggestion was chosen (a click, or Enter on the highlighted one). */
  onPick: (place: Place) => void;
};

/**
 * A text field that offers the known places starting with what is typed (the search box's and the
 * listing form's gazetteer): what is typed stays the person's own, arrow keys move through the
 * suggestions, Enter takes the highlighted one, Escape closes the list. Keys it does not use go
 * to the field's own `onKeyDown` (Enter without a highlighted place, say).
 */
export function PlaceCombobox({
  onPick,
  onChange,
  onBlur,
  onKeyDown,
  className,
  ...input
}: PlaceComboboxProps) {
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

  const onKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!expanded) {
        setOpen(true);
        return;
      }
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + places.length) % places.length);
    } else if (event.key === 'Enter' && expanded && places[active]) {
      event.preventDefault();
      pick(places[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else {
      onKeyDown?.(event);
    }
  };

  return (
    <div className="relative">
      <input
        {...input}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        className={cn(inputStyles(), className)}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          onChange?.(event);
        }}
        onBlur={(event) => {
          setOpen(false);
          onBlur?.(event);
        }}
        onKeyDown={onKeys}
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

type PlaceFieldProps = Omit<PlaceComboboxProps, 'id' | 'aria-invalid' | 'aria-describedby'> & {
  label: string;
  hint?: string;
  error?: string;
  fieldClassName?: string;
};

/** A labelled PlaceCombobox, as the form kit's TextField is a labelled text field. */
export function PlaceField({ label, hint, error, fieldClassName, ...combobox }: PlaceFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={fieldClassName}>
      {(control) => <PlaceCombobox {...control} {...combobox} />}
    </Field>
  );
}
