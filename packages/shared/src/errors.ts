import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from './error-codes.js';

export const ZErrorResponse = z
  .object({
    error: z.string(),
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ZErrorResponse>;
