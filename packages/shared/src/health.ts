import { z } from 'zod';

export const ZHealthResponse = z.object({ status: z.literal('ok') }).meta({ id: 'HealthResponse' });
/** Ready or not, and nothing about what the service runs on. */
export const ZReadyResponse = z.object({ status: z.literal('ok') }).meta({ id: 'ReadyResponse' });
