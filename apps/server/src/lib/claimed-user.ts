import { forbidden } from './app-error.js';

/**
 * Clients send the user's own fields (uid, e-mail) in bodies. Identity comes from the session:
 * fields that are present must name the caller, and are otherwise ignored.
 */
export function assertClaimsCaller(
  caller: { id: string; email: string },
  claimed: { uid?: string; _id?: string; email?: string } | undefined,
) {
  if (!claimed) return;
  const mismatch =
    (claimed.uid !== undefined && claimed.uid !== caller.id) ||
    (claimed._id !== undefined && claimed._id !== caller.id) ||
    (claimed.email !== undefined && claimed.email.trim().toLowerCase() !== caller.email);
  if (mismatch) throw forbidden('The user in the request is not the signed-in user');
}
