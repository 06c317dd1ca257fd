import { LIMITS } from '@keyhaven/shared/constants';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field, FieldError } from '@/components/ui/field';
import { Input, inputStyles } from '@/components/ui/input';
import { cn } from '@/lib/cn';
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

const textareaStyles = cn(
  'block min-h-36 w-full min-w-0 rounded-lg border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500',
  'focus-visible:border-teal-700 aria-invalid:border-red-700',
);

/** The fields the add and edit forms share, in one order. */
export function PropertyFields({
  register,
  errors,
  types,
  features,
  place,
  values,
}: PropertyFieldsProps) {
  const required = { 'aria-required': true } as const;
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Title" error={errors.title?.message} className="sm:col-span-2">
          {(control) => (
            <Input
              {...control}
              {...register('title')}
              {...required}
              defaultValue={values?.title}
              maxLength={LIMITS.listingTitleMaxLength}
            />
          )}
        </Field>
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
        <Field label="Property type" error={errors.propertyType?.message}>
          {(control) => (
            <select
              {...control}
              {...register('propertyType')}
              {...required}
              defaultValue={values?.propertyType}
              className={inputStyles()}
            >
              {types.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Description"
          hint="At least 20 characters."
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          {(control) => (
            <textarea
              {...control}
              {...register('description')}
              {...required}
              defaultValue={values?.description}
              rows={5}
              maxLength={LIMITS.descriptionMaxLength}
              className={textareaStyles}
            />
          )}
        </Field>
        <Field label="Minimum price ($)" error={errors.minPrice?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('minPrice')}
              {...required}
              defaultValue={values?.minPrice}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
            />
          )}
        </Field>
        <Field label="Maximum price ($)" error={errors.maxPrice?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('maxPrice')}
              {...required}
              defaultValue={values?.maxPrice}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
            />
          )}
        </Field>
      </div>

      <PlacePinField
        pin={place.pin}
        view={place.view}
        onPinChange={place.setPin}
        error={place.error}
      />

      <div className="mt-5 grid gap-5 sm:grid-cols-3">
        <Field label="Bedrooms" error={errors.bedrooms?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('bedrooms')}
              {...required}
              defaultValue={values?.bedrooms}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
            />
          )}
        </Field>
        <Field label="Bathrooms" error={errors.bathrooms?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('bathrooms')}
              {...required}
              defaultValue={values?.bathrooms}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.5}
            />
          )}
        </Field>
        <Field label="Area size (sqft)" error={errors.areaSize?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('areaSize')}
              {...required}
              defaultValue={values?.areaSize}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
            />
          )}
        </Field>
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
