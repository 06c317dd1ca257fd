import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';
import { apiPaths } from '@/lib/paths';

export const subscribe = (email: string) =>
  api(apiPaths.subscribe, { method: 'POST', body: { email }, schema: ZMessageResponse });

export const useSubscribe = () => useMutation({ mutationFn: subscribe });
