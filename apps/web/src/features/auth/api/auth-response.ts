import type { AuthResponse } from '@keyhaven/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { sessionQueryKey } from '@/hooks/use-session';
import type { ContractTwin } from '@/lib/contract-twins';
import { type SessionResponse, ZUser } from '@/lib/user';

const authResponseTwin = v.object({ user: ZUser, token: v.string() });
/** The `{ user, token }` answer of login and register (`ZAuthResponse` in @keyhaven/shared). */
export const ZAuthResponse: ContractTwin<typeof authResponseTwin, AuthResponse> = authResponseTwin;

/** Queries that hold nothing about a particular visitor. */
const VISITOR_NEUTRAL = new Set<unknown>([sessionQueryKey[0], 'auth-providers']);

/**
 * The session is the cookie the answer set; the user in it is who is signed in now. Nothing the
 * previous visitor fetched may be shown to them, so every other cached query goes.
 */
export function startSession(queryClient: QueryClient, { user }: AuthResponse) {
  queryClient.removeQueries({ predicate: (query) => !VISITOR_NEUTRAL.has(query.queryKey[0]) });
  queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user });
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

export const useStartSession = () => {
  const queryClient = useQueryClient();
  return (response: AuthResponse) => startSession(queryClient, response);
};
