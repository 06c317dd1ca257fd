import { ERROR_STATUS, type ErrorCode, type ErrorResponse } from '@keyhaven/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';

const codeForStatus = (status: number): ErrorCode =>
  (Object.entries(ERROR_STATUS).find(([, s]) => s === status)?.[0] as ErrorCode | undefined) ??
  (status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED');

/** Where a validation issue points: `body.email` -> `email`, so forms can show it by their field. */
function fieldName(instancePath: string, missingProperty?: unknown): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (typeof missingProperty === 'string') parts.push(missingProperty);
  return parts.join('.') || 'request';
}

/** One error handler for the whole app: every failure leaves as `{error, code}` (+ `fields`). */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorResponse = { error: error.message, code: error.code };
      if (error.fields) body.fields = error.fields;
      return reply.status(error.statusCode).send(body);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, issue.params?.missingProperty);
        fields[name] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? 'Invalid request';
      return reply.status(400).send({ error: first, code: 'VALIDATION_FAILED', fields });
    }

    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ error: 'Something went wrong. Please try again.', code: 'INTERNAL' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type, rate limit...).
    return reply.status(status).send({ error: error.message, code: codeForStatus(status) });
  });
});
