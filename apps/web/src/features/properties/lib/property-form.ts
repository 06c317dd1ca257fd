import { zodResolver } from '@hookform/resolvers/zod';
import type {
  Place,
  PropertyAddRequest,
  PropertyEditRequest,
  ZPropertyAddRequest,
  ZPropertyEditRequest,
} from '@keyhaven/shared';
import { type RefObject, useState } from 'react';
import type {
  FieldPath,
  Resolver,
  SubmitErrorHandler,
  UseFormReturn,
  UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { type PhotoDraft, photoInputs, photosNotReady } from '../photo-manager';
import { type MapView, type Pin, pinAt, STREET_ZOOM } from './map-pin';

/**
 * What the add and edit forms hold: a value for each field of the listing the contract takes, as
 * its input holds it (text, '' for empty). The shared schemas turn them into numbers and report
 * the product's messages. A field added to the contract is missing from the forms' starting
 * values, and from the fields the server's messages go under, until they list it too.
 */
export type PropertyFormValues = {
  [Field in Exclude<
    keyof PropertyEditRequest,
    'features' | 'image' | 'photos' | 'lat' | 'lng'
  >]-?: string;
} & {
  features: string[];
  /**
   * The photos in order, the cover first, uploaded or on their way. The requests send these and
   * no Image URL: the listing's image is its cover.
   */
  photos: PhotoDraft[];
  /** The pin on the map, both or neither (null: no map position). */
  lat: number | null;
  lng: number | null;
};

type PropertySchema = typeof ZPropertyAddRequest | typeof ZPropertyEditRequest;

type ResolverOptions = {
  /**
   * What an empty list of photos says; null sends no photos at all (an edit of a listing from
   * before photos were required keeps having none). The add schema says it itself.
   */
  noPhotos?: string | null;
};

/**
 * Validates the form with a shared schema (the same messages the server sends). The
 * schema's input type is looser than the form's (numbers arrive as strings and are coerced), so
 * the resolver is typed for the form here, once. Photos still uploading, or that failed to, hold
 * the form back with their own message under the photos.
 */
export function propertyResolver<S extends PropertySchema>(
  schema: S,
  { noPhotos = null }: ResolverOptions = {},
): Resolver<PropertyFormValues, unknown, z.output<S>> {
  const resolve = zodResolver(schema) as unknown as Resolver<
    Omit<PropertyFormValues, 'photos'> & { photos?: PropertyAddRequest['photos'] },
    unknown,
    z.output<S>
  >;
  return async (values, context, options) => {
    const photos = photoInputs(values.photos);
    const result = await resolve(
      { ...values, photos: photos.length > 0 ? photos : undefined },
      context,
      options as never,
    );
    const photosProblem = photosNotReady(values.photos) ?? (photos.length ? null : noPhotos);
    if (!photosProblem) return result;
    return {
      values: {},
      errors: { ...result.errors, photos: { type: 'photos', message: photosProblem } },
    };
  };
}

const FORM_FIELDS: Record<keyof PropertyFormValues, true> = {
  title: true,
  description: true,
  location: true,
  propertyType: true,
  minPrice: true,
  maxPrice: true,
  bedrooms: true,
  bathrooms: true,
  areaSize: true,
  features: true,
  availability: true,
  photos: true,
  lat: true,
  lng: true,
};

/**
 * What a refused submit does besides focusing the first field to fix: when the photos are all
 * that is wrong, focus goes to Add photos, whose description says why.
 */
export const focusPhotosWhenOnlyThey =
  (addPhotos: RefObject<HTMLButtonElement | null>): SubmitErrorHandler<PropertyFormValues> =>
  (errors) => {
    const problems = Object.keys(errors);
    if (problems.length === 1 && errors.photos?.message) addPhotos.current?.focus();
  };

const PHOTO_FIELD = /^photos\.\d+\.(url|alt|caption)$/;

/** Puts the server's per-field messages (a 400's `fields`) under the fields they concern. */
export function showServerFieldErrors(
  error: unknown,
  setError: UseFormSetError<PropertyFormValues>,
) {
  if (!(error instanceof ApiError) || !error.fields) return;
  let first = true;
  for (const [name, message] of Object.entries(error.fields)) {
    // A photo's own field (`photos.2.alt`) goes to that photo.
    if (!Object.hasOwn(FORM_FIELDS, name) && !PHOTO_FIELD.test(name)) continue;
    setError(name as FieldPath<PropertyFormValues>, { message }, { shouldFocus: first });
    // A photo's address and the photos as a whole have no field to type in: focus goes on.
    if (name !== 'photos' && !name.endsWith('.url')) first = false;
  }
}

/**
 * The pin the form holds and where its map should look: choosing a suggested place writes its
 * label into Location, puts the pin on it and shows it; dragging or nudging moves the pin only.
 */
export function usePlacePin(form: UseFormReturn<PropertyFormValues, unknown, unknown>) {
  const [view, setView] = useState<MapView | null>(null);
  const lat = form.watch('lat');
  const lng = form.watch('lng');
  const pin: Pin = lat !== null && lng !== null ? { lat, lng } : null;
  const setPin = (next: Pin) => {
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue('lat', next?.lat ?? null, options);
    form.setValue('lng', next?.lng ?? null, options);
  };
  const pick = (place: Place) => {
    form.setValue('location', place.label, { shouldDirty: true, shouldValidate: true });
    const next = pinAt(place.lng, place.lat);
    setPin(next);
    setView((current) => ({ ...next, zoom: STREET_ZOOM, key: (current?.key ?? 0) + 1 }));
  };
  const { errors } = form.formState;
  return { pin, view, setPin, pick, error: errors.lat?.message ?? errors.lng?.message };
}

/**
 * The pin as the request carries it: an edit sends it only when it moved or was removed (absent
 * keeps the pin the listing has), an add only when there is one.
 */
export function pinChange(values: { lat?: number | null; lng?: number | null }, before: Pin) {
  const lat = values.lat ?? null;
  const lng = values.lng ?? null;
  if (lat === (before?.lat ?? null) && lng === (before?.lng ?? null)) return {};
  return { lat, lng };
}
