import type { SessionResponse, User } from '@keyhaven/shared';
import { ROLES } from '@keyhaven/shared/constants';
import * as v from 'valibot';
import type { ContractTwin } from '@/lib/contract-twins';

export type { SessionResponse, User };

/*
 * valibot twins of ZUser and ZSessionResponse in @keyhaven/shared: every page asks for the
 * session first, and valibot keeps the first download small. Their types turn any drift from the
 * contract, in either direction, into a compile error.
 */
const userTwin = v.object({
  _id: v.string(),
  uid: v.string(),
  name: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  photo: v.nullable(v.string()),
  role: v.picklist(ROLES),
  country: v.nullable(v.string()),
  birth: v.nullable(v.string()),
  emailVerified: v.boolean(),
  createdAt: v.string(),
});
export const ZUser: ContractTwin<typeof userTwin, User> = userTwin;

const sessionTwin = v.object({ user: v.nullable(ZUser) });
export const ZSessionResponse: ContractTwin<typeof sessionTwin, SessionResponse> = sessionTwin;

/** How each role is named on screen; a fraud user shows only the label Fraud. */
export const ROLE_LABELS: Record<User['role'], string> = {
  user: 'User',
  agent: 'Agent',
  admin: 'Admin',
  fraud: 'Fraud',
};
