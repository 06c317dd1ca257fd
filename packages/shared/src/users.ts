import { z } from 'zod';
import { ROLES } from './constants.js';
import { queryInteger } from './numbers.js';
import { ZServedImageUrl } from './uploads.js';

/** A user as the API shows it: the field names the web client reads, with `_id` and `uid` the same id. */
export const ZUser = z
  .object({
    _id: z.string(),
    uid: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    photo: ZServedImageUrl,
    role: z.enum(ROLES),
    country: z.string().nullable(),
    birth: z.string().nullable(),
    /** Whether the person confirmed their e-mail address (needed to make an offer or pay). */
    emailVerified: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof ZUser>;

export const ZSessionResponse = z
  .object({ user: ZUser.nullable() })
  .meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof ZSessionResponse>;

export const ZMessageResponse = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof ZMessageResponse>;

export const ZRoleResponse = z.object({ role: z.enum(ROLES) }).meta({ id: 'RoleResponse' });

export const ZUserIdParams = z.object({ uid: z.string().min(1).max(64) });

export const ZRoleUpdateParams = z.object({
  userId: z.string().min(1).max(64),
  newRole: z.enum(ROLES, { error: 'Unknown role' }),
});

export const ZPageQuery = z.object({
  page: queryInteger(1, 100_000, 1),
  limit: queryInteger(1, 100, 100),
});
export type PageQuery = z.infer<typeof ZPageQuery>;

export const ZUserList = z.array(ZUser).meta({ id: 'UserList' });
export type UserList = z.infer<typeof ZUserList>;
