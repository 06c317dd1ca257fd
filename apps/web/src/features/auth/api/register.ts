import type { RegisterRequest } from '@keyhaven/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useStartSession, ZAuthResponse } from './auth-response';

export const register = (body: RegisterRequest) =>
  api('/auth/register', { method: 'POST', body, schema: ZAuthResponse });

/** Creates the account (role user) and signs it in. */
export function useRegister() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: register, onSuccess: startSession });
}
