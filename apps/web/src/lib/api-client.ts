import type { ErrorCode } from '@keyhaven/shared';
import type { StandardSchemaV1 } from '@standard-schema/spec';

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

/**
 * The request never reached the server, or its answer never arrived (offline, DNS, a dropped
 * connection): the one failure that is the connection's fault rather than the server's.
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** What a failed load says when the server was never reached. */
export const CONNECTION_HINT = 'Check your connection and try again.';

/**
 * Why a load failed, for the person waiting on it: the connection only when the server was never
 * reached, the server's own words for a refusal (4xx), else `fallback` (a 5xx or a broken answer).
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return CONNECTION_HINT;
  if (error instanceof ApiError && error.status < 500 && error.code) return error.message;
  return fallback;
}

/** The server answered 2xx with a body that does not match what the caller expects. */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((entry) => typeof entry === 'string');

/**
 * The `ApiError` for a non-2xx answer: the server's `{ error, code, fields }` body
 * (`ZErrorResponse` in @keyhaven/shared) when it sent one, else `fallbackMessage`. Three fields
 * are checked by hand, so no schema library rides along for them.
 */
export function apiErrorFrom(
  status: number,
  body: unknown,
  fallbackMessage = `Request failed with status ${status}`,
): ApiError {
  const { error, code, fields } = (body ?? {}) as {
    error?: unknown;
    code?: unknown;
    fields?: unknown;
  };
  if (
    typeof error === 'string' &&
    typeof code === 'string' &&
    (fields === undefined || isStringRecord(fields))
  ) {
    return new ApiError(status, error, code, fields);
  }
  return new ApiError(status, fallbackMessage);
}

/**
 * Checks a 2xx body against its schema, failing with `UnexpectedResponseError` when it does not
 * match. Any Standard Schema works (valibot for the API answers, zod too), so this file needs no
 * schema library of its own.
 */
export async function parseBody<S extends StandardSchemaV1>(
  schema: S,
  body: unknown,
  request: string,
): Promise<StandardSchemaV1.InferOutput<S>> {
  const result = await schema['~standard'].validate(body);
  if (result.issues) {
    throw new UnexpectedResponseError(`Unexpected response from ${request}`, {
      cause: result.issues,
    });
  }
  return result.value;
}

type ClientConfig = {
  /**
   * Called on every 401/403 the caller has not opted out of (spec section 4: it signs out), once
   * the server's session has been ended: it forgets the user in the app.
   */
  onUnauthorized: () => void;
};

let config: ClientConfig = { onUnauthorized: () => {} };

/** Wires the client to app state; called once by the app providers. */
export function configureApiClient(next: ClientConfig) {
  config = next;
}

const LOGOUT_PATH = '/auth/logout';
let signingOut: Promise<void> | undefined;

/**
 * Signs the visitor out after a 401 or 403: ends the session on the server first, so a reload
 * cannot sign them straight back in with the cookie, then forgets the user here. Calls that fail
 * together share one logout; a failed logout still signs out here.
 */
export function signOutAfterRefusal(): Promise<void> {
  signingOut ??= fetch(LOGOUT_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => config.onUnauthorized())
    .finally(() => {
      signingOut = undefined;
    });
  return signingOut;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiRequest<S extends StandardSchemaV1> = {
  /** Validates the response body; its output is what `api` resolves with. */
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

function withQuery(path: string, query: ApiRequest<StandardSchemaV1>['query']) {
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

type RawRequest = Omit<ApiRequest<StandardSchemaV1>, 'schema'>;

/**
 * Sends one request and reads its JSON answer; rejects with `NetworkError` when the server was
 * not reached and with `ApiError` on any non-2xx answer (after signing out on a 401 or 403). For
 * callers that need the headers too; everyone else uses `api`.
 */
export async function request(
  path: string,
  { method = 'GET', body, query, signal, signOutOnUnauthorized = true }: RawRequest,
): Promise<{ payload: unknown; headers: Headers }> {
  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(withQuery(path, query), {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    payload = await readJson(response);
  } catch (error) {
    // A request its caller gave up on is no failure of the connection.
    if (signal?.aborted) throw error;
    throw new NetworkError(`${method} ${path} did not reach the server`, { cause: error });
  }

  if (!response.ok) {
    if ((response.status === 401 || response.status === 403) && signOutOnUnauthorized) {
      await signOutAfterRefusal();
    }
    throw apiErrorFrom(response.status, payload);
  }
  return { payload, headers: response.headers };
}

/** Calls the server with JSON in and out; rejects with `ApiError` on any non-2xx answer. */
export async function api<S extends StandardSchemaV1>(
  path: string,
  { schema, ...options }: ApiRequest<S>,
): Promise<StandardSchemaV1.InferOutput<S>> {
  const { payload } = await request(path, options);
  return parseBody(schema, payload, `${options.method ?? 'GET'} ${path}`);
}

/** The server's own words for a failure, when it sent any; otherwise `fallback`. */
export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.code ? error.message : fallback;
