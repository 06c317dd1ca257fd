import { zodResolver } from '@hookform/resolvers/zod';
import type {
  PropertyEditRequest,
  ZPropertyAddRequest,
  ZPropertyEditRequest,
} from '@keyhaven/shared';
import type { FieldPath, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { toStoredImage } from './image-url';

/**
 * What the add and edit forms hold: a value for each field of the listing the contract takes, as
 * its input holds it (text, '' for empty). The shared schemas turn them into numbers and report
 * the product's messages. A field added to the contract is missing from the forms' starting
 * values, and from the fields the server's messages go under, until they list it too.
 */
export type PropertyFormValues = {
  [Field in Exclude<keyof PropertyEditRequest, 'features' | 'image'>]-?: string;
} & {
  features: string[];
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
  image: true,
};

/** Puts the server's per-field messages (a 400's `fields`) under the fields they concern. */
export function showServerFieldErrors(
  error: unknown,
  setError: UseFormSetError<PropertyFormValues>,
) {
  if (!(error instanceof ApiError) || !error.fields) return;
  let first = true;
  for (const [name, message] of Object.entries(error.fields)) {
    if (!Object.hasOwn(FORM_FIELDS, name)) continue;
    setError(name as FieldPath<PropertyFormValues>, { message }, { shouldFocus: first });
    first = false;
  }
}
