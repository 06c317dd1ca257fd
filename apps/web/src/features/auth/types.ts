import { ROLES, type SessionResponse, type User } from '@keyhaven/shared';
import * as z from 'zod/mini';

export type { SessionResponse, User };

/*
 * zod/mini twins of ZUser and ZSessionResponse in @keyhaven/shared: the full zod build would
 * weigh on the first page load. `Exactly` turns any drift from the contract, in either
 * direction, into a compile error.
 */
type Exactly<Twin, Contract> = [Twin] extends [Contract]
  ? [Contract] extends [Twin]
    ? Contract
    : never
  : never;

const userTwin = z.object({
  _id: z.string(),
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  photo: z.nullable(z.string()),
  role: z.enum(ROLES),
  country: z.nullable(z.string()),
  birth: z.nullable(z.string()),
  createdAt: z.string(),
});
export const ZUser: z.ZodMiniType<Exactly<z.output<typeof userTwin>, User>> = userTwin;

const sessionTwin = z.object({ user: z.nullable(ZUser) });
export const ZSessionResponse: z.ZodMiniType<
  Exactly<z.output<typeof sessionTwin>, SessionResponse>
> = sessionTwin;

/** How each role is named on screen; a fraud user shows only the label Fraud (spec section 4). */
export const ROLE_LABELS: Record<User['role'], string> = {
  user: 'User',
  agent: 'Agent',
  admin: 'Admin',
  fraud: 'Fraud',
};
