import * as z from 'zod/mini';
import { UnexpectedResponseError } from '@/lib/api-client';

/** Checks a response body against its schema, failing like `api()` does when it does not match. */
export function parseBody<S extends z.core.$ZodType>(schema: S, body: unknown, request: string) {
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) {
    throw new UnexpectedResponseError(`Unexpected response from ${request}`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}
