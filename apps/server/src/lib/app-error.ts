import { ERROR_STATUS, type ErrorCode } from '@keyhaven/shared';

/** The one error type services throw; the error handler turns it into `{error, code, fields}`. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Please sign in') =>
  new AppError('UNAUTHENTICATED', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
/** A form's field refused with its reason; the form shows the message by the field. */
export const invalidField = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { [field]: message });
