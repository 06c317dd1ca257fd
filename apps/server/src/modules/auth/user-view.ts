import type { User } from '@keyhaven/shared';
import type { SessionUser } from './session-user.js';

/** A stored user as the API shows one: the id as both `_id` and `uid`, the picture as `photo`. */
export function toUserView(user: SessionUser): User {
  return {
    _id: user.id,
    uid: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    photo: user.image,
    role: user.role,
    country: user.country,
    birth: user.birth,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
  };
}
