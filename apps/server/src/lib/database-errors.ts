/** PostgreSQL's error codes we answer for (the same on PGlite). */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
const DEADLOCK_DETECTED = '40P01';
const SERIALIZATION_FAILURE = '40001';

/** The database's error code of an error or of one it wraps (the ORM wraps driver errors). */
function codeOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  return (error as { code?: string }).code ?? codeOf(error.cause);
}

/** Whether an error broke a unique constraint. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (error as { code?: string }).code === UNIQUE_VIOLATION || isUniqueViolation(error.cause);
}

/** The name of the unique constraint (or index) an error broke; undefined for any other error. */
export function brokenUniqueConstraint(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code === UNIQUE_VIOLATION) return constraint ?? '';
  return brokenUniqueConstraint(error.cause);
}

/**
 * What a request that lost a race with another one should hear: the row it pointed at was
 * deleted meanwhile (a foreign key no longer holds), or the database stopped one of two
 * transactions waiting on each other. Nothing of the request was kept in either case.
 */
export function raceOutcome(error: unknown): 'gone' | 'conflict' | undefined {
  const code = codeOf(error);
  if (code === FOREIGN_KEY_VIOLATION) return 'gone';
  if (code === DEADLOCK_DETECTED || code === SERIALIZATION_FAILURE) return 'conflict';
  return undefined;
}

/**
 * The database's codes for "not now": a statement past the time limit, a server shutting down or
 * starting, out of connections, or a connection that failed (class 08).
 */
const UNAVAILABLE_CODES = new Set(['57014', '57P01', '57P02', '57P03', '53300', '53400']);
/** The network's codes for a server that cannot be reached. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/**
 * What the PostgreSQL driver, its pool and the Redis client say when their server does not answer
 * in time or cannot be reached; none of them gives these a code.
 */
const UNAVAILABLE_MESSAGE =
  /connection timeout|timeout exceeded when trying to connect|query read timeout|connection terminated|connection is closed|stream isn't writeable|command timed out|reached the max retries per request/i;

function isOutage(error: unknown, depth: number): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const { code, name } = error as { code?: unknown; name?: string };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) {
    return true;
  }
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  if (name === 'MaxRetriesPerRequestError' || UNAVAILABLE_MESSAGE.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isOutage(inner, depth + 1))) {
    return true;
  }
  return isOutage(error.cause, depth + 1);
}

/**
 * Whether an error means the database or Redis is down, hung or overloaded right now: the request
 * is answered 503 with Retry-After (nothing was kept), instead of a 500 that would blame us.
 */
export function isDependencyOutage(error: unknown): boolean {
  return isOutage(error, 0);
}
