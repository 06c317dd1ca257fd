import { z } from 'zod';

export const ZUploadResponse = z
  .object({
    success: z.literal(true),
    data: z.object({
      url: z.string(),
      thumbnailUrl: z.string(),
      width: z.number().int(),
      height: z.number().int(),
    }),
  })
  .meta({ id: 'UploadResponse' });
export type UploadResponse = z.infer<typeof ZUploadResponse>;
