import { ROLES } from '@keyhaven/shared';
import { z } from 'zod';

export const ZUser = z.object({
  _id: z.string(),
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  photo: z.string().nullable(),
  role: z.enum(ROLES),
  country: z.string(),
  birth: z.string(),
  createdAt: z.string(),
});
export type User = z.infer<typeof ZUser>;

export const ZSessionResponse = z.object({ user: ZUser.nullable() });
export type SessionResponse = z.infer<typeof ZSessionResponse>;
