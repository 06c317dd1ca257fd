import { z } from 'zod';

export const ZHealthResponse = z.object({ status: z.literal('ok') }).meta({ id: 'HealthResponse' });
export const ZReadyResponse = z
  .object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })
  .meta({ id: 'ReadyResponse' });
