import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';

const ZSubscribeResponse = z.object({ message: z.optional(z.string()) });

export const subscribe = (email: string) =>
  api(apiPaths.subscribe, { method: 'POST', body: { email }, schema: ZSubscribeResponse });

export const useSubscribe = () => useMutation({ mutationFn: subscribe });
