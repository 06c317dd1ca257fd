import type { Role } from './constants.js';

/** The role moves an admin may make (spec section 4): a fraud user gets no further change. */
export const ROLE_MOVES: Record<Role, readonly Role[]> = {
  user: ['agent', 'admin'],
  agent: ['admin', 'fraud'],
  admin: [],
  fraud: [],
};

export const canChangeRole = (from: Role, to: Role) => ROLE_MOVES[from].includes(to);
