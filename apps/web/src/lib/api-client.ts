import type { ErrorCode } from '@keyhaven/shared';
import * as z from 'zod/mini';

/**
 * The `{ error, code, fields }` body of every API error (`ZErrorResponse` in @keyhaven/shared),
 * restated with zod/mini: the full zod build is too heavy for the first page load.
 */
const ZErrorBody = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
});

/** A non-2xx answer from the server, carrying the `{ error, code, fields }` body it sent. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    /** Usually an `ErrorCode`; left open so a code newer than this build still arrives intact. */
    readonly code?: ErrorCode | (string & {}),
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The server answered 2xx with a body that does not match what the caller expects. */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
}

type ClientConfig = {
  /** Called on every 401/403 the caller has not opted out of (spec section 4: it signs out). */
  onUnauthorized: () => void;
};

let config: ClientConfig = { onUnauthorized: () => {} };

/** Wires the client to app state; called once by the app providers. */
export function configureApiClient(next: ClientConfig) {
  config = next;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiRequest<S extends z.core.$ZodType> = {
  /**
   * Validates the response body; its output is what `api` resolves with. Any zod schema works,
   * classic or mini.
   */
  schema: S;
  method?: Method;
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /**
   * Whether a 401/403 means the visitor is signed out. Only calls whose 401 is an ordinary answer
   * (the session probe, a login attempt) turn it off.
   */
  signOutOnUnauthorized?: boolean;
};

function withQuery(path: string, query: ApiRequest<z.core.$ZodType>['query']) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Calls the server with JSON in and out; rejects with `ApiError` on any non-2xx answer. */
export async function api<S extends z.core.$ZodType>(
  path: string,
  { schema, method = 'GET', body, query, signal, signOutOnUnauthorized = true }: ApiRequest<S>,
): Promise<z.output<S>> {
  const response = await fetch(withQuery(path, query), {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const payload = await readJson(response);

  if (!response.ok) {
    if ((response.status === 401 || response.status === 403) && signOutOnUnauthorized) {
      config.onUnauthorized();
    }
    const parsed = z.safeParse(ZErrorBody, payload);
    if (parsed.success) {
      const { error, code, fields } = parsed.data;
      throw new ApiError(response.status, error, code, fields);
    }
    throw new ApiError(response.status, `Request failed with status ${response.status}`);
  }

  const parsed = z.safeParse(schema, payload);
  if (!parsed.success) {
    throw new UnexpectedResponseError(`Unexpected response from ${method} ${path}`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** The server's own words for a failure, when it sent any; otherwise `fallback`. */
export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.code ? error.message : fallback;
