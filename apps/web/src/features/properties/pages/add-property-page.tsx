import { ZPropertyAddRequest } from '@keyhaven/shared';
import {
  FEATURES,
  PAGE_FORMS,
  type PageFormOutcome,
  PROPERTY_TYPES,
  TIMINGS_MS,
} from '@keyhaven/shared/constants';
import { PHOTO_MESSAGES, PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { AppForm } from '@/components/form/app-form';
import { TextField } from '@/components/form/fields';
import { SubmitButton } from '@/components/form/submit-button';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Notice } from '@/components/ui/notice';
import { useSignedInUser } from '@/hooks/use-session';
import { PAGE_FORM_FIELD, usePageForm } from '@/lib/page-form';
import { toast } from '@/lib/toast';
import { useAddProperty } from '../api/manage-property';
import { PropertyFields } from '../components/property-fields';
import {
  focusPhotosWhenOnlyThey,
  type PropertyFormValues,
  pinChange,
  propertyResolver,
  showServerFieldErrors,
  usePlacePin,
} from '../lib/property-form';
import { PhotoManager } from '../photo-manager';

// A new listing starts Available, as an Apartment, with no features.
const DEFAULTS: PropertyFormValues = {
  title: '',
  description: '',
  location: '',
  propertyType: 'Apartment',
  minPrice: '',
  maxPrice: '',
  bedrooms: '',
  bathrooms: '',
  areaSize: '',
  features: [],
  availability: 'Available',
  photos: [],
  lat: null,
  lng: null,
};

/** The fields a post of the form without the app sends as text, and its answer shows again. */
const SENT_FIELDS = [
  'title',
  'description',
  'location',
  'propertyType',
  'minPrice',
  'maxPrice',
  'bedrooms',
  'bathrooms',
  'areaSize',
] as const;

/**
 * How the form starts: empty, or with what a post of it without the app sent when the server
 * answered the page again (never its photos: files are not sent back).
 */
function startingValues(posted: PageFormOutcome | undefined): PropertyFormValues {
  const values = { ...DEFAULTS, features: posted?.ticked?.features ?? DEFAULTS.features };
  for (const field of SENT_FIELDS) values[field] = posted?.values[field] ?? DEFAULTS[field];
  return values;
}

/** The server's messages from that answer, under the fields they concern. */
const serverErrors = (posted: PageFormOutcome | undefined) =>
  posted &&
  (Object.fromEntries(
    Object.entries(posted.errors).map(([field, message]) => [field, { type: 'server', message }]),
  ) as FieldErrors<PropertyFormValues>);

const READ_ONLY = 'read-only:bg-stone-100 read-only:text-stone-700';

// Only needed once a listing is in: kept out of the page's first download, and fetched while the
// agent fills the form, so the dialog opens 1 s after the add.
const loadAddedDialog = () =>
  import('../components/property-added-dialog').then((m) => ({ default: m.PropertyAddedDialog }));
const PropertyAddedDialog = lazy(loadAddedDialog);

/**
 * The 'Property Added!' dialog opens 1 s after the add succeeded and closes 3 s after it is on
 * screen (the dialog keeps that clock itself). Leaving the page cancels whatever is still to come.
 */
function useAddedDialog() {
  const [addedAt, setAddedAt] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (addedAt === null) return;
    // Counted from the add itself: a slow phone may take a while to render the emptied form.
    const wait = addedAt + TIMINGS_MS.addPropertyDialogDelay - performance.now();
    const timer = setTimeout(() => setOpen(true), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [addedAt]);
  return {
    open,
    /** Called the moment the add succeeds. */
    schedule: () => setAddedAt(performance.now()),
    close: () => {
      setOpen(false);
      setAddedAt(null);
    },
  };
}

export function AddPropertyPage() {
  // How a listing posted to this page without the app was refused, when one was.
  const posted = usePageForm(PAGE_FORMS.addProperty);
  const [start] = useState(() => ({
    values: startingValues(posted),
    errors: serverErrors(posted),
  }));
  const user = useSignedInUser();
  useEffect(() => {
    void loadAddedDialog();
  }, []);
  const add = useAddProperty();
  const dialog = useAddedDialog();
  const addPhotosButton = useRef<HTMLButtonElement>(null);
  const form = useForm<PropertyFormValues, unknown, ReturnType<typeof ZPropertyAddRequest.parse>>({
    // Said with the other fields' messages, not only once they are all right.
    resolver: propertyResolver(ZPropertyAddRequest, { noPhotos: PHOTO_MESSAGES.required }),
    defaultValues: start.values,
    // Shown until the form is sent again in the app, when its own checks speak.
    errors: start.errors,
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, submitCount },
  } = form;
  const refusal = submitCount === 0 ? posted?.message : undefined;
  const place = usePlacePin(form);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { lat, lng, ...fields } = values;
      await add.mutateAsync({ ...fields, ...pinChange({ lat, lng }, null) });
    } catch (error) {
      showServerFieldErrors(error, setError);
      toast.error(PROPERTY_MESSAGES.addFailed);
      return;
    }
    dialog.schedule();
    toast.success(PROPERTY_MESSAGES.added);
    reset(DEFAULTS);
  }, focusPhotosWhenOnlyThey(addPhotosButton));

  return (
    <ContentLayout heading="Add Property">
      <p className="mt-2 text-stone-700">
        New listings go to an admin for approval before buyers can see them.
      </p>
      {/* Posts to this page itself, photos included, when the app has not started. */}
      <AppForm
        encType="multipart/form-data"
        onSubmit={onSubmit}
        aria-label="Add property"
        className="mt-8 rounded-2xl border border-sand bg-white p-5 shadow-sm sm:p-8"
      >
        <input type="hidden" name={PAGE_FORM_FIELD} value={PAGE_FORMS.addProperty} />
        {refusal && (
          <Notice role="alert" tone="error" className="mb-6">
            {refusal}
          </Notice>
        )}
        <div className="mb-6 grid gap-5 sm:grid-cols-2">
          <TextField label="Agent name" value={user.name} readOnly className={READ_ONLY} />
          <TextField label="Agent email" value={user.email} readOnly className={READ_ONLY} />
        </div>

        <PropertyFields
          register={register}
          errors={errors}
          types={PROPERTY_TYPES}
          features={FEATURES}
          place={place}
          values={start.values}
        />

        <div className="mt-6">
          <PhotoManager form={form} addButtonRef={addPhotosButton} name="photos" />
        </div>

        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          <TextField
            label="Availability"
            hint="New listings start as Available."
            value="Available"
            readOnly
            className={READ_ONLY}
          />
        </div>

        <SubmitButton
          busy={isSubmitting}
          busyLabel="Adding property..."
          size="lg"
          className="mt-8 w-full sm:w-auto"
        >
          Add Property
        </SubmitButton>
      </AppForm>
      {dialog.open && (
        <Suspense fallback={null}>
          <PropertyAddedDialog onClose={dialog.close} />
        </Suspense>
      )}
    </ContentLayout>
  );
}
