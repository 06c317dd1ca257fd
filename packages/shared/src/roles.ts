import type { Role } from './constants.js';

/**
 * The role moves an admin may make: a user marked as fraud stays so, and an admin's role never
 * changes, so the marketplace cannot lose its last admin by a role change.
 */
export const ROLE_MOVES: Record<Role, readonly Role[]> = {
  user: ['agent', 'admin'],
  agent: ['admin', 'fraud'],
  admin: [],
  fraud: [],
};

export const canChangeRole = (from: Role, to: Role) => ROLE_MOVES[from].includes(to);
