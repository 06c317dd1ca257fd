import { ZPropertyEditRequest } from '@keyhaven/shared';
import { AVAILABILITY, FEATURES, PROPERTY_TYPES, TIMINGS_MS } from '@keyhaven/shared/constants';
import { MESSAGES, PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PropertyImage } from '@/components/listing/property-image';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, inputStyles } from '@/components/ui/input';
import { InlineSpinner } from '@/components/ui/spinner';
import { useSignedInUser } from '@/hooks/use-session';
import { errorMessage } from '@/lib/api-client';
import type { Property } from '@/lib/listing';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { type UploadProblem, uploadFailure, useUploadImage } from '@/lib/upload-image';
import { useUpdateProperty } from '../api/manage-property';
import { toDisplayUrl, toStoredImage } from '../lib/image-url';
import {
  type PropertyFormValues,
  pinChange,
  propertyResolver,
  showServerFieldErrors,
  usePlacePin,
} from '../lib/property-form';
import { ImageFileField } from './image-file-field';
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
    image: toDisplayUrl(property.image),
    lat: property.lat,
    lng: property.lng,
  };
}

/** The edit form: the same fields as the add form, plus Image URL and Availability. */
export function EditPropertyForm({ property }: { property: Property }) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const update = useUpdateProperty(property._id);
  const upload = useUploadImage('listing');
  const [fileProblem, setFileProblem] = useState<UploadProblem | null>(null);
  const form = useForm<PropertyFormValues, unknown, ReturnType<typeof ZPropertyEditRequest.parse>>({
    resolver: propertyResolver(ZPropertyEditRequest),
    defaultValues: defaultsOf(property),
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const place = usePlacePin(form);
  const savedPin =
    property.lat !== null && property.lng !== null
      ? { lat: property.lat, lng: property.lng }
      : null;

  const reviewedAgain = user.role === 'agent' && property.adminApproval === 'true';

  const onFile = async (file: File | null, problem: UploadProblem | null) => {
    setFileProblem(problem);
    if (!file || problem) return;
    try {
      const uploaded = await upload.mutateAsync(file);
      setValue('image', toDisplayUrl(uploaded.url), { shouldDirty: true, shouldValidate: true });
      toast.success(MESSAGES.upload.success, { duration: TIMINGS_MS.uploadNotice });
    } catch (error) {
      const failure = uploadFailure(error);
      toast.error(failure.title, { description: failure.message });
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { lat, lng, ...fields } = values;
      await update.mutateAsync({ ...fields, ...pinChange({ lat, lng }, savedPin) });
    } catch (error) {
      showServerFieldErrors(error, setError);
      toast.error(errorMessage(error, PROPERTY_MESSAGES.updateFailed));
      return;
    }
    toast.success(PROPERTY_MESSAGES.updated);
    navigate(
      user.role === 'admin' ? paths.dashboard.manageProperties : paths.dashboard.myProperties,
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
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
        <Field
          label="Image URL"
          hint="The address of a photo uploaded here; to use another picture, upload it below."
          error={errors.image?.message}
        >
          {(control) => <Input {...control} {...register('image')} type="url" inputMode="url" />}
        </Field>
        <Field label="Availability" error={errors.availability?.message}>
          {(control) => (
            <select {...control} {...register('availability')} className={inputStyles()}>
              {AVAILABILITY.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>

      <div className="mt-6 grid items-start gap-5 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <PropertyImage
          image={toStoredImage(watch('image'))}
          alt={property.title}
          variant="card"
          className="rounded-lg ring-1 ring-sand"
        />
        <ImageFileField
          label="Upload a new photo"
          file={null}
          preview={false}
          problem={fileProblem}
          disabled={upload.isPending || isSubmitting}
          hint={
            upload.isPending
              ? 'Uploading image...'
              : 'JPG, PNG, GIF or WEBP, up to 5 MB. It replaces the Image URL.'
          }
          onChange={onFile}
        />
      </div>

      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row">
        <Button variant="secondary" size="lg" onClick={() => navigate(-1)}>
          Cancel
        </Button>
        <Button
          type="submit"
          size="lg"
          disabled={isSubmitting || upload.isPending}
          aria-busy={isSubmitting}
        >
          {isSubmitting && <InlineSpinner />}
          {isSubmitting ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
