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
