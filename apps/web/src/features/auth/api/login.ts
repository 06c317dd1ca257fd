import type { LoginRequest } from '@keyhaven/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useStartSession, ZAuthResponse } from './auth-response';

export const login = (body: LoginRequest) =>
  api('/auth/login', {
    method: 'POST',
    body,
    schema: ZAuthResponse,
    // A 401 here means a wrong password, not that a session ended.
    signOutOn: [],
  });

export function useLogin() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: login, onSuccess: startSession });
}
