import { zodResolver } from '@hookform/resolvers/zod';
import type { ZPropertyAddRequest, ZPropertyEditRequest } from '@keyhaven/shared';
import type { FieldPath, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { toStoredImage } from './image-url';

/**
 * What the add and edit forms hold: what their inputs hold, strings with '' for empty. The shared
 * schemas turn them into numbers and report the product's messages.
 */
export type PropertyFormValues = {
  title: string;
  description: string;
  location: string;
  propertyType: string;
  minPrice: string;
  maxPrice: string;
  bedrooms: string;
  bathrooms: string;
  areaSize: string;
  features: string[];
  availability: string;
  /** The Image URL field of the edit form; the add form uploads a file instead. */
  image: string | null;
};

type PropertySchema = typeof ZPropertyAddRequest | typeof ZPropertyEditRequest;

/**
 * Validates the form with a shared schema (the same messages the server sends). The
 * schema's input type is looser than the form's (numbers arrive as strings and are coerced), so
 * the resolver is typed for the form here, once.
 */
export function propertyResolver<S extends PropertySchema>(
  schema: S,
): Resolver<PropertyFormValues, unknown, z.output<S>> {
  const resolve = zodResolver(schema) as unknown as Resolver<
    PropertyFormValues,
    unknown,
    z.output<S>
  >;
  return (values, context, options) =>
    resolve({ ...values, image: toStoredImage(values.image) }, context, options);
}

const FIELD_NAMES: ReadonlySet<string> = new Set<FieldPath<PropertyFormValues>>([
  'title',
  'description',
  'location',
  'propertyType',
  'minPrice',
  'maxPrice',
  'bedrooms',
  'bathrooms',
  'areaSize',
  'features',
  'availability',
  'image',
]);

/** Puts the server's per-field messages (a 400's `fields`) under the fields they concern. */
export function showServerFieldErrors(
  error: unknown,
  setError: UseFormSetError<PropertyFormValues>,
) {
  if (!(error instanceof ApiError) || !error.fields) return;
  let first = true;
  for (const [name, message] of Object.entries(error.fields)) {
    if (!FIELD_NAMES.has(name)) continue;
    setError(name as FieldPath<PropertyFormValues>, { message }, { shouldFocus: first });
    first = false;
  }
}
