import type { Place } from '@keyhaven/shared';
import { LIMITS } from '@keyhaven/shared/constants';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PlaceCombobox } from '@/components/form/place-combobox';

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
 * offered below; without a highlighted city, Enter sends the form as usual.
 */
export function LocationCombobox({
  control,
  registration,
  defaultValue,
  onPick,
}: LocationComboboxProps) {
  return (
    <PlaceCombobox
      {...control}
      {...registration}
      defaultValue={defaultValue}
      aria-required
      maxLength={LIMITS.locationMaxLength}
      placeholder="City, State"
      onPick={onPick}
    />
  );
}
