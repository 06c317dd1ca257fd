import { LIMITS } from '@keyhaven/shared/constants';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { NumberField, SelectField, TextareaField, TextField } from '@/components/form/fields';
import { Field, FieldError } from '@/components/ui/field';
import type { PropertyFormValues, usePlacePin } from '../lib/property-form';
import { LocationCombobox } from './location-combobox';
import { PlacePinField } from './place-pin-field';

type PropertyFieldsProps = {
  register: UseFormRegister<PropertyFormValues>;
  errors: FieldErrors<PropertyFormValues>;
  /** The types and features a listing may carry: one list for both forms. */
  types: readonly string[];
  features: readonly string[];
  /** The map pin and the place suggestions (usePlacePin). */
  place: ReturnType<typeof usePlacePin>;
  /**
   * What the fields start from, written into the page the server renders: react-hook-form fills
   * them in only in the browser, and a form that posts without the app shows them from the start.
   */
  values?: PropertyFormValues;
};

/** The fields typed in as text (numbers included), which all must be filled in. */
type TextValue = Exclude<keyof PropertyFormValues, 'features' | 'photos' | 'lat' | 'lng'>;

/** The fields the add and edit forms share, in one order. */
export function PropertyFields({
  register,
  errors,
  types,
  features,
  place,
  values,
}: PropertyFieldsProps) {
  /** A required field: its registration, its message and what it starts from. */
  const required = (name: TextValue) => ({
    ...register(name),
    'aria-required': true,
    error: errors[name]?.message,
    defaultValue: values?.[name],
  });
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Title"
          {...required('title')}
          fieldClassName="sm:col-span-2"
          maxLength={LIMITS.listingTitleMaxLength}
        />
        <Field
          label="Location"
          hint="Start with the city: choosing a suggestion places the pin there."
          error={errors.location?.message}
        >
          {(control) => (
            <LocationCombobox
              control={control}
              registration={register('location')}
              defaultValue={values?.location}
              onPick={place.pick}
            />
          )}
        </Field>
        <SelectField label="Property type" {...required('propertyType')}>
          {types.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <TextareaField
          label="Description"
          hint="At least 20 characters."
          {...required('description')}
          fieldClassName="sm:col-span-2"
          rows={5}
          maxLength={LIMITS.descriptionMaxLength}
          className="min-h-36"
        />
        <NumberField label="Minimum price ($)" {...required('minPrice')} step={0.01} />
        <NumberField label="Maximum price ($)" {...required('maxPrice')} step={0.01} />
      </div>

      <PlacePinField
        pin={place.pin}
        view={place.view}
        onPinChange={place.setPin}
        error={place.error}
      />

      <div className="mt-5 grid gap-5 sm:grid-cols-3">
        <NumberField label="Bedrooms" {...required('bedrooms')} step={1} />
        <NumberField label="Bathrooms" {...required('bathrooms')} step={0.5} />
        <NumberField label="Area size (sqft)" {...required('areaSize')} step={1} />
      </div>

      <fieldset
        className="mt-6"
        aria-describedby={errors.features?.message ? 'property-features-error' : undefined}
      >
        <legend className="text-sm font-semibold text-stone-800">Features</legend>
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <label
              key={feature}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-stone-800 has-checked:border-teal-700 has-checked:bg-teal-50"
            >
              <input
                type="checkbox"
                value={feature}
                {...register('features')}
                defaultChecked={values?.features.includes(feature)}
                className="size-4 accent-teal-700"
              />
              {feature}
            </label>
          ))}
        </div>
        {errors.features?.message && (
          <FieldError id="property-features-error">{errors.features.message}</FieldError>
        )}
      </fieldset>
    </>
  );
}
