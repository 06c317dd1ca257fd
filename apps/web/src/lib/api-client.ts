import type { ErrorCode, ErrorResponse } from '@keyhaven/shared';
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
class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** What a failed load says when the server was never reached. */
const CONNECTION_HINT = 'Check your connection and try again.';

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
class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((entry) => typeof entry === 'string');

/**
 * The server's error body (`ZErrorResponse` in @keyhaven/shared) as this build reads it: any
 * code is kept, so one newer than this build still arrives intact.
 */
type ReceivedError = Omit<ErrorResponse, 'code'> & { code: string };

/**
 * One check per field of the error body, by hand, so no schema library rides along for them. Its
 * type holds them to the contract: a field added to the body, or a field whose type changes,
 * fails to compile here until its check follows.
 */
const ERROR_FIELD_CHECKS: {
  [Field in keyof ReceivedError]-?: (value: unknown) => value is ReceivedError[Field];
} = {
  error: (value) => typeof value === 'string',
  code: (value) => typeof value === 'string',
  fields: (value) => value === undefined || isStringRecord(value),
};

const isErrorBody = (body: unknown): body is ReceivedError =>
  typeof body === 'object' &&
  body !== null &&
  Object.entries(ERROR_FIELD_CHECKS).every(([field, check]) =>
    check((body as Record<string, unknown>)[field]),
  );

/** The `ApiError` for a non-2xx answer: the server's error body if it sent one, else a fallback. */
function apiErrorFrom(
  status: number,
  body: unknown,
  fallbackMessage = `Request failed with status ${status}`,
): ApiError {
  if (isErrorBody(body)) return new ApiError(status, body.error, body.code, body.fields);
  return new ApiError(status, fallbackMessage);
}

/**
 * Checks a 2xx body against its schema, failing with `UnexpectedResponseError` when it does not
 * match. Any Standard Schema works (valibot for the API answers, zod too), so this file needs no
 * schema library of its own.
 */
async function parseBody<S extends StandardSchemaV1>(
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

/** How a request reaches the server (the browser's `fetch`, or the server renderer's own). */
export type ApiFetch = typeof fetch;

type ClientConfig = {
  /**
   * Called on every 401/403 the caller has not opted out of, once the server's session has been
   * ended: it forgets the user in the app, and the guards send them to log in.
   */
  onUnauthorized: () => void;
  /**
   * How requests travel: the browser's `fetch`, or, while the server renders a page, one that
   * answers inside the server with the visitor's own cookie, so the same access rules apply.
   */
  fetch: ApiFetch;
};

let config: ClientConfig = {
  onUnauthorized: () => {},
  // Looked up at call time, so whatever `fetch` the page has then is the one used.
  fetch: (input, init) => globalThis.fetch(input, init),
};

/** Wires the client to app state (or to the server's renderer); called once at start. */
export function configureApiClient(next: Partial<ClientConfig>) {
  config = { ...config, ...next };
}

const LOGOUT_PATH = '/auth/logout';
let signingOut: Promise<void> | undefined;
/** How many times this page has signed out after a refusal; a call notes it when sent. */
let sessionsEnded = 0;

/**
 * Marks a call as sent in the current session. A refusal to a call sent before this page last
 * signed out (a count asked for while the sign-out was on its way) has nothing left to end.
 */
export const sessionMark = () => sessionsEnded;

/**
 * Signs the visitor out after a 401 or 403: ends the session on the server first, so a reload
 * cannot sign them straight back in with the cookie, then forgets the user here. Calls that fail
 * together share one logout, and calls sent before it ended make no other; a failed logout still
 * signs out here.
 */
function signOutAfterRefusal(sentIn: number): Promise<void> {
  if (sentIn !== sessionsEnded) return Promise.resolve();
  signingOut ??= config
    .fetch(LOGOUT_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    })
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => {
      sessionsEnded += 1;
      config.onUnauthorized();
    })
    .finally(() => {
      signingOut = undefined;
    });
  return signingOut;
}

/**
 * The server told this page its session is over (a sign-out in another tab, the account
 * deleted): the page signs out as after a refusal, without waiting for its next request.
 * `sentIn` is the `sessionMark` of when the page started listening.
 */
export function endSessionHere(sentIn: number): Promise<void> {
  return signOutAfterRefusal(sentIn);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query parameters; `undefined` and '' (a filter left unset) are not sent. */
export type Query = Record<string, string | number | undefined>;

type RawRequest = {
  method?: Method;
  /** Sent as JSON, or as multipart when it is `FormData`. */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /**
   * The refusals that mean the visitor is signed out: 401 and 403 unless the call says otherwise.
   * The session probe and a login attempt take a 401 as an ordinary answer (`[]`); posting a
   * review takes a 403 as the server's reason why this account may not review (`[401]`).
   */
  signOutOn?: ReadonlyArray<401 | 403>;
};

const REFUSALS: ReadonlyArray<401 | 403> = [401, 403];

type ApiRequest<S extends StandardSchemaV1> = RawRequest & {
  /** Validates the response body; its output is what the call resolves with. */
  schema: S;
};

function withQuery(path: string, query: Query | undefined) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
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

/**
 * Sends one request and reads its JSON answer; rejects with `NetworkError` when the server was
 * not reached and with `ApiError` on any non-2xx answer (after signing out on a 401 or 403).
 */
async function request(
  path: string,
  { method = 'GET', body, query, signal, signOutOn = REFUSALS }: RawRequest,
): Promise<{ payload: unknown; headers: Headers }> {
  const multipart = body instanceof FormData;
  const sentIn = sessionMark();
  let response: Response;
  let payload: unknown;
  try {
    response = await config.fetch(withQuery(path, query), {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        // The browser sets a multipart body's type itself, with its boundary.
        ...(body === undefined || multipart ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined || multipart ? body : JSON.stringify(body),
      signal,
    });
    payload = await readJson(response);
  } catch (error) {
    // A request its caller gave up on is no failure of the connection.
    if (signal?.aborted) throw error;
    throw new NetworkError(`${method} ${path} did not reach the server`, { cause: error });
  }

  if (!response.ok) throw await refusalOf(response.status, payload, sentIn, signOutOn);
  return { payload, headers: response.headers };
}

/**
 * The `ApiError` for a non-2xx answer that arrived some other way than `api` (an upload that
 * reports its progress), after signing out on a 401 or 403 as `api` does. `sentIn` is the
 * `sessionMark` of when the call was sent.
 */
export async function refusalOf(
  status: number,
  payload: unknown,
  sentIn: number,
  signOutOn: ReadonlyArray<401 | 403> = REFUSALS,
): Promise<ApiError> {
  const refusal = apiErrorFrom(status, payload);
  // An unconfirmed e-mail address is a step still to take, not an ended session: the person
  // stays signed in and reads what to do.
  const signedOut = refusal.code !== 'EMAIL_NOT_VERIFIED';
  if (signedOut && (signOutOn as ReadonlyArray<number>).includes(status)) {
    await signOutAfterRefusal(sentIn);
  }
  return refusal;
}

/** Calls the server with JSON in and out; rejects with `ApiError` on any non-2xx answer. */
export async function api<S extends StandardSchemaV1>(
  path: string,
  { schema, ...options }: ApiRequest<S>,
): Promise<StandardSchemaV1.InferOutput<S>> {
  const { payload } = await request(path, options);
  return parseBody(schema, payload, `${options.method ?? 'GET'} ${path}`);
}

/** One page of a list and the total the server counted. */
export type Page<T> = { items: T[]; total: number };

/**
 * How many items the list holds in all: the server's `X-Total-Count` header; without a usable
 * one, the items before this page (from its `page` and `limit`) and the ones on it, so a page
 * that arrived is never counted as empty.
 */
function totalOf(headers: Headers, query: Query | undefined, received: number) {
  const header = headers.get('x-total-count');
  const counted = header === null || header.trim() === '' ? Number.NaN : Number(header);
  if (Number.isInteger(counted) && counted >= 0) return counted;
  const page = Number(query?.page);
  const limit = Number(query?.limit);
  const before = Number.isInteger(page) && page > 1 && limit > 0 ? (page - 1) * limit : 0;
  return before + received;
}

/**
 * GETs one page of a list the server pages (`page`, `limit`), with the total from its
 * `X-Total-Count` header. `schema` checks the list; failures are those of `api`.
 */
export async function apiPage<S extends StandardSchemaV1<unknown, readonly unknown[]>>(
  path: string,
  { schema, ...options }: ApiRequest<S>,
): Promise<Page<StandardSchemaV1.InferOutput<S>[number]>> {
  const { payload, headers } = await request(path, options);
  const items = await parseBody(schema, payload, `${options.method ?? 'GET'} ${path}`);
  return { items: [...items], total: totalOf(headers, options.query, items.length) };
}

/**
 * POSTs a form as multipart (a file upload) and checks the JSON answer; it fails, and signs out
 * on a 401 or 403, as `api` does.
 */
export const apiUpload = <S extends StandardSchemaV1>(
  path: string,
  { form, ...options }: Omit<ApiRequest<S>, 'body' | 'method'> & { form: FormData },
) => api(path, { ...options, method: 'POST', body: form });

/** The server's own words for a failure, when it sent any; otherwise `fallback`. */
export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.code ? error.message : fallback;
