import { ZErrorResponse } from '@keyhaven/shared';

/** The error statuses a route may list; each is answered as `{error, code, fields?}`. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/**
 * The `response` schemas of a route's error statuses, for its schema: every error has the one
 * shape, and the API document lists each status the route can answer with. A route with a rate
 * limit lists 429.
 */
export function errorResponses<const S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof ZErrorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, ZErrorResponse])) as Record<
    S,
    typeof ZErrorResponse
  >;
}
