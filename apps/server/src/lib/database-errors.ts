/** PostgreSQL's code for a unique-constraint violation (on PGlite too). */
const UNIQUE_VIOLATION = '23505';

/** Whether an error, or one it wraps (the ORM wraps driver errors), broke a unique constraint. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (error as { code?: string }).code === UNIQUE_VIOLATION || isUniqueViolation(error.cause);
}
