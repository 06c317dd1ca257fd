import type { Property } from '@/lib/listing';
import type { User } from '@/lib/user';

/** Its agent or an admin may edit a listing; anyone else is sent away before filling in a form. */
export const mayEdit = (user: User, property: Property) =>
  user.role === 'admin' || (user.role === 'agent' && user.uid === property.creatorUID);
