import { ERROR_STATUS, type ErrorCode, type ErrorResponse, MESSAGES } from '@keyhaven/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { isDependencyOutage, raceOutcome } from '../../lib/database-errors.js';
import { PERMISSIONS_POLICY } from '../external/security-headers.js';

const codeForStatus = (status: number): ErrorCode =>
  (Object.entries(ERROR_STATUS).find(([, s]) => s === status)?.[0] as ErrorCode | undefined) ??
  (status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED');

/** How long a client is asked to wait when the database or Redis is not answering. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

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

    const race = raceOutcome(error);
    if (race === 'gone') {
      return reply
        .status(404)
        .send({ error: 'This no longer exists: it was removed meanwhile.', code: 'NOT_FOUND' });
    }
    if (race === 'conflict') {
      return reply.status(409).send({
        error: 'Something changed at the same moment. Please try again.',
        code: 'CONFLICT',
      });
    }

    if (isDependencyOutage(error)) {
      // Expected while a server restarts or fails over: a warning, never the error's details.
      request.log.warn({ err: error }, 'a dependency did not answer');
      return reply
        .status(503)
        .header('retry-after', OUTAGE_RETRY_AFTER_SECONDS)
        .send({ error: MESSAGES.briefOutage, code: 'UNAVAILABLE' });
    }

    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ error: MESSAGES.somethingWentWrong, code: 'INTERNAL' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type, rate limit...).
    return reply.status(status).send({ error: error.message, code: codeForStatus(status) });
  });
});

/** What the router refuses before any route or hook runs, in the product's words. */
export const URI_TOO_LONG = {
  status: 414,
  body: { error: 'This address is too long', code: 'URI_TOO_LONG' } satisfies ErrorResponse,
};

const FRAMEWORK_ERRORS: Record<string, { status: number; body: ErrorResponse }> = {
  FST_ERR_MAX_PARAM_LENGTH: URI_TOO_LONG,
  FST_ERR_BAD_URL: {
    status: 400,
    body: { error: 'This address is not valid', code: 'VALIDATION_FAILED' },
  },
};

/**
 * Fastify's `frameworkErrors`: a path parameter over the router's length limit or a malformed
 * percent-encoding is refused before routing, so neither the error handler nor any hook sees it.
 * It gets the usual `{error, code}` body (never the path it refused) and, since the hooks that set
 * them do not run, the headers every answer carries, set here for a bare JSON error.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const known = FRAMEWORK_ERRORS[error.code];
  const status =
    known?.status ?? (error.statusCode && error.statusCode < 500 ? error.statusCode : 500);
  const body: ErrorResponse = known?.body ?? {
    error: status >= 500 ? MESSAGES.somethingWentWrong : 'Invalid request',
    code: codeForStatus(status),
  };
  if (status >= 500) request.log.error({ err: error }, 'request failed before routing');
  const isProduction = (request.server as Partial<FastifyInstance>).config?.isProduction;
  reply
    .status(status)
    .headers({
      'cache-control': 'no-store',
      'content-security-policy':
        "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'permissions-policy': PERMISSIONS_POLICY,
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'x-request-id': request.id,
      ...(isProduction
        ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
        : {}),
    })
    .send(body);
}
