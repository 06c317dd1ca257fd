import { ZPropertyEditRequest } from '@keyhaven/shared';
import { AVAILABILITY, FEATURES, PROPERTY_TYPES } from '@keyhaven/shared/constants';
import { PHOTO_MESSAGES, PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { AppForm } from '@/components/form/app-form';
import { SelectField, TextField } from '@/components/form/fields';
import { SubmitButton } from '@/components/form/submit-button';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useSignedInUser } from '@/hooks/use-session';
import { errorMessage } from '@/lib/api-client';
import type { Property } from '@/lib/listing';
import { paths } from '@/lib/paths';
import { useAbsoluteUrl } from '@/lib/public-origin';
import { toast } from '@/lib/toast';
import { useUpdateProperty } from '../api/manage-property';
import {
  focusPhotosWhenOnlyThey,
  type PropertyFormValues,
  pinChange,
  propertyResolver,
  showServerFieldErrors,
  usePlacePin,
} from '../lib/property-form';
import { draftOfListingPhoto, PhotoManager } from '../photo-manager';
import { PropertyFields } from './property-fields';

function defaultsOf(property: Property): PropertyFormValues {
  return {
    title: property.title,
    description: property.description,
    location: property.location,
    // A type or feature the edit form does not offer cannot be kept.
    propertyType: property.propertyType,
    minPrice: String(property.minPrice),
    maxPrice: String(property.maxPrice),
    bedrooms: String(property.bedrooms),
    bathrooms: String(property.bathrooms),
    areaSize: String(property.areaSize),
    features: property.features,
    availability: property.availability,
    photos: property.photos.map(draftOfListingPhoto),
    lat: property.lat,
    lng: property.lng,
  };
}

/**
 * The edit form: the same fields as the add form, plus Image URL and Availability. The Image URL
 * is the cover's address, which follows the cover chosen among the photos.
 */
export function EditPropertyForm({ property }: { property: Property }) {
  // The cover's address, ours made absolute so the Image URL field reads as a URL.
  const absoluteUrl = useAbsoluteUrl();
  const user = useSignedInUser();
  const navigate = useNavigate();
  const update = useUpdateProperty(property._id);
  const addPhotosButton = useRef<HTMLButtonElement>(null);
  const form = useForm<PropertyFormValues, unknown, ReturnType<typeof ZPropertyEditRequest.parse>>({
    // A listing from before photos were required may stay without any; one that has photos
    // keeps at least one.
    resolver: propertyResolver(ZPropertyEditRequest, {
      noPhotos: property.photos.length > 0 ? PHOTO_MESSAGES.lastPhoto : null,
    }),
    defaultValues: defaultsOf(property),
  });
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const cover = watch('photos')[0];
  const place = usePlacePin(form);
  const savedPin =
    property.lat !== null && property.lng !== null
      ? { lat: property.lat, lng: property.lng }
      : null;

  const reviewedAgain = user.role === 'agent' && property.adminApproval === 'true';
  // A sold home's availability follows its sale: Sold is the one choice the server keeps.
  const availabilities = property.soldDetails ? (['Sold'] as const) : AVAILABILITY;
  // Why the last save was refused, kept in the form after its toast has closed.
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const { lat, lng, ...fields } = values;
      await update.mutateAsync({ ...fields, ...pinChange({ lat, lng }, savedPin) });
    } catch (error) {
      showServerFieldErrors(error, setError);
      const message = errorMessage(error, PROPERTY_MESSAGES.updateFailed);
      setRefusal(message);
      toast.error(message);
      return;
    }
    toast.success(PROPERTY_MESSAGES.updated);
    navigate(
      user.role === 'admin' ? paths.dashboard.manageProperties : paths.dashboard.myProperties,
    );
  }, focusPhotosWhenOnlyThey(addPhotosButton));

  return (
    <AppForm
      appOnly
      onSubmit={onSubmit}
      aria-label="Edit property"
      className="mt-8 rounded-2xl border border-sand bg-white p-5 shadow-sm sm:p-8"
    >
      {reviewedAgain && (
        <p className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          This listing is live. Changing anything but its availability sends it back to an admin for
          review; until it is approved again, buyers see the version they saw before.
        </p>
      )}

      <PropertyFields
        register={register}
        errors={errors}
        types={PROPERTY_TYPES}
        features={FEATURES}
        place={place}
      />

      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <TextField
          label="Image URL"
          hint="The cover photo's address: it follows the cover chosen below."
          value={cover?.upload === 'done' ? absoluteUrl(cover.url) : ''}
          type="url"
          readOnly
          className="read-only:bg-stone-100 read-only:text-stone-700"
        />
        <SelectField
          label="Availability"
          hint={property.soldDetails ? 'Sold: its availability follows the sale.' : undefined}
          error={errors.availability?.message}
          {...register('availability')}
        >
          {availabilities.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
      </div>

      <div className="mt-6">
        <PhotoManager form={form} addButtonRef={addPhotosButton} />
      </div>

      <div role="alert">
        {refusal && (
          <Notice tone="error" className="mt-8">
            {refusal}
          </Notice>
        )}
      </div>

      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row">
        <Button variant="secondary" size="lg" onClick={() => navigate(-1)}>
          Cancel
        </Button>
        <SubmitButton busy={isSubmitting} busyLabel="Saving..." size="lg">
          Save Changes
        </SubmitButton>
      </div>
    </AppForm>
  );
}
